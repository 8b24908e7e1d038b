// The foundations pages cannot drift: the icon list is what the sources import, the contrast
// levels follow WCAG's thresholds, and the brand switch picks the colour a designer asked for.
import { describe, expect, it } from 'vitest';

import { brandPalette } from '../../screens/shared/brandTheme';
import { createBrandTheme } from '../../theme';
import { STORE_THEME_VALUE, WORKSHOP_BRANDS, workshopBrandColor } from '../brands';

import { themeColorPairs, wcagLevel } from './contrast';
import { ICONS_IN_USE } from './iconsInUse';

// The API's demo seed as text (the ui may not import the server's modules).
const SEED = Object.values(
  import.meta.glob<string>('../../../../api/src/modules/catalog/seed.data.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)[0];

// Every source of the ui as text (tests and the foundations' own files left out below).
const SOURCES = import.meta.glob<string>('../../**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('foundations', () => {
  it('lists exactly the Material icons the ui imports (node scripts/icons-in-use.mjs rewrites it)', () => {
    const imported = new Set<string>();
    for (const [file, text] of Object.entries(SOURCES)) {
      if (/\.test\.tsx?$/.test(file) || file.startsWith('../foundations/') || file.startsWith('./'))
        continue;
      for (const match of text.matchAll(/['"]@mui\/icons-material\/([A-Za-z0-9]+)['"]/g))
        imported.add(match[1]!);
    }
    expect(ICONS_IN_USE.map((icon) => icon.name)).toEqual([...imported].sort());
  });

  it('names the WCAG level of a ratio by its thresholds (7, 4.5 and 3 to 1)', () => {
    expect(wcagLevel(21)).toBe('AAA');
    expect(wcagLevel(7)).toBe('AAA');
    expect(wcagLevel(6.99)).toBe('AA');
    expect(wcagLevel(4.5)).toBe('AA');
    expect(wcagLevel(4.49)).toBe('AA (texto grande)');
    expect(wcagLevel(3)).toBe('AA (texto grande)');
    expect(wcagLevel(2.99)).toBe('Reprovado');
  });

  it("every pair the store's theme and each demo brand's theme draw reads at AA or better", () => {
    const themes = [
      createBrandTheme(),
      ...WORKSHOP_BRANDS.filter((brand) => brand.color).map((brand) =>
        createBrandTheme(brandPalette(brand.color!)),
      ),
    ];
    for (const theme of themes)
      for (const pair of themeColorPairs(theme))
        expect.soft(pair.ratio, pair.use).toBeGreaterThanOrEqual(4.5);
  });

  it('the brand switch: a picked colour wins over the chosen brand; the store theme has none', () => {
    const mare = WORKSHOP_BRANDS.find((brand) => brand.value === 'mare-alta')!;
    expect(workshopBrandColor({ brand: 'mare-alta' })).toBe(mare.color);
    expect(workshopBrandColor({ brand: 'mare-alta', brandColor: '#FACC15' })).toBe('#facc15');
    expect(workshopBrandColor({ brand: 'mare-alta', brandColor: 'amarelo' })).toBe(mare.color);
    expect(workshopBrandColor({ brand: STORE_THEME_VALUE, brandColor: '' })).toBeNull();
    expect(workshopBrandColor({})).toBeNull();
  });

  it("the brand switch lists the demo store's seven brands as its seed creates them, then no other", () => {
    expect(SEED).toBeDefined();
    const block = /export const SEED_BRANDS[^=]*=\s*\[([\s\S]*?)\n\];/.exec(SEED ?? '')?.[1] ?? '';
    const seeded = [
      ...block.matchAll(/slug: '([^']+)',\s*name: '([^']+)',[\s\S]*?color: '(#[0-9a-f]{6})'/gi),
    ].map(([, slug, name, color]) => ({ value: slug, name, color }));
    expect(seeded).toHaveLength(7);
    expect(
      WORKSHOP_BRANDS.filter((brand) => brand.value !== STORE_THEME_VALUE).map(
        ({ value, name, color }) => ({ value, name, color }),
      ),
    ).toEqual(seeded);
    expect(seeded.find((brand) => brand.name === 'Ipê Amarelo')?.color).toBe('#d4a017');
  });
});
