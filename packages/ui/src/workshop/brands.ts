// The workshop's brand switch: the demo store's seven brands (the API's demo seed,
// packages/api/src/modules/catalog/seed.data.ts; brands.test.ts keeps this list equal to it), each
// drawn in the theme the store makes from its colour, plus the store's own theme.
// No imports: the toolbar (Storybook's manager, .storybook/manager.tsx) reads this list too.

export interface WorkshopBrand {
  /** The toolbar's value: the brand's slug, or 'loja' for the store's own theme. */
  value: string;
  /** The brand's name ('Vitrine' for the store's theme). */
  name: string;
  /** The toolbar's label. */
  title: string;
  /** '#rrggbb'; null: the store's own theme. */
  color: string | null;
}

export const STORE_THEME_VALUE = 'loja';

/** The demo store's brands as its seed creates them: slug, name and colour. */
export const DEMO_STORE_BRANDS = [
  { slug: 'aurora-textil', name: 'Aurora Têxtil', color: '#e76f51' },
  { slug: 'mandacaru-calcados', name: 'Mandacaru Calçados', color: '#8b5e34' },
  { slug: 'ipe-amarelo', name: 'Ipê Amarelo', color: '#d4a017' },
  { slug: 'mare-alta', name: 'Maré Alta', color: '#1d7874' },
  { slug: 'jabuticaba-acessorios', name: 'Jabuticaba Acessórios', color: '#6a2c70' },
  { slug: 'cerrado-casa', name: 'Cerrado Casa', color: '#55803d' },
  { slug: 'garoa-urbana', name: 'Garoa Urbana', color: '#2f4858' },
] as const satisfies readonly { slug: string; name: string; color: string }[];

export const WORKSHOP_BRANDS: readonly WorkshopBrand[] = [
  { value: STORE_THEME_VALUE, name: 'Vitrine', title: 'Vitrine (tema da loja)', color: null },
  ...DEMO_STORE_BRANDS.map((brand) => ({
    value: brand.slug,
    name: brand.name,
    title: brand.name,
    color: brand.color,
  })),
];

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The colour a story is drawn in: a colour picked in the toolbar ('brandColor') wins over the
 * brand chosen from the list ('brand'); anything else is the store's own theme.
 */
export function workshopBrandColor(globals: Record<string, unknown>): string | null {
  const picked = globals['brandColor'];
  if (typeof picked === 'string' && HEX.test(picked)) return picked.toLowerCase();
  const chosen = WORKSHOP_BRANDS.find((brand) => brand.value === globals['brand']);
  return chosen?.color ?? null;
}
