import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { vitrineTheme } from './createBrandTheme';

export interface VitrineThemeProviderProps {
  children: ReactNode;
  /** A brand theme from createBrandTheme; the store's own theme by default. */
  theme?: Theme;
}

/** Theme, fonts and CSS baseline for every Vitrine screen. */
export function VitrineThemeProvider({
  children,
  theme = vitrineTheme,
}: VitrineThemeProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
