// A brand's look: its colour over the store's base theme (palettes are themes, never branches).
import { createTheme, useTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';

import { createBrandTheme, vitrinePalette, type BrandPalette } from '../../../theme';

/** Falls back to the store's colour for anything that is not a #rrggbb colour. */
export function brandPalette(color: string): BrandPalette {
  const primary = /^#[0-9a-f]{6}$/i.test(color) ? color : vitrinePalette.primary;
  const shades = createTheme().palette.augmentColor({ color: { main: primary } });
  return { primary, secondary: shades.dark, background: '#fafaf9' };
}

/**
 * The brand's theme, or null without a colour. It keeps the surrounding theme's reduced motion
 * (stories and tests turn animations off).
 */
export function useBrandTheme(color: string | null | undefined): Theme | null {
  const outer = useTheme();
  const reducedMotion = outer.transitions.create('opacity') === 'none';
  return useMemo(
    () => (color ? createBrandTheme(brandPalette(color), { reducedMotion }) : null),
    [color, reducedMotion],
  );
}
