// A brand's look: its colour over the store's base theme (palettes are themes, never branches).
import { darken, useTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';

import { createBrandTheme, vitrinePalette, type BrandPalette } from '../../theme';

/** '#rrggbb' for '#rrggbb' or '#rgb' (any case), null for anything else. */
function normalizeHex(color: string): string | null {
  const hex = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^#[0-9a-f]{3}$/.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`;
  return null;
}

/**
 * Falls back to the store's colour for anything that is not a hex colour. The theme darkens the
 * colour where it would not read as text (see theme/readableColor.ts).
 */
export function brandPalette(color: string): BrandPalette {
  const primary = normalizeHex(color) ?? vitrinePalette.primary;
  // The accent is the colour's own darker shade, as MUI's augmentColor derives `dark`.
  return { primary, secondary: darken(primary, 0.3), background: '#fafaf9' };
}

/** Whether a theme has its motion turned off (createBrandTheme's reducedMotion). */
export function isStillTheme(theme: Theme): boolean {
  return theme.transitions.create('opacity') === 'none';
}

/**
 * The brand's theme, or null without a colour. It keeps the surrounding theme's reduced motion
 * (stories and tests turn animations off).
 */
export function useBrandTheme(color: string | null | undefined): Theme | null {
  const reducedMotion = isStillTheme(useTheme());
  return useMemo(
    () => (color ? createBrandTheme(brandPalette(color), { reducedMotion }) : null),
    [color, reducedMotion],
  );
}
