// The preview of a product import: each CSV row read, checked and compared with the catalog as it
// is now, with its outcome (CREATE, UPDATE, UNCHANGED, REFUSED) and a Portuguese message, and the
// values the apply will write.
import {
  formatBRL,
  isValidGtin,
  MAX_SLUG_LENGTH,
  normalizeGtin,
  SKU_PATTERN,
  SLUG_PATTERN,
  slugifyName,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import { foldText } from '../catalog/catalog.listing';
import {
  allBrands,
  allCategories,
  productsBySlugs,
  variantsByGtins,
  variantsBySkus,
  variantsOfProducts,
  type BrandRef,
  type CatalogVariant,
  type CategoryRef,
  type ImportRowValues,
  type ProductFields,
  type VariantFields,
} from './imports.repository';
import {
  parsePriceCents,
  parseWholeNumber,
  parseYesNo,
  type ProductCsvKey,
  type ProductCsvRow,
} from './products.csv';

const MAX_PRICE_CENTS = 100_000_000;
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

class Lookup {
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

class RowRefusal extends Error {}
const refuse = (message: string): never => {
  throw new RowRefusal(message);
};

function text(
  values: ProductCsvRow['values'],
  key: ProductCsvKey,
  label: string,
  max: number,
): string | null {
  const value = (values[key] ?? '').replace(/\r\n?/g, '\n').trim();
  if (value.length > max) refuse(`${label} deve ter no máximo ${max} caracteres`);
  return value === '' ? null : value;
}

function price(value: string | undefined, label: string): number | null {
  if (value === undefined || value.trim() === '') return null;
  const cents = parsePriceCents(value);
  if (cents === null) return refuse(`${label} inválido: "${value}" (use, por exemplo, 129,90)`);
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
    return refuse(`${label} inválido: "${raw}" (use um número inteiro)`);
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
  if (value === null) return refuse(`${label} inválido: "${raw}" (use sim ou não)`);
  return value;
}

/** The row's product and variant values, checked; RowRefusal with the reason otherwise. */
function readRow(values: ProductCsvRow['values'], lookup: Lookup): RowData {
  const name = text(values, 'name', 'O nome', 200) ?? refuse('Informe o nome do produto');
  const slugText = (values.slug ?? '').trim();
  const slug = slugText === '' ? slugifyName(name) : slugText;
  if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG_LENGTH) {
    refuse(
      `Identificador URL inválido: "${slugText}" (letras minúsculas sem acento, números e hífens)`,
    );
  }
  const sku = (values.sku ?? '').trim();
  if (sku === '') refuse('Informe o SKU');
  if (!SKU_PATTERN.test(sku)) {
    refuse(`SKU inválido: "${sku}" (de 1 a 64 letras, números, ponto, hífen ou sublinhado)`);
  }
  const brandText = (values.brand ?? '').trim();
  if (brandText === '') refuse('Informe a marca');
  const brand = lookup.brand(brandText) ?? refuse(`Marca desconhecida: "${brandText}"`);
  const categoryText = (values.category ?? '').trim();
  if (categoryText === '') refuse('Informe a categoria');
  const category = lookup.category(categoryText);
  if (category === undefined) refuse(`Categoria desconhecida: "${categoryText}"`);
  if (category === null) {
    refuse(`Há mais de uma categoria "${categoryText}": use o caminho (ex.: Roupas > Camisetas)`);
  }
  const priceCents = price(values.price, 'Preço') ?? refuse('Informe o preço');
  const compareAt = price(values.compareAtPrice, 'Preço "de"');
  if (compareAt !== null && compareAt <= priceCents) {
    refuse('O preço "de" deve ser maior que o preço');
  }
  const gtinText = (values.gtin ?? '').trim();
  let gtin: string | null = null;
  if (gtinText !== '') {
    gtin = normalizeGtin(gtinText);
    if (!isValidGtin(gtin)) {
      refuse(
        `GTIN/EAN inválido: "${gtinText}" (8, 12, 13 ou 14 dígitos com dígito verificador correto)`,
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

const PRODUCT_LABELS: [keyof Omit<ProductFields, 'slug'>, string][] = [
  ['name', 'nome'],
  ['brandId', 'marca'],
  ['categoryId', 'categoria'],
  ['description', 'descrição'],
  ['published', 'publicado'],
  ['featured', 'destaque'],
  ['seoTitle', 'título SEO'],
  ['seoDescription', 'descrição SEO'],
];

const norm = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** The product fields of `next` that differ from `current` (labels in Portuguese). */
export function productChanges(current: ProductFields, next: ProductFields): string[] {
  return PRODUCT_LABELS.filter(([key]) => norm(current[key]) !== norm(next[key])).map(
    ([, label]) => label,
  );
}

const brl = (cents: number | null) => (cents === null ? 'nenhum' : formatBRL(cents));
const plain = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** What changes in the variant, e.g. 'preço R$ 129,90 → R$ 119,90'; empty when nothing. */
export function variantChanges(current: CatalogVariant, next: RowData['variant']): string[] {
  const changes: string[] = [];
  if (norm(current.size) !== norm(next.size))
    changes.push(`tamanho ${plain(current.size)} → ${plain(next.size)}`);
  if (norm(current.color) !== norm(next.color))
    changes.push(`cor ${plain(current.color)} → ${plain(next.color)}`);
  if (current.priceCents !== next.priceCents) {
    changes.push(`preço ${brl(current.priceCents)} → ${brl(next.priceCents)}`);
  }
  if (current.compareAtPriceCents !== next.compareAtPriceCents) {
    changes.push(
      `preço "de" ${brl(current.compareAtPriceCents)} → ${brl(next.compareAtPriceCents)}`,
    );
  }
  if (next.stock !== null && current.stock !== next.stock) {
    changes.push(`estoque ${current.stock} → ${next.stock}`);
  }
  const numbers: [keyof VariantFields, string][] = [
    ['weightGrams', 'peso'],
    ['lengthCm', 'comprimento'],
    ['widthCm', 'largura'],
    ['heightCm', 'altura'],
    ['gtin', 'GTIN'],
    ['lowStockThreshold', 'estoque mínimo'],
  ];
  for (const [key, label] of numbers) {
    if (current[key] !== next[key])
      changes.push(`${label} ${plain(current[key])} → ${plain(next[key])}`);
  }
  return changes;
}

/**
 * Columns the file does not have keep the catalog's values for an existing product and variant
 * (a file of SKU and Preço only changes prices); a new one gets the defaults.
 */
function keepAbsentColumns(
  data: RowData,
  values: ProductCsvRow['values'],
  product: ProductFields | null,
  variant: CatalogVariant | null,
): RowData {
  const has = (key: ProductCsvKey) => key in values;
  const next: RowData = { product: { ...data.product }, variant: { ...data.variant } };
  if (product) {
    if (!has('description')) next.product.description = product.description;
    if (!has('published')) next.product.published = product.published;
    if (!has('featured')) next.product.featured = product.featured;
    if (!has('seoTitle')) next.product.seoTitle = product.seoTitle;
    if (!has('seoDescription')) next.product.seoDescription = product.seoDescription;
  }
  if (variant) {
    if (!has('size')) next.variant.size = variant.size;
    if (!has('color')) next.variant.color = variant.color;
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

function optionKey(variant: { size: string | null; color: string | null }): string {
  return `${foldText(variant.size ?? '')}|${foldText(variant.color ?? '')}`;
}

export interface PreviewResult {
  rows: ImportRowValues[];
  counts: {
    createCount: number;
    updateCount: number;
    unchangedCount: number;
    refusedCount: number;
  };
}

/** Compares the rows with the catalog as it is now. */
export async function previewRows(
  db: Executor,
  scope: ImportScope,
  csvRows: readonly ProductCsvRow[],
): Promise<PreviewResult> {
  const [brands, categories] = await Promise.all([allBrands(db), allCategories(db)]);
  const lookup = new Lookup(brands, categories);
  const skus = [...new Set(csvRows.map((row) => (row.values.sku ?? '').trim()).filter(Boolean))];
  const slugs = [
    ...new Set(
      csvRows
        .map((row) => (row.values.slug ?? '').trim() || slugifyName(row.values.name ?? ''))
        .filter(Boolean),
    ),
  ];
  const gtins = [
    ...new Set(csvRows.map((row) => normalizeGtin(row.values.gtin ?? '')).filter(Boolean)),
  ];
  const [existingVariants, existingProducts, gtinOwners] = await Promise.all([
    variantsBySkus(db, skus),
    productsBySlugs(db, slugs),
    variantsByGtins(db, gtins),
  ]);
  const variantBySku = new Map(existingVariants.map((variant) => [variant.sku, variant]));
  const productBySlug = new Map(existingProducts.map((product) => [product.slug, product]));
  const gtinOwner = new Map(gtinOwners.map((row) => [row.gtin, row.sku]));
  // The options (size and colour) taken in each product: its variants, then the file's rows.
  const options = new Map<string, Map<string, string>>();
  for (const variant of await variantsOfProducts(
    db,
    existingProducts.map((product) => product.id),
  )) {
    const slugOptions = options.get(variant.productSlug) ?? new Map<string, string>();
    slugOptions.set(optionKey(variant), variant.sku);
    options.set(variant.productSlug, slugOptions);
  }

  const skuLines = new Map<string, number>();
  const gtinLines = new Map<string, number>();
  /** The product fields the first readable row of each slug gives. */
  const firstOfSlug = new Map<string, { line: number; product: ProductFields }>();
  const slugChangeReported = new Set<string>();
  const rows: ImportRowValues[] = [];
  const counts = { createCount: 0, updateCount: 0, unchangedCount: 0, refusedCount: 0 };

  for (const csvRow of csvRows) {
    const sku = (csvRow.values.sku ?? '').trim() || null;
    let productSlug = (csvRow.values.slug ?? '').trim() || null;
    try {
      const read = readRow(csvRow.values, lookup);
      const data = keepAbsentColumns(
        read,
        csvRow.values,
        productBySlug.get(read.product.slug) ?? null,
        variantBySku.get(read.variant.sku) ?? null,
      );
      productSlug = data.product.slug;
      const compareAt = data.variant.compareAtPriceCents;
      if (compareAt !== null && compareAt <= data.variant.priceCents) {
        refuse(`O preço "de" (${formatBRL(compareAt)}) deve ser maior que o preço`);
      }
      const skuKey = data.variant.sku.toUpperCase();
      const earlierSku = skuLines.get(skuKey);
      if (earlierSku !== undefined) {
        refuse(
          `O SKU ${data.variant.sku} aparece mais de uma vez no arquivo (linha ${earlierSku})`,
        );
      }
      skuLines.set(skuKey, csvRow.line);
      if (!inScope(scope, data.product.brandId)) refuse(OUT_OF_SCOPE_MESSAGE);
      const first = firstOfSlug.get(data.product.slug);
      if (first) {
        const differ = productChanges(first.product, data.product);
        if (differ.length > 0) {
          refuse(
            `Os dados do produto ${data.product.slug} diferem da linha ${first.line} (${differ.join(', ')})`,
          );
        }
      } else {
        firstOfSlug.set(data.product.slug, { line: csvRow.line, product: data.product });
      }
      const product = productBySlug.get(data.product.slug) ?? null;
      if (product && !inScope(scope, product.brandId)) refuse(OUT_OF_SCOPE_MESSAGE);
      const variant = variantBySku.get(data.variant.sku) ?? null;
      if (variant && variant.productSlug !== data.product.slug) {
        refuse(`O SKU ${data.variant.sku} pertence ao produto ${variant.productSlug}`);
      }
      if (data.variant.gtin) {
        const owner = gtinOwner.get(data.variant.gtin);
        if (owner !== undefined && owner !== data.variant.sku) {
          refuse(`O GTIN ${data.variant.gtin} já é do SKU ${owner}`);
        }
        const earlierGtin = gtinLines.get(data.variant.gtin);
        if (earlierGtin !== undefined) {
          refuse(
            `O GTIN ${data.variant.gtin} aparece mais de uma vez no arquivo (linha ${earlierGtin})`,
          );
        }
        gtinLines.set(data.variant.gtin, csvRow.line);
      }
      const slugOptions = options.get(data.product.slug) ?? new Map<string, string>();
      const option = optionKey(data.variant);
      const optionOwner = slugOptions.get(option);
      if (optionOwner !== undefined && optionOwner !== data.variant.sku) {
        refuse(`O produto já tem uma variante com este tamanho e cor (SKU ${optionOwner})`);
      }
      if (variant) slugOptions.delete(optionKey(variant));
      slugOptions.set(option, data.variant.sku);
      options.set(data.product.slug, slugOptions);

      const changes: string[] = [];
      if (product && !slugChangeReported.has(data.product.slug)) {
        slugChangeReported.add(data.product.slug);
        const differ = productChanges(product, data.product);
        if (differ.length > 0) changes.push(`produto: ${differ.join(', ')}`);
      }
      if (!slugChangeReported.has(data.product.slug)) slugChangeReported.add(data.product.slug);
      let outcome: ImportRowValues['outcome'];
      let message: string | null;
      if (!variant) {
        outcome = 'CREATE';
        message = product ? ['Nova variante', ...changes].join('; ') : 'Novo produto e variante';
      } else {
        changes.push(...variantChanges(variant, data.variant));
        outcome = changes.length > 0 ? 'UPDATE' : 'UNCHANGED';
        message = changes.length > 0 ? changes.join('; ') : null;
      }
      if (outcome === 'CREATE') counts.createCount += 1;
      else if (outcome === 'UPDATE') counts.updateCount += 1;
      else counts.unchangedCount += 1;
      rows.push({
        line: csvRow.line,
        sku: data.variant.sku,
        productSlug: data.product.slug,
        outcome,
        message,
        data: outcome === 'UNCHANGED' ? null : data,
      });
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw error;
      counts.refusedCount += 1;
      rows.push({
        line: csvRow.line,
        sku: sku?.slice(0, 64) ?? null,
        productSlug: productSlug?.slice(0, 80) ?? null,
        outcome: 'REFUSED',
        message: error.message,
        data: null,
      });
    }
  }
  return { rows, counts };
}
