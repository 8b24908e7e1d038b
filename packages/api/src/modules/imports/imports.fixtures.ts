// Test and bench fixtures of the product import: a small catalog, CSV files in the export's
// layout, and the GraphQL documents.
import type { Executor } from '../../db';
import { insertBrand, insertCategory, insertProduct } from '../catalog/catalog.fixtures';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_KEYS, type ProductCsvKey } from './products.csv';

export async function seedImportCatalog(db: Executor) {
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const camisetas = await insertCategory(db, {
    slug: 'camisetas',
    name: 'Camisetas',
    parentId: roupas.id,
  });
  const calcados = await insertCategory(db, { slug: 'calcados', name: 'Calçados' });
  const camiseta = await insertProduct(db, {
    slug: 'camiseta-basica',
    name: 'Camiseta Básica',
    description: 'Algodão macio.',
    brandId: aurora.id,
    categoryId: camisetas.id,
    published: true,
    variants: [
      { sku: 'CAM-P', size: 'P', color: 'Azul', priceCents: 12990, stock: 10 },
      { sku: 'CAM-M', size: 'M', color: 'Azul', priceCents: 12990, stock: 4 },
    ],
  });
  const tenis = await insertProduct(db, {
    slug: 'tenis-leve',
    name: 'Tênis Leve',
    brandId: boreal.id,
    categoryId: calcados.id,
    published: true,
    variants: [
      { sku: 'TEN-40', size: '40', priceCents: 29990, compareAtPriceCents: 34990, stock: 3 },
    ],
  });
  return { aurora, boreal, roupas, camisetas, calcados, camiseta, tenis };
}

export type CsvValues = Partial<Record<ProductCsvKey, string>>;

/** A product CSV in the export's layout (';', CRLF, BOM), quoting cells that need it. */
export function productCsv(rows: readonly CsvValues[], options: { separator?: string } = {}) {
  const separator = options.separator ?? ';';
  const cell = (value: string) =>
    /[;,"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const lines = [PRODUCT_CSV_COLUMNS.map(cell).join(separator)];
  for (const row of rows) {
    lines.push(PRODUCT_CSV_KEYS.map((key) => cell(row[key] ?? '')).join(separator));
  }
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** The row of an existing variant of the seeded catalog, unchanged. */
export const CAM_P_ROW: CsvValues = {
  slug: 'camiseta-basica',
  name: 'Camiseta Básica',
  brand: 'aurora',
  category: 'Roupas > Camisetas',
  description: 'Algodão macio.',
  published: 'sim',
  featured: 'não',
  sku: 'CAM-P',
  size: 'P',
  color: 'Azul',
  price: '129,90',
  stock: '10',
};

/** `count` new variants, five per product, of `brand` in `category`. */
export function bulkImportRows(
  count: number,
  options: { brand?: string; category?: string; prefix?: string } = {},
): CsvValues[] {
  const prefix = options.prefix ?? 'BULK';
  const sizes = ['PP', 'P', 'M', 'G', 'GG'];
  return Array.from({ length: count }, (_, index) => {
    const product = Math.floor(index / sizes.length);
    return {
      slug: `${prefix.toLowerCase()}-produto-${product}`,
      name: `Produto ${prefix} ${product}`,
      brand: options.brand ?? 'aurora',
      category: options.category ?? 'Roupas > Camisetas',
      description: `Descrição do produto ${product}.`,
      published: 'sim',
      featured: 'não',
      sku: `${prefix}-${product}-${sizes[index % sizes.length]}`,
      size: sizes[index % sizes.length],
      color: 'Preto',
      price: `${49 + (product % 50)},90`,
      stock: String(index % 17),
      weightGrams: '300',
    };
  });
}

export const toBase64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

export const IMPORT_FIELDS = `id fileName status createdAt staffName totalRows createCount
  updateCount unchangedCount refusedCount appliedRows error`;

export const IMPORT_CREATE = `mutation ImportCreate($input: ProductImportInput!) {
  productImportCreate(input: $input) { ${IMPORT_FIELDS} }
}`;
export const IMPORT_APPLY = `mutation ImportApply($id: ID!) {
  productImportApply(id: $id) { ${IMPORT_FIELDS} }
}`;
export const IMPORT_DISCARD = `mutation ImportDiscard($id: ID!) {
  productImportDiscard(id: $id) { ${IMPORT_FIELDS} }
}`;
export const IMPORT_QUERY = `query Import($id: ID!, $outcome: ProductImportRowOutcome, $first: Int, $offset: Int) {
  productImport(id: $id) {
    ${IMPORT_FIELDS}
    rows(outcome: $outcome, first: $first, offset: $offset) {
      line sku productSlug outcome message changes { field before after }
    }
  }
}`;
export const IMPORTS_QUERY = `query Imports { productImports { id fileName status } }`;
