// Which sizes and colours can be chosen, given what is already chosen and what is in stock.
import type { VariantOptionChoice } from '../../../components/storefront';

export interface VariantLike {
  id: string;
  size: string | null;
  color: string | null;
  stock: number;
  available: boolean;
}

export interface VariantSelection {
  size: string | null;
  color: string | null;
}

/** Colours shoppers know by name; a colour not listed is shown as text. */
const COLOR_SWATCHES: Record<string, string> = {
  branco: '#fafafa',
  preto: '#1f2937',
  cinza: '#9ca3af',
  grafite: '#374151',
  azul: '#2563eb',
  'azul-marinho': '#1e3a8a',
  'azul-petroleo': '#0e7490',
  'azul-ceu': '#7dd3fc',
  vermelho: '#dc2626',
  vinho: '#7f1d1d',
  rosa: '#f472b6',
  coral: '#f97362',
  terracota: '#c2410c',
  laranja: '#f97316',
  amarelo: '#eab308',
  verde: '#16a34a',
  'verde-musgo': '#3f6212',
  'verde-oliva': '#556b2f',
  bege: '#e7d8c0',
  areia: '#d6c7a8',
  caqui: '#a8916b',
  marrom: '#7c4a1e',
  caramelo: '#b45309',
  lilas: '#a78bfa',
  roxo: '#7e22ce',
};

export function colorSwatch(color: string): string | undefined {
  const key = color
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
  return COLOR_SWATCHES[key];
}

const inStock = (variant: VariantLike) => variant.available && variant.stock > 0;

function distinct(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}

export function sizeChoices(variants: VariantLike[], selection: VariantSelection) {
  return distinct(variants.map((variant) => variant.size)).map((size): VariantOptionChoice => ({
    value: size,
    available: variants.some(
      (variant) =>
        variant.size === size &&
        (selection.color === null || variant.color === selection.color) &&
        inStock(variant),
    ),
  }));
}

export function colorChoices(variants: VariantLike[], _selection: VariantSelection) {
  return distinct(variants.map((variant) => variant.color)).map((color): VariantOptionChoice => {
    const swatch = colorSwatch(color);
    return {
      value: color,
      ...(swatch ? { swatch } : {}),
      // A colour stays choosable while any size of it is in stock: choosing it may clear a
      // size that does not exist in that colour.
      available: variants.some((variant) => variant.color === color && inStock(variant)),
    };
  });
}

/** The selection to start with: a dimension with a single value is chosen for the shopper. */
export function initialSelection(variants: VariantLike[]): VariantSelection {
  const sizes = distinct(variants.map((variant) => variant.size));
  const colors = distinct(variants.map((variant) => variant.color));
  const firstColorInStock = variants.find(inStock)?.color ?? colors[0] ?? null;
  return {
    size: sizes.length === 1 ? (sizes[0] ?? null) : null,
    color: colors.length <= 1 ? (colors[0] ?? null) : firstColorInStock,
  };
}

/**
 * Choosing a colour drops a size that is sold out in it (the sold-out sizes of a sold-out colour
 * are then offered for 'Avise-me'), unless the product comes in one size only.
 */
export function selectColor(
  variants: VariantLike[],
  selection: VariantSelection,
  color: string,
): VariantSelection {
  const onlySize = distinct(variants.map((variant) => variant.size)).length === 1;
  const keepSize =
    selection.size !== null &&
    variants.some(
      (v) => v.color === color && v.size === selection.size && (onlySize || inStock(v)),
    );
  return { color, size: keepSize ? selection.size : null };
}

/** The variant the selection names, once every dimension that varies is chosen. */
export function selectedVariant<T extends VariantLike>(
  variants: T[],
  selection: VariantSelection,
): T | null {
  const sizes = distinct(variants.map((variant) => variant.size));
  const colors = distinct(variants.map((variant) => variant.color));
  if (sizes.length > 0 && selection.size === null) return null;
  if (colors.length > 0 && selection.color === null) return null;
  return (
    variants.find(
      (variant) =>
        (sizes.length === 0 || variant.size === selection.size) &&
        (colors.length === 0 || variant.color === selection.color),
    ) ?? null
  );
}
