// Pixel comparison of two PNG screenshots with pixelmatch, tolerant of anti-aliasing noise.
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Per-pixel colour distance (0..1) below which two pixels count as equal. */
export const PIXEL_THRESHOLD = 0.1;
/**
 * A screenshot fails when more than this share of its pixels differ (default 0.1 %); pixelmatch
 * already ignores anti-aliased pixels, this absorbs the rest of the rasterisation noise.
 */
export const MAX_DIFF_RATIO = Number(process.env.VISUAL_MAX_DIFF_RATIO ?? 0.001);

/** Copies `png` onto a transparent canvas of width x height (top-left aligned). */
function padTo(png, width, height) {
  if (png.width === width && png.height === height) return png;
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, 0, 0, png.width, png.height, 0, 0);
  return out;
}

/**
 * Compares two PNG buffers.
 * @param {Buffer} expectedBuffer
 * @param {Buffer} actualBuffer
 * @param {number} [maxDiffRatio] the share of differing pixels allowed (MAX_DIFF_RATIO by default)
 * @returns {{ ok: boolean, diffPixels: number, ratio: number, sizeChanged: boolean,
 *   expectedSize: string, actualSize: string, diff: Buffer }}
 */
export function comparePngs(expectedBuffer, actualBuffer, maxDiffRatio = MAX_DIFF_RATIO) {
  const expected = PNG.sync.read(expectedBuffer);
  const actual = PNG.sync.read(actualBuffer);
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  const diff = new PNG({ width, height });
  const diffPixels = pixelmatch(
    padTo(expected, width, height).data,
    padTo(actual, width, height).data,
    diff.data,
    width,
    height,
    { threshold: PIXEL_THRESHOLD },
  );
  const sizeChanged = expected.width !== actual.width || expected.height !== actual.height;
  const ratio = diffPixels / (width * height);
  return {
    ok: !sizeChanged && ratio <= maxDiffRatio,
    diffPixels,
    ratio,
    sizeChanged,
    expectedSize: `${expected.width}x${expected.height}`,
    actualSize: `${actual.width}x${actual.height}`,
    diff: PNG.sync.write(diff),
  };
}
