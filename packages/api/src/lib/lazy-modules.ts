// Libraries the server needs only for some requests, loaded on their first use instead of at
// start: pdf-lib (a batch of labels, ~500 ms to load), qrcode (a Pix or two-factor QR code,
// ~300 ms) and sharp (an uploaded image, ~170 ms) were a third of the time from spawn to the first
// answer (docs/benchmarks.md, start-up). Likewise the clients of what only some deployments
// configure: ioredis (REDIS_URL), nodemailer (SMTP_URL, its first mail) and undici (a Pix PSP's
// client certificate), ~80-120 ms each beside the rest.
// Each is loaded once; a failed load is tried again by the next caller.
import type * as IoRedis from 'ioredis';
import type * as Nodemailer from 'nodemailer';
import type * as PdfLib from 'pdf-lib';
import type QRCodeModule from 'qrcode';
import type SharpModule from 'sharp';
import type * as Undici from 'undici';

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

export const loadIoredis: () => Promise<typeof IoRedis> = once(() => import('ioredis'));

export const loadNodemailer: () => Promise<typeof Nodemailer> = once(async () => {
  const loaded: unknown = await import('nodemailer');
  return (loaded as { default?: typeof Nodemailer }).default ?? (loaded as typeof Nodemailer);
});

export const loadUndici: () => Promise<typeof Undici> = once(() => import('undici'));
