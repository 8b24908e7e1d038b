// Brand palettes: each brand of the store is a palette over the one base theme.

/** The colours a brand may set; everything else comes from the base theme. */
export interface BrandPalette {
  /** Main action colour (buttons, links, focus). */
  primary: string;
  /** Accent for highlights such as badges and secondary actions. */
  secondary: string;
  /** Page background behind cards and surfaces. */
  background: string;
}

/** The store's own, brand-neutral look: ink-blue actions on a soft grey page. */
export const vitrinePalette: BrandPalette = {
  primary: '#1f3a8a',
  secondary: '#0f766e',
  background: '#f5f6f8',
};
