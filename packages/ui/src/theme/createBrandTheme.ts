// The base theme of every Vitrine screen; a brand only changes its palette. No `cssVariables` nor
// `colorSchemes`: the production build leaves MUI's CSS-variables themes out (vite.config.ts).
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

/** The smallest touch target, in CSS px, of any control (WCAG 2.5.5). */
export const TOUCH_TARGET = 44;

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
        // Touch targets: every control is at least 44x44 CSS px (TOUCH_TARGET), whatever its
        // size prop; Storybook's touch target check measures every story against it.
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: {
            root: { borderRadius: 8, paddingInline: 18, minHeight: TOUCH_TARGET },
            sizeLarge: { minHeight: 48 },
          },
        },
        MuiIconButton: {
          styleOverrides: { root: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } },
        },
        // 24 px icon + 10 px padding on each side = 44; the small 20 px icon gets 12.
        MuiCheckbox: { styleOverrides: { root: { padding: 10 }, sizeSmall: { padding: 12 } } },
        MuiRadio: { styleOverrides: { root: { padding: 10 }, sizeSmall: { padding: 12 } } },
        MuiFormControlLabel: { styleOverrides: { root: { minHeight: TOUCH_TARGET } } },
        MuiChip: {
          styleOverrides: {
            // Only chips one can tap (to filter or to remove) grow; status chips stay compact.
            root: {
              '&.MuiChip-clickable, &.MuiChip-deletable': {
                height: TOUCH_TARGET,
                borderRadius: TOUCH_TARGET / 2,
              },
            },
          },
        },
        MuiPaginationItem: {
          styleOverrides: { root: { minWidth: TOUCH_TARGET, height: TOUCH_TARGET } },
        },
        MuiTab: { styleOverrides: { root: { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET } } },
        // MUI shrinks menu items to 'auto' from 600 px up; keep them tappable on tablets too.
        MuiMenuItem: { styleOverrides: { root: { minHeight: TOUCH_TARGET } } },
        MuiListItemButton: { styleOverrides: { root: { minHeight: TOUCH_TARGET } } },
        MuiBreadcrumbs: {
          styleOverrides: {
            li: {
              '& > a, & > span': {
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                minHeight: TOUCH_TARGET,
                minWidth: TOUCH_TARGET,
              },
            },
          },
        },
        MuiTextField: { defaultProps: { fullWidth: true } },
        MuiOutlinedInput: {
          styleOverrides: {
            // size="small" fields are 40 px tall: the frame (which focuses the input) grows.
            root: { backgroundColor: '#ffffff', minHeight: TOUCH_TARGET },
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
          styleOverrides: {
            root: {
              fontWeight: 500,
              // A link standing alone in a list (footer, menus) is a target, not running text.
              'li > &': {
                display: 'inline-flex',
                alignItems: 'center',
                minHeight: TOUCH_TARGET,
                minWidth: TOUCH_TARGET,
              },
            },
          },
        },
      },
    },
    ptBR,
  );
}

/** The theme the app uses until brands arrive. */
export const vitrineTheme: Theme = createBrandTheme();
