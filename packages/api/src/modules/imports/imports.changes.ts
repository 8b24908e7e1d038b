// What an import row changes against the catalog: the product fields that differ (for the apply's
// decision) and each changed field with its value before and after, as the preview shows them
// ("Preço: R$ 129,90 → R$ 119,90"), and the catalog's values a row keeps.
import { formatBRL } from '@vitrine/rules';
import type { RowData } from './imports.preview';
import type { CatalogVariant, ProductFields, VariantFields } from './imports.repository';
import { columnName, type ProductCsvKey, type ProductCsvRow } from './products.csv';

/** A cell's text as the import stores it: line breaks as LF, trimmed. */
export const asCell = (value: string) => value.replace(/\r\n?/g, '\n').trim();

const PRODUCT_LABELS: [keyof Omit<ProductFields, 'slug'>, string][] = [
  ['name', 'nome'],
  ['brandId', 'marca'],
  ['categoryId', 'categoria'],
  ['description', 'descrição'],
  ['published', 'publicado'],
  ['featured', 'destaque'],
  ['seoTitle', 'título SEO'],
  ['seoDescription', 'descrição SEO'],
  ['ncm', 'NCM'],
  ['cest', 'CEST'],
  ['origin', 'origem'],
  ['taxSituation', 'situação tributária'],
];

const norm = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** The product fields of `next` that differ from `current` (labels in Portuguese). */
export function productChanges(current: ProductFields, next: ProductFields): string[] {
  return PRODUCT_LABELS.filter(([key]) => norm(current[key]) !== norm(next[key])).map(
    ([, label]) => label,
  );
}

/** One field a row changes: the file's column name and the value before and after, as shown. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A value as the preview shows it: '—' for none, long text cut at 120 characters. */
function display(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  const text = String(value).replace(/\s+/g, ' ').trim();
  if (text === '') return '—';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

const brl = (cents: number | null) => (cents === null ? '—' : formatBRL(cents));

/** "Preço: R$ 129,90 → R$ 119,90" (the row's one-line message). */
export const describeChange = (change: FieldChange) =>
  `${change.field}: ${change.before} → ${change.after}`;

const PRODUCT_COLUMNS: [keyof Omit<ProductFields, 'slug'>, ProductCsvKey][] = [
  ['name', 'name'],
  ['brandId', 'brand'],
  ['categoryId', 'category'],
  ['description', 'description'],
  ['published', 'published'],
  ['featured', 'featured'],
  ['seoTitle', 'seoTitle'],
  ['seoDescription', 'seoDescription'],
  ['ncm', 'ncm'],
  ['cest', 'cest'],
  ['origin', 'origin'],
  ['taxSituation', 'taxSituation'],
];

/** The product fields `next` changes, before and after (brand and category by their names). */
export function productFieldChanges(
  current: ProductFields,
  next: ProductFields,
  names: { brand(id: string): string; category(id: string): string },
): FieldChange[] {
  return PRODUCT_COLUMNS.filter(([key]) => norm(current[key]) !== norm(next[key])).map(
    ([key, column]) => {
      const show = (value: ProductFields[typeof key]) =>
        key === 'brandId'
          ? names.brand(String(value))
          : key === 'categoryId'
            ? names.category(String(value))
            : display(value);
      return { field: columnName(column), before: show(current[key]), after: show(next[key]) };
    },
  );
}

/** The variant fields `next` changes, before and after ('Preço', 'R$ 129,90', 'R$ 119,90'). */
export function variantFieldChanges(
  current: CatalogVariant,
  next: RowData['variant'],
): FieldChange[] {
  const changes: FieldChange[] = [];
  const push = (column: ProductCsvKey, before: string, after: string) =>
    changes.push({ field: columnName(column), before, after });
  if (norm(current.size) !== norm(next.size))
    push('size', display(current.size), display(next.size));
  if (norm(current.color) !== norm(next.color))
    push('color', display(current.color), display(next.color));
  if (current.priceCents !== next.priceCents)
    push('price', brl(current.priceCents), brl(next.priceCents));
  if (current.compareAtPriceCents !== next.compareAtPriceCents) {
    push('compareAtPrice', brl(current.compareAtPriceCents), brl(next.compareAtPriceCents));
  }
  if (next.stock !== null && current.stock !== next.stock) {
    push('stock', display(current.stock), display(next.stock));
  }
  const numbers: [keyof VariantFields, ProductCsvKey][] = [
    ['weightGrams', 'weightGrams'],
    ['lengthCm', 'lengthCm'],
    ['widthCm', 'widthCm'],
    ['heightCm', 'heightCm'],
    ['gtin', 'gtin'],
    ['lowStockThreshold', 'lowStockThreshold'],
  ];
  for (const [key, column] of numbers) {
    if (current[key] !== next[key]) push(column, display(current[key]), display(next[key]));
  }
  return changes;
}

/**
 * The catalog's text when the file's reads as it (`read` is the cell as the import stores it):
 * the export writes the text as it is, with its CRLF line breaks or its surrounding spaces, and
 * importing it back keeps it exactly rather than storing it again normalised.
 */
function storedIfSame<T extends string | null>(stored: T, read: T): T {
  return asCell(stored ?? '') === (read ?? '') ? stored : read;
}

/**
 * Columns the file does not have keep the catalog's values for an existing product and variant
 * (a file of SKU and Preço only changes prices); a new one gets the defaults. A text column that
 * reads as the catalog's text keeps it exactly.
 */
export function keepCatalogValues(
  data: RowData,
  values: ProductCsvRow['values'],
  product: ProductFields | null,
  variant: CatalogVariant | null,
): RowData {
  const has = (key: ProductCsvKey) => key in values;
  const next: RowData = { product: { ...data.product }, variant: { ...data.variant } };
  if (product) {
    const read = next.product;
    read.name = storedIfSame(product.name, read.name);
    read.description = has('description')
      ? storedIfSame(product.description, read.description)
      : product.description;
    if (!has('published')) read.published = product.published;
    if (!has('featured')) read.featured = product.featured;
    read.seoTitle = has('seoTitle')
      ? storedIfSame(product.seoTitle, read.seoTitle)
      : product.seoTitle;
    read.seoDescription = has('seoDescription')
      ? storedIfSame(product.seoDescription, read.seoDescription)
      : product.seoDescription;
    if (!has('ncm')) read.ncm = product.ncm;
    if (!has('cest')) read.cest = product.cest;
    if (!has('origin')) read.origin = product.origin;
    if (!has('taxSituation')) read.taxSituation = product.taxSituation;
  }
  if (variant) {
    const read = next.variant;
    read.size = has('size') ? storedIfSame(variant.size, read.size) : variant.size;
    read.color = has('color') ? storedIfSame(variant.color, read.color) : variant.color;
    if (!has('compareAtPrice')) next.variant.compareAtPriceCents = variant.compareAtPriceCents;
    if (!has('weightGrams')) next.variant.weightGrams = variant.weightGrams;
    if (!has('lengthCm')) next.variant.lengthCm = variant.lengthCm;
    if (!has('widthCm')) next.variant.widthCm = variant.widthCm;
    if (!has('heightCm')) next.variant.heightCm = variant.heightCm;
    if (!has('gtin')) next.variant.gtin = variant.gtin;
    if (!has('lowStockThreshold')) next.variant.lowStockThreshold = variant.lowStockThreshold;
  }
  return next;
}
