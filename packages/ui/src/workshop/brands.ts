// The workshop's brand switch: the demo store's brands, each drawn in the theme the store makes
// from its colour (the same fixtures the storefront stories show).
import { STOREFRONT_BRANDS } from '../mocks/fixtures/storefront';

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

export const WORKSHOP_BRANDS: readonly WorkshopBrand[] = [
  { value: STORE_THEME_VALUE, name: 'Vitrine', title: 'Vitrine (tema da loja)', color: null },
  ...STOREFRONT_BRANDS.map((brand) => ({
    value: brand.slug,
    name: brand.name,
    title: `${brand.name} (${brand.color})`,
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
