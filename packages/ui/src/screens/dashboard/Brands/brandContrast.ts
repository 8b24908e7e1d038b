// What the storefront does with a brand's colour, worked out for the brand form: the contrast of
// the colour itself on the store's surfaces, whether it passes WCAG AA for text, and the darker
// shade the storefront's theme uses instead when it does not (theme/readableColor.ts).
import { getContrastRatio } from '@mui/material/styles';

import { brandPalette } from '../../shared/brandTheme';
import { contrastTextFor, MIN_TEXT_CONTRAST, readableOn } from '../../../theme/readableColor';

/** The surfaces the storefront writes brand-coloured text on: the page and the cards. */
export const BRAND_SURFACES = [brandPalette('#000000').background, '#ffffff'] as const;

export interface BrandContrast {
  /** The colour as given, lower case. */
  color: string;
  /** Its contrast on the lightest of the surfaces (the worst case), e.g. 3.1. */
  ratio: number;
  passesAA: boolean;
  /** The colour the storefront uses for text and buttons: the colour, or a darker shade. */
  shown: string;
  shownRatio: number;
  darkened: boolean;
  /** White or black: the label of a button filled with `shown`. */
  buttonText: string;
  buttonRatio: number;
}

export function isHexColor(value: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(value.trim());
}

/** Worst-case contrast of `color` over the storefront's surfaces. */
function worstRatio(color: string): number {
  return Math.min(...BRAND_SURFACES.map((surface) => getContrastRatio(color, surface)));
}

/** Null for anything that is not #rrggbb. */
export function brandContrast(value: string): BrandContrast | null {
  if (!isHexColor(value)) return null;
  const color = value.trim().toLowerCase();
  const ratio = worstRatio(color);
  const readable = readableOn(color, BRAND_SURFACES);
  const shown = toHex(readable);
  const buttonText = contrastTextFor(shown);
  return {
    color,
    ratio,
    passesAA: ratio >= MIN_TEXT_CONTRAST,
    shown,
    shownRatio: worstRatio(shown),
    darkened: readable !== color,
    buttonText,
    buttonRatio: getContrastRatio(buttonText, shown),
  };
}

/** '4.5:1' style, Brazilian decimal comma: '4,5:1'. Rounded down so 4.49 never reads 4,5. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1).replace('.', ',')}:1`;
}

/** 'rgb(…)' or '#rrggbb' from MUI's colour manipulators, as '#rrggbb'. */
export function toHex(color: string): string {
  if (color.startsWith('#')) return color.toLowerCase();
  const parts = color
    .match(/\d+(\.\d+)?/g)
    ?.slice(0, 3)
    .map(Number) ?? [0, 0, 0];
  return `#${parts.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
}
