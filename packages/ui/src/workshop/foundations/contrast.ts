// The contrast figures the foundations pages print: WCAG 2.x ratios and the level each reaches.
import { getContrastRatio, type Theme } from '@mui/material/styles';

export type WcagLevel = 'AAA' | 'AA' | 'AA (texto grande)' | 'Reprovado';

/** The level a text/background pair reaches for normal text (large text: 18.66 px bold, 24 px). */
export function wcagLevel(ratio: number): WcagLevel {
  if (ratio >= 7) return 'AAA';
  if (ratio >= 4.5) return 'AA';
  if (ratio >= 3) return 'AA (texto grande)';
  return 'Reprovado';
}

export interface ColorPair {
  /** What the pair is used for, in Portuguese. */
  use: string;
  foreground: string;
  background: string;
  ratio: number;
  level: WcagLevel;
}

function pair(use: string, foreground: string, background: string): ColorPair {
  const ratio = getContrastRatio(foreground, background);
  return { use, foreground, background, ratio, level: wcagLevel(ratio) };
}

/** Every text/background pair the theme draws, with its ratio and level. */
export function themeColorPairs(theme: Theme): ColorPair[] {
  const { palette } = theme;
  const page = palette.background.default;
  const paper = palette.background.paper;
  return [
    pair('Texto principal na página', palette.text.primary, page),
    pair('Texto principal no cartão', palette.text.primary, paper),
    pair('Texto secundário na página', palette.text.secondary, page),
    pair('Texto secundário no cartão', palette.text.secondary, paper),
    pair('Link e ação (primária) na página', palette.primary.main, page),
    pair('Link e ação (primária) no cartão', palette.primary.main, paper),
    pair('Rótulo do botão principal', palette.primary.contrastText, palette.primary.main),
    pair('Destaque (secundária) no cartão', palette.secondary.main, paper),
    pair('Rótulo do botão secundário', palette.secondary.contrastText, palette.secondary.main),
    pair('Erro no cartão', palette.error.main, paper),
    pair('Sucesso no cartão', palette.success.main, paper),
    pair('Aviso no cartão', palette.warning.main, paper),
  ];
}
