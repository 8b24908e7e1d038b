// The preview of a product import: each CSV row read, checked and compared with the catalog as it
// is now, with its outcome (CREATE, UPDATE, UNCHANGED, REFUSED) and a Portuguese message, and the
// values the apply will write. A text cell that reads as the catalog's text keeps it exactly, so
// the products export imported back changes nothing. How one row reads; the comparison with the
// catalog, batch by batch: imports.previewer.ts.
import {
  isValidGtin,
  MAX_PRICE_CENTS,
  MAX_SLUG_LENGTH,
  normalizeGtin,
  SKU_PATTERN,
  SLUG_PATTERN,
  slugifyName,
  VARIANT_MESSAGES,
} from '@vitrine/rules';
import { foldText } from '../catalog/catalog.listing';
import { asCell } from './imports.changes';
import { readFiscal } from './imports.fiscal';
import type {
  BrandRef,
  CatalogVariant,
  CategoryRef,
  ProductFields,
  VariantFields,
} from './imports.repository';
import {
  columnName,
  parsePriceCents,
  parseWholeNumber,
  parseYesNo,
  type ProductCsvKey,
  type ProductCsvRow,
} from './products.csv';

/** Rows compared per slice of work (lib/slices). */
export const PREVIEW_SLICE_ROWS = 100;

const MAX_STOCK = 1_000_000;

/** What the apply writes for one row. */
export interface RowData {
  product: ProductFields;
  /** stock null: an existing variant keeps its stock. */
  variant: Omit<VariantFields, 'stock'> & { stock: number | null };
}

/** Who imports: a BRAND_MANAGER's rows must stay within their brands. */
export interface ImportScope {
  role: string;
  brandIds: readonly string[];
}

export const OUT_OF_SCOPE_MESSAGE = 'Marca fora das suas marcas';

export function inScope(scope: ImportScope, brandId: string): boolean {
  return scope.role === 'ADMIN' || scope.brandIds.includes(brandId);
}

/** Category path names joined with ' > ' ('Roupas > Camisetas'). */
export function categoryPaths(categories: readonly CategoryRef[]): Map<string, string> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const category = byId.get(id);
    if (!category) return '';
    const parent = category.parentId && depth < 50 ? pathOf(category.parentId, depth + 1) : '';
    const path = parent ? `${parent} > ${category.name}` : category.name;
    paths.set(id, path);
    return path;
  };
  for (const category of categories) pathOf(category.id);
  return paths;
}

const foldKey = (text: string) => foldText(text).replace(/\s+/g, ' ').trim();

export class Lookup {
  readonly brands = new Map<string, BrandRef>();
  readonly categories = new Map<string, CategoryRef | null>();
  constructor(brands: readonly BrandRef[], categories: readonly CategoryRef[]) {
    for (const brand of brands) {
      this.brands.set(brand.slug, brand);
      const byName = foldKey(brand.name);
      if (!this.brands.has(byName)) this.brands.set(byName, brand);
    }
    const paths = categoryPaths(categories);
    const names = new Map<string, CategoryRef | null>();
    for (const category of categories) {
      const name = foldKey(category.name);
      names.set(name, names.has(name) ? null : category);
    }
    for (const [name, category] of names) this.categories.set(name, category);
    for (const category of categories) {
      this.categories.set(
        foldKey(paths.get(category.id) ?? category.name).replace(/\s*>\s*/g, '>'),
        category,
      );
      this.categories.set(category.slug, category);
    }
  }
  brand(value: string): BrandRef | null {
    return this.brands.get(value) ?? this.brands.get(foldKey(value)) ?? null;
  }
  /** undefined: unknown; null: a name shared by several categories. */
  category(value: string): CategoryRef | null | undefined {
    if (this.categories.has(value)) return this.categories.get(value);
    const key = foldKey(value).replace(/\s*>\s*/g, '>');
    return this.categories.has(key) ? this.categories.get(key) : undefined;
  }
}

export class RowRefusal extends Error {}
/** A rule's sentence as a line's reason (the lines' reasons end without a full stop). */
export const withoutStop = (message: string): string => message.replace(/\.$/, '');

export const refuse = (message: string): never => {
  throw new RowRefusal(message);
};

/** A cell's text in a message: at most 60 characters. */
const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 59)}…` : value);

function text(
  values: ProductCsvRow['values'],
  key: ProductCsvKey,
  label: string,
  max: number,
): string | null {
  const value = asCell(values[key] ?? '');
  if (value.length > max) refuse(`${label} deve ter no máximo ${max} caracteres`);
  return value === '' ? null : value;
}

function price(value: string | undefined, label: string): number | null {
  if (value === undefined || value.trim() === '') return null;
  const cents = parsePriceCents(value);
  if (cents === null) {
    return refuse(`${label} inválido: "${shown(value)}" (use, por exemplo, 129,90)`);
  }
  if (cents <= 0) refuse(`${label} deve ser maior que zero`);
  if (cents > MAX_PRICE_CENTS) refuse(`${label} deve ser de no máximo R$ 1.000.000,00`);
  return cents;
}

function whole(
  values: ProductCsvRow['values'],
  key: ProductCsvKey,
  label: string,
  options: { min: number; max: number },
): number | null {
  const raw = values[key];
  if (raw === undefined) return null;
  const number = parseWholeNumber(raw);
  if (number === null) return null;
  if (!Number.isInteger(number))
    return refuse(`${label} inválido: "${shown(raw)}" (use um número inteiro)`);
  if (number < options.min || number > options.max) {
    return refuse(
      `${label} deve estar entre ${options.min.toLocaleString('pt-BR')} e ${options.max.toLocaleString('pt-BR')}`,
    );
  }
  return number;
}

function yesNo(values: ProductCsvRow['values'], key: ProductCsvKey, label: string): boolean {
  const raw = values[key] ?? '';
  const value = parseYesNo(raw);
  if (value === null) return refuse(`${label} inválido: "${shown(raw)}" (use sim ou não)`);
  return value;
}

/**
 * The cell that clears an optional field in an update (case ignored). In an update a blank cell
 * leaves the field as it is; only this marker empties it. In a new product it reads as blank.
 */
export const CLEAR_MARKER = '[apagar]';

/** The columns an update may clear with CLEAR_MARKER (the others are required or yes/no). */
export const CLEARABLE_KEYS: ReadonlySet<ProductCsvKey> = new Set<ProductCsvKey>([
  'description',
  'seoTitle',
  'seoDescription',
  'size',
  'color',
  'compareAtPrice',
  'weightGrams',
  'lengthCm',
  'widthCm',
  'heightCm',
  'gtin',
  'lowStockThreshold',
  'ncm',
  'cest',
  'taxSituation',
]);

const PRODUCT_KEYS: ReadonlySet<ProductCsvKey> = new Set<ProductCsvKey>([
  'slug',
  'name',
  'brand',
  'category',
  'description',
  'published',
  'featured',
  'seoTitle',
  'seoDescription',
  'ncm',
  'cest',
  'origin',
  'taxSituation',
]);

export const isClearMarker = (cell: string | undefined) =>
  cell !== undefined && asCell(cell).toLowerCase() === CLEAR_MARKER;

/** The existing product and variant a row updates, with the catalog's names for its refs. */
interface Existing {
  product: ProductFields | null;
  variant: CatalogVariant | null;
  brandSlug(id: string): string | undefined;
  categorySlug(id: string): string | undefined;
}

/**
 * The row's cells with an update's blanks resolved: a blank cell of an existing product's (or
 * variant's) field leaves it as it is (an optional column as if the file did not have it, a
 * required one as the catalog's value), CLEAR_MARKER empties an optional field and is refused in
 * a required or yes/no column. A new product or variant reads the marker as blank.
 */
export function resolveBlanks(
  values: ProductCsvRow['values'],
  existing: Existing,
): ProductCsvRow['values'] {
  const next: ProductCsvRow['values'] = { ...values };
  for (const key of Object.keys(values) as ProductCsvKey[]) {
    const cell = values[key];
    const stored = PRODUCT_KEYS.has(key) ? existing.product : existing.variant;
    if (isClearMarker(cell)) {
      if (stored && !CLEARABLE_KEYS.has(key)) {
        refuse(
          `A coluna "${columnName(key)}" não pode ser apagada (${CLEAR_MARKER} vale só para colunas opcionais)`,
        );
      }
      next[key] = '';
      continue;
    }
    if (!stored || asCell(cell ?? '') !== '') continue;
    const product = existing.product;
    const variant = existing.variant;
    if (key === 'slug' && product) next.slug = product.slug;
    else if (key === 'name' && product) next.name = product.name;
    else if (key === 'brand' && product) next.brand = existing.brandSlug(product.brandId) ?? '';
    else if (key === 'category' && product) {
      next.category = existing.categorySlug(product.categoryId) ?? '';
    } else if (key === 'price' && variant) {
      next.price = (variant.priceCents / 100).toFixed(2).replace('.', ',');
    } else if (key !== 'sku') delete next[key];
  }
  return next;
}

/** The row's product and variant values, checked; RowRefusal with the reason otherwise. */
export function readRow(values: ProductCsvRow['values'], lookup: Lookup): RowData {
  const name = text(values, 'name', 'O nome', 200) ?? refuse('Informe o nome do produto');
  const slugText = (values.slug ?? '').trim();
  const slug = slugText === '' ? slugifyName(name) : slugText;
  if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG_LENGTH) {
    refuse(
      `Identificador URL inválido: "${shown(slugText)}" (letras minúsculas sem acento, números e hífens)`,
    );
  }
  const sku = (values.sku ?? '').trim();
  if (sku === '') refuse('Informe o SKU');
  if (!SKU_PATTERN.test(sku)) {
    refuse(`SKU inválido: "${shown(sku)}" (de 1 a 64 letras, números, ponto, hífen ou sublinhado)`);
  }
  const brandText = (values.brand ?? '').trim();
  if (brandText === '') refuse('Informe a marca');
  const brand = lookup.brand(brandText) ?? refuse(`Marca desconhecida: "${shown(brandText)}"`);
  const categoryText = (values.category ?? '').trim();
  if (categoryText === '') refuse('Informe a categoria');
  const category = lookup.category(categoryText);
  if (category === undefined) refuse(`Categoria desconhecida: "${shown(categoryText)}"`);
  if (category === null) {
    refuse(
      `Há mais de uma categoria "${shown(categoryText)}": use o caminho (ex.: Roupas > Camisetas)`,
    );
  }
  const priceCents = price(values.price, 'Preço') ?? refuse('Informe o preço');
  const compareAt = price(values.compareAtPrice, 'Preço "de"');
  if (compareAt !== null && compareAt <= priceCents) {
    refuse(withoutStop(VARIANT_MESSAGES.compareAtNotAbove));
  }
  const gtinText = (values.gtin ?? '').trim();
  let gtin: string | null = null;
  if (gtinText !== '') {
    gtin = normalizeGtin(gtinText);
    if (!isValidGtin(gtin)) {
      refuse(
        `GTIN/EAN inválido: "${shown(gtinText)}" (8, 12, 13 ou 14 dígitos com dígito verificador correto)`,
      );
    }
  }
  const positive = { min: 1, max: 1_000_000 };
  return {
    product: {
      slug,
      name,
      brandId: brand.id,
      categoryId: category!.id,
      description: text(values, 'description', 'A descrição', 5000) ?? '',
      published: yesNo(values, 'published', 'Publicado'),
      featured: yesNo(values, 'featured', 'Destaque'),
      seoTitle: text(values, 'seoTitle', 'O título SEO', 70),
      seoDescription: text(values, 'seoDescription', 'A descrição SEO', 160),
      ...readFiscal(values, refuse),
    },
    variant: {
      sku,
      size: text(values, 'size', 'O tamanho', 40),
      color: text(values, 'color', 'A cor', 40),
      priceCents,
      compareAtPriceCents: compareAt,
      stock: whole(values, 'stock', 'Estoque', { min: 0, max: MAX_STOCK }),
      weightGrams: whole(values, 'weightGrams', 'Peso', positive),
      lengthCm: whole(values, 'lengthCm', 'Comprimento', positive),
      widthCm: whole(values, 'widthCm', 'Largura', positive),
      heightCm: whole(values, 'heightCm', 'Altura', positive),
      gtin,
      lowStockThreshold: whole(values, 'lowStockThreshold', 'Estoque mínimo', {
        min: 0,
        max: 100_000,
      }),
    },
  };
}

export function optionKey(variant: { size: string | null; color: string | null }): string {
  return `${foldText(variant.size ?? '')}|${foldText(variant.color ?? '')}`;
}
