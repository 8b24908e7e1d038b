// The base theme of every Vitrine screen; a brand only changes its palette.
import { ptBR } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';

import { vitrinePalette, type BrandPalette } from './palettes';
import { readablePaletteColor } from './readableColor';

export interface BrandThemeOptions {
  /**
   * Turns off transitions, ripples and animations. Used by tests and visual snapshots so a
   * screenshot never catches a component halfway through an animation.
   */
  reducedMotion?: boolean;
}

const fontFamily =
  '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export function createBrandTheme(
  palette: BrandPalette = vitrinePalette,
  options: BrandThemeOptions = {},
): Theme {
  const { reducedMotion = false } = options;
  // Any brand colour stays readable: darkened where it is text on the page or the paper.
  const surfaces = [palette.background, '#ffffff'];
  return createTheme(
    {
      palette: {
        mode: 'light',
        primary: readablePaletteColor(palette.primary, surfaces),
        secondary: readablePaletteColor(palette.secondary, surfaces),
        background: { default: palette.background, paper: '#ffffff' },
        text: { primary: '#111827', secondary: '#4b5563' },
        divider: '#e5e7eb',
        error: { main: '#b42318' },
        success: { main: '#067647' },
        warning: { main: '#b54708' },
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily,
        h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em' },
        h2: { fontSize: '1.875rem', fontWeight: 700, letterSpacing: '-0.02em' },
        h3: { fontSize: '1.5rem', fontWeight: 700, letterSpacing: '-0.01em' },
        h4: { fontSize: '1.375rem', fontWeight: 600, letterSpacing: '-0.01em' },
        h5: { fontSize: '1.125rem', fontWeight: 600 },
        h6: { fontSize: '1rem', fontWeight: 600 },
        subtitle1: { fontWeight: 500 },
        button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      },
      ...(reducedMotion ? { transitions: { create: () => 'none' } } : {}),
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
            ...(reducedMotion
              ? {
                  '*, *::before, *::after': {
                    animation: 'none !important',
                    transition: 'none !important',
                    caretColor: 'transparent',
                  },
                  // A frozen indeterminate bar would sit off-screen; pin it where it is visible.
                  '.MuiLinearProgress-indeterminate .MuiLinearProgress-bar1': {
                    left: '0 !important',
                    right: '35% !important',
                  },
                  '.MuiLinearProgress-indeterminate .MuiLinearProgress-bar2': { display: 'none' },
                }
              : {}),
          },
        },
        MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: {
            root: { borderRadius: 8, paddingInline: 18 },
            sizeLarge: { minHeight: 48 },
          },
        },
        MuiTextField: { defaultProps: { fullWidth: true } },
        MuiOutlinedInput: {
          styleOverrides: {
            root: { backgroundColor: '#ffffff' },
            notchedOutline: { borderColor: '#d0d5dd' },
          },
        },
        MuiCard: {
          defaultProps: { elevation: 0 },
          styleOverrides: {
            root: {
              border: '1px solid #e5e7eb',
              boxShadow: '0 1px 2px rgba(16, 24, 40, 0.04), 0 8px 24px rgba(16, 24, 40, 0.06)',
            },
          },
        },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
        MuiAlert: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiLink: {
          defaultProps: { underline: 'hover' },
          styleOverrides: { root: { fontWeight: 500 } },
        },
      },
    },
    ptBR,
  );
}

/** The theme the app uses until brands arrive. */
export const vitrineTheme: Theme = createBrandTheme();
