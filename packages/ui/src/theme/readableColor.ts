// Keeps any brand colour readable (WCAG AA, 4.5:1) as text on the page and under button labels.
import { darken, getContrastRatio } from '@mui/material/styles';

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const BLACK = '#000000';

/**
 * The colour itself when it reads at 4.5:1 on every surface, otherwise the colour darkened in
 * small steps until it does (darker keeps the hue; black reads on any light surface).
 */
export function readableOn(color: string, surfaces: readonly string[]): string {
  const reads = (candidate: string) =>
    surfaces.every((surface) => getContrastRatio(candidate, surface) >= MIN_TEXT_CONTRAST);
  for (let step = 0; step <= 50; step += 1) {
    const candidate = step === 0 ? color : darken(color, step / 50);
    if (reads(candidate)) return candidate;
  }
  return BLACK;
}

/** White or black, whichever contrasts more with the background (one of them always reaches 4.5:1). */
export function contrastTextFor(background: string): string {
  return getContrastRatio(WHITE, background) >= getContrastRatio(BLACK, background) ? WHITE : BLACK;
}

/**
 * A palette colour usable both as text on the page's surfaces and as a button's fill:
 * main reads on every surface, contrastText reads on main.
 */
export function readablePaletteColor(color: string, surfaces: readonly string[]) {
  const main = readableOn(color, surfaces);
  return { main, contrastText: contrastTextFor(main) };
}
