import { describe, expect, it } from 'vitest';

import { brandPalette } from '../screens/shared/brandTheme';
import { createBrandTheme } from './createBrandTheme';
import { vitrinePalette } from './palettes';

// WCAG 2.x relative luminance and contrast ratio, written from the spec rather than taken from
// MUI, so the theme is checked by a second implementation.
function channels(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex)
    return [hex[1], hex[2], hex[3]].map((h) => parseInt(h ?? '', 16)) as [number, number, number];
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*1)?\)$/.exec(color);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`An opaque colour was expected, got ${color}`);
}

function luminance(color: string): number {
  const [r, g, b] = channels(color).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

// Mid-tones that fail with white and with the raw colour as text, the demo brands, extremes.
const BRAND_COLOURS = [
  '#3fa7d6',
  '#e0a000',
  '#7f7f7f',
  '#ff5a5f',
  '#ffd400',
  '#00ff00',
  '#ffffff',
  '#000000',
  '#c2410c',
  '#0e7490',
  '#3f6212',
  '#7e22ce',
  '#f0f',
];

describe('brand theme contrast', () => {
  it('checks with a formula that gives the known WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#3fa7d6', '#ffffff')).toBeLessThan(4.5);
  });

  describe.each(BRAND_COLOURS)('a brand in %s', (colour) => {
    const { palette } = createBrandTheme(brandPalette(colour));

    it('labels primary buttons at 4.5:1 or more', () => {
      expect(contrast(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(
        contrast(palette.secondary.contrastText, palette.secondary.main),
      ).toBeGreaterThanOrEqual(4.5);
    });

    it('writes primary text and links at 4.5:1 or more on the page and on cards', () => {
      expect(contrast(palette.primary.main, palette.background.default)).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrast(palette.primary.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.secondary.main, palette.background.paper)).toBeGreaterThanOrEqual(
        4.5,
      );
    });

    it("keeps the hero's text readable over its gradient (primary.dark to primary.main)", () => {
      expect(contrast(palette.primary.contrastText, palette.primary.dark)).toBeGreaterThanOrEqual(
        4.5,
      );
    });
  });

  it('keeps a colour that already reads exactly as the staff chose it', () => {
    expect(createBrandTheme(brandPalette('#1f3a8a')).palette.primary.main).toBe('#1f3a8a');
    expect(createBrandTheme(vitrinePalette).palette.secondary.main).toBe(vitrinePalette.secondary);
  });

  it('darkens a light colour only as far as needed', () => {
    const main = createBrandTheme(brandPalette('#e0a000')).palette.primary.main;
    expect(main).not.toBe('#e0a000');
    // Within one 2% step of the threshold: still recognisably the brand's amber, not brown-black.
    expect(contrast(main, '#ffffff')).toBeLessThan(5.2);
  });

  it("falls back to the store's colour for something that is not a hex colour", () => {
    expect(brandPalette('azul').primary).toBe(vitrinePalette.primary);
    expect(brandPalette('#ABC').primary).toBe('#aabbcc');
  });
});
