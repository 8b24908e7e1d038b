// Images: recognise the format by its bytes, re-encode to WebP renditions with sharp, store them
// in the media storage (MEDIA_DIR or S3) with unguessable immutable names.
import { randomUUID } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import { loadSharp } from '../../lib/lazy-modules';
import type { ImageSource } from '../catalog/catalog.tables';
import type { MediaStorage } from './storage';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_WIDTHS = [320, 640, 1024, 1600] as const;
/** Decoding bombs: refuse images above 50 megapixels before allocating them. */
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The format announced by the first bytes, whatever the file name or Content-Type claim. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export class UnreadableImageError extends Error {}

/** An image whose header announces more pixels than MAX_INPUT_PIXELS (a decompression bomb). */
export class TooManyPixelsError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`image of ${width}x${height} pixels`);
  }
}

export const MAX_IMAGE_MEGAPIXELS = MAX_INPUT_PIXELS / 1_000_000;

export interface StoredImage {
  id: string;
  sources: ImageSource[];
  /** Size of the largest rendition. */
  width: number;
  height: number;
}

/** The standard widths up to the original's, plus the original width when it is in between. */
export function renditionWidths(originalWidth: number, widths: readonly number[] = UPLOAD_WIDTHS) {
  const chosen = widths.filter((width) => width <= originalWidth);
  const largest = widths.at(-1) ?? originalWidth;
  if (originalWidth < largest && !chosen.includes(originalWidth)) chosen.push(originalWidth);
  return chosen;
}

/**
 * Re-encodes an image (any format sharp reads, SVG included for the demo seed) into WebP files
 * `<id>-<width>.webp`. EXIF orientation is applied and metadata (GPS...) dropped.
 */
export async function storeWebpRenditions(
  storage: MediaStorage,
  input: Buffer,
  options: { widths?: readonly number[]; quality?: number; id?: string } = {},
): Promise<StoredImage> {
  const id = options.id ?? randomUUID();
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The header only (no pixel is decoded here): the size is checked just below, with a message
    // that names it, and every decoding step keeps the limit.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnreadableImageError('unreadable image');
  }
  // Refused on the header's word, before a single pixel is decoded.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new TooManyPixelsError(metadata.width ?? 0, metadata.height ?? 0);
  }
  const rotated = (metadata.orientation ?? 1) >= 5;
  const originalWidth = (rotated ? metadata.height : metadata.width) ?? 0;
  const originalHeight = (rotated ? metadata.width : metadata.height) ?? 0;
  if (!originalWidth || !originalHeight) throw new UnreadableImageError('image without size');
  const widths = renditionWidths(originalWidth, options.widths);
  const sources: ImageSource[] = [];
  let height = originalHeight;
  for (const width of widths) {
    let encoded: { data: Buffer; info: OutputInfo };
    try {
      encoded = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: options.quality ?? 80 })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      // The header was fine but the pixels are not (truncated or corrupt file).
      throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
    }
    const file = `${id}-${encoded.info.width}.webp`;
    await storage.put(file, encoded.data, 'image/webp');
    sources.push({ width: encoded.info.width, path: file });
    height = encoded.info.height;
  }
  return { id, sources, width: sources.at(-1)?.width ?? originalWidth, height };
}

const MEDIA_FILE = /^[A-Za-z0-9_-]{1,120}\.(webp|svg)$/;

/** Whether GET /media/<name> may serve that name: our WebP and SVG files only (no traversal). */
export function isServableMediaName(name: string): boolean {
  return MEDIA_FILE.test(name);
}
