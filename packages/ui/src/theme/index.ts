export { createBrandTheme, vitrineTheme, type BrandThemeOptions } from './createBrandTheme';
export { vitrinePalette, type BrandPalette } from './palettes';
export { VitrineThemeProvider, type VitrineThemeProviderProps } from './VitrineThemeProvider';
