// Libraries the server needs only for some requests, loaded on their first use instead of at
// start: pdf-lib (a batch of labels, ~500 ms to load), qrcode (a Pix or two-factor QR code,
// ~300 ms) and sharp (an uploaded image, ~170 ms) were a third of the time from spawn to the first
// answer (docs/benchmarks.md, start-up).
// Each is loaded once; a failed load is tried again by the next caller.
import type * as PdfLib from 'pdf-lib';
import type QRCodeModule from 'qrcode';
import type SharpModule from 'sharp';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export const loadPdfLib: () => Promise<typeof PdfLib> = once(() => import('pdf-lib'));

export const loadQrCode: () => Promise<typeof QRCodeModule> = once(async () => {
  const loaded: unknown = await import('qrcode');
  return (loaded as { default?: typeof QRCodeModule }).default ?? (loaded as typeof QRCodeModule);
});

export const loadSharp: () => Promise<typeof SharpModule> = once(async () => {
  const loaded: unknown = await import('sharp');
  return (loaded as { default?: typeof SharpModule }).default ?? (loaded as typeof SharpModule);
});
