// The widths a designer checks in the workshop: small and common phones, a tablet, a laptop.
// The viewport switch offers them first (.storybook/preview.tsx), and every component is tested at
// each of them under every brand (.storybook/everyBrandAndWidth.ts).

export interface WorkshopViewport {
  name: string;
  styles: { width: string; height: string };
  type: 'mobile' | 'tablet' | 'desktop';
}

export const WORKSHOP_VIEWPORTS = {
  phone320: {
    name: 'Celular pequeno (320)',
    styles: { width: '320px', height: '640px' },
    type: 'mobile',
  },
  phone375: { name: 'Celular (375)', styles: { width: '375px', height: '812px' }, type: 'mobile' },
  tablet768: { name: 'Tablet (768)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
  desktop1366: {
    name: 'Notebook (1366)',
    styles: { width: '1366px', height: '768px' },
    type: 'desktop',
  },
} as const satisfies Record<string, WorkshopViewport>;

/** Each workshop viewport's size in pixels. */
export function workshopViewportSizes(): { key: string; width: number; height: number }[] {
  return Object.entries(WORKSHOP_VIEWPORTS).map(([key, viewport]) => ({
    key,
    width: Number.parseInt(viewport.styles.width, 10),
    height: Number.parseInt(viewport.styles.height, 10),
  }));
}
