// The product editor's form state and its pure rules: the form from a loaded product, the
// variant matrix (Tamanho x Cor), pt-BR money inputs, the ProductSaveInput sent to productSave,
// and the server's field paths ('input.variants.2.gtin') to the form's fields (the merge after a
// version conflict is productMerge.ts).
import {
  checkOptionalText,
  checkProductSaveInput,
  checkRequiredText,
  checkRules,
  isValidGtin,
  MAX_VARIANTS_PER_PRODUCT,
  NO_VARIANTS_MESSAGE,
  normalizeGtin,
  PRODUCT_INPUT_LIMITS,
  slugifyName,
  suggestSku,
  VARIANT_MESSAGES,
  variantInputSchema,
  type RuleResult,
} from '@vitrine/rules';
import { moneyInputText, parseBRL } from '../../../format';
import {
  EMPTY_FISCAL,
  FISCAL_FIELD_LABELS,
  fiscalErrors,
  fiscalFormOf,
  fiscalInputOf,
  type ProductFiscalForm,
} from './productFiscal';
import type {
  ProductEditorProductQuery,
  ProductSaveInput,
  ProductSaveMutationVariables,
} from '../../../graphql/generated';

export const SEO_TITLE_MAX = PRODUCT_INPUT_LIMITS.seoTitle;
export const SEO_DESCRIPTION_MAX = PRODUCT_INPUT_LIMITS.seoDescription;
export const MAX_PHOTOS = PRODUCT_INPUT_LIMITS.images;
export const MAX_VARIANTS = MAX_VARIANTS_PER_PRODUCT;

/** What a product is on the site, said the same way in the switch, the header and the grid. */
export const PUBLISHED_LABEL = 'Publicado no site';
export const DRAFT_LABEL = 'Rascunho — não aparece no site';

export type EditorImage = NonNullable<ProductEditorProductQuery['adminProduct']>['images'][number];

export type EditorVariant = NonNullable<
  ProductEditorProductQuery['adminProduct']
>['variants'][number];

/** The product as the editor loads it (adminProduct). */
export type EditorProduct = NonNullable<ProductEditorProductQuery['adminProduct']>;

export type PhotoStatus = 'uploading' | 'done' | 'error';

export interface PhotoItem {
  /** Stable key of the row (the image id once uploaded). */
  key: string;
  /** The uploaded image's id (null while uploading or after a refusal). */
  id: string | null;
  url: string | null;
  alt: string;
  fileName: string | null;
  status: PhotoStatus;
  /** 0 to 100 while uploading; null before the first progress event. */
  progress: number | null;
  error: string | null;
}

export interface VariantRow {
  key: string;
  /** An existing variant's id; null for a new one. */
  id: string | null;
  size: string;
  color: string;
  sku: string;
  /** Edited by hand: no longer follows the suggestion. */
  skuEdited: boolean;
  price: string;
  compareAt: string;
  stock: string;
  /** The stock as loaded (null for a new variant): an unchanged stock is not sent. */
  loadedStock: number | null;
  weight: string;
  length: string;
  width: string;
  height: string;
  gtin: string;
  lowStock: string;
  hasOrders: boolean;
}

export interface ProductForm extends ProductFiscalForm {
  name: string;
  slug: string;
  /** Typed by hand: no longer follows the name. */
  slugEdited: boolean;
  description: string;
  brandId: string;
  categoryId: string;
  published: boolean;
  featured: boolean;
  seoTitle: string;
  seoDescription: string;
  photos: PhotoItem[];
  sizes: string[];
  colors: string[];
  variants: VariantRow[];
}

/** Field key ('name', 'variants.2.gtin', 'photos.0.alt') to its message. */
export type FieldErrors = Record<string, string>;

// ---------------------------------------------------------------------------------------------
// Money and numbers as typed in pt-BR.

/** A whole number zero or more; null when empty; NaN when not one. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const countText = (value: number | null) => (value === null ? '' : String(value));

// ---------------------------------------------------------------------------------------------
// The form.

let keys = 0;
export function newKey(prefix: string): string {
  keys += 1;
  return `${prefix}-${keys}`;
}

export function emptyVariantRow(size: string, color: string, slug: string): VariantRow {
  return {
    key: newKey('variant'),
    id: null,
    size,
    color,
    sku: suggestSku(slug, size, color),
    skuEdited: false,
    price: '',
    compareAt: '',
    stock: '0',
    loadedStock: null,
    weight: '',
    length: '',
    width: '',
    height: '',
    gtin: '',
    lowStock: '',
    hasOrders: false,
  };
}

export function emptyForm(brandId = ''): ProductForm {
  return {
    name: '',
    slug: '',
    slugEdited: false,
    description: '',
    brandId,
    categoryId: '',
    published: false,
    featured: false,
    seoTitle: '',
    seoDescription: '',
    ...EMPTY_FISCAL,
    photos: [],
    sizes: [],
    colors: [],
    variants: [emptyVariantRow('', '', '')],
  };
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => !!value))];
}

export function formFromProduct(product: EditorProduct): ProductForm {
  return {
    name: product.name,
    slug: product.slug,
    // A saved product keeps its address (links to it exist) until changed by hand.
    slugEdited: true,
    description: product.description,
    brandId: product.brand.id,
    categoryId: product.category.id,
    published: product.published,
    featured: product.featured,
    seoTitle: product.seoTitle ?? '',
    seoDescription: product.seoDescription ?? '',
    ...fiscalFormOf(product),
    photos: product.images.map((image) => ({
      key: image.id,
      id: image.id,
      url: image.url,
      alt: image.alt === product.name ? '' : image.alt,
      fileName: null,
      status: 'done',
      progress: 100,
      error: null,
    })),
    sizes: unique(product.variants.map((variant) => variant.size)),
    colors: unique(product.variants.map((variant) => variant.color)),
    variants: product.variants.map((variant) => ({
      key: variant.id,
      id: variant.id,
      size: variant.size ?? '',
      color: variant.color ?? '',
      sku: variant.sku,
      skuEdited: true,
      price: moneyInputText(variant.priceCents),
      compareAt: moneyInputText(variant.compareAtPriceCents),
      stock: String(variant.stock),
      loadedStock: variant.stock,
      weight: countText(variant.weightGrams),
      length: countText(variant.lengthCm),
      width: countText(variant.widthCm),
      height: countText(variant.heightCm),
      gtin: variant.gtin ?? '',
      lowStock: countText(variant.lowStockThreshold),
      hasOrders: variant.hasOrders,
    })),
  };
}

/** The slug the form will save: the typed one, or the one made from the name. */
export function effectiveSlug(form: ProductForm): string {
  return form.slugEdited ? form.slug.trim() : slugifyName(form.name);
}

/**
 * The variants for these sizes and colours (every size with every colour; one axis alone when
 * the other is empty; one variant without options when both are). Rows already there for a
 * combination are kept as they are; new ones get a suggested SKU.
 */
export function variantMatrix(
  sizes: readonly string[],
  colors: readonly string[],
  rows: readonly VariantRow[],
  slug: string,
): VariantRow[] {
  const sizeAxis = sizes.length > 0 ? sizes : [''];
  const colorAxis = colors.length > 0 ? colors : [''];
  const byCombo = new Map(rows.map((row) => [`${row.size}|${row.color}`, row]));
  return sizeAxis.flatMap((size) =>
    colorAxis.map((color) => byCombo.get(`${size}|${color}`) ?? emptyVariantRow(size, color, slug)),
  );
}

/** Variants a new matrix would drop that appear in orders (the editor warns before). */
export function droppedWithOrders(
  before: readonly VariantRow[],
  after: readonly VariantRow[],
): VariantRow[] {
  const kept = new Set(after.map((row) => row.key));
  return before.filter((row) => !kept.has(row.key) && row.hasOrders);
}

/** Suggested SKUs follow the slug until edited by hand. */
export function withSuggestedSkus(rows: readonly VariantRow[], slug: string): VariantRow[] {
  return rows.map((row) =>
    row.skuEdited ? row : { ...row, sku: suggestSku(slug, row.size, row.color) },
  );
}

export function variantLabel(row: Pick<VariantRow, 'size' | 'color'>): string {
  return [row.size, row.color].filter(Boolean).join(' / ') || 'Única';
}

// ---------------------------------------------------------------------------------------------
// Checks as staff type, and the input sent to productSave.

export function gtinError(text: string): string | null {
  if (text.trim() === '') return null;
  const digits = normalizeGtin(text.trim());
  if (!/^\d+$/.test(digits)) return 'O GTIN tem só dígitos.';
  if (![8, 12, 13, 14].includes(digits.length)) {
    return `O GTIN tem 8, 12, 13 ou 14 dígitos (${digits.length} digitados).`;
  }
  return isValidGtin(digits) ? null : 'Dígito verificador inválido: confira o GTIN.';
}

/** An error of `checked`, on the form's field for the server's path. */
function noteIssue(errors: FieldErrors, checked: RuleResult<unknown>) {
  if (!checked.ok) errors[fieldOfPath(checked.issue.field) ?? 'form'] = checked.issue.message;
}

/**
 * The form's checks before sending: what only the form can tell (a brand not chosen yet, a price
 * typed wrong, a photo still uploading), each field by the server's own rule (@vitrine/rules, in
 * its words), and, once every field reads well, the whole save as the server checks it
 * (`checkProductSaveInput`: SKUs, sizes and colours, GTINs twice, the slug...). The server checks
 * everything again.
 */
export function validateForm(form: ProductForm): FieldErrors {
  const errors: FieldErrors = {};
  const L = PRODUCT_INPUT_LIMITS;
  noteIssue(errors, checkRequiredText(form.name, 'input.name', 'o nome do produto', L.name));
  if (form.brandId === '') errors.brandId = 'Escolha a marca.';
  if (form.categoryId === '') errors.categoryId = 'Escolha a categoria.';
  const seoTitle = form.seoTitle;
  noteIssue(
    errors,
    checkOptionalText(seoTitle, 'input.seoTitle', 'o título para buscadores', L.seoTitle),
  );
  const seoDescription = form.seoDescription;
  noteIssue(
    errors,
    checkOptionalText(
      seoDescription,
      'input.seoDescription',
      'a descrição para buscadores',
      L.seoDescription,
    ),
  );
  Object.assign(errors, fiscalErrors(form));
  if (form.photos.some((photo) => photo.status === 'uploading')) {
    errors.photos = 'Espere as fotos terminarem de enviar.';
  }
  if (form.variants.length === 0) errors.variants = NO_VARIANTS_MESSAGE;
  form.variants.forEach((row, index) => {
    const at = (field: string) => `variants.${index}.${field}`;
    if (row.sku.trim() === '') errors[at('sku')] = 'Informe o SKU.';
    const price = parseBRL(row.price);
    if (price === null || price <= 0) errors[at('priceCents')] = 'Informe o preço, como 129,90.';
    if (row.compareAt.trim() !== '') {
      const compareAt = parseBRL(row.compareAt);
      if (compareAt === null) errors[at('compareAtPriceCents')] = 'Preço inválido, use 129,90.';
      else if (price !== null && compareAt <= price) {
        errors[at('compareAtPriceCents')] = VARIANT_MESSAGES.compareAtNotAbove;
      }
    }
    const counts: [string, string, string][] = [
      ['stock', row.stock, 'Estoque'],
      ['weightGrams', row.weight, 'Peso'],
      ['lengthCm', row.length, 'Comprimento'],
      ['widthCm', row.width, 'Largura'],
      ['heightCm', row.height, 'Altura'],
      ['lowStockThreshold', row.lowStock, 'Estoque mínimo'],
    ];
    for (const [field, text, label] of counts) {
      if (Number.isNaN(parseCount(text))) {
        errors[at(field)] = `${label}: use um número inteiro, zero ou mais.`;
      }
    }
    const gtin = gtinError(row.gtin);
    if (gtin) errors[at('gtin')] = gtin;
    // Typed well, the row then meets the server's own rules (@vitrine/rules), with its words.
    const typedWell = !Object.keys(errors).some((key) => key.startsWith(at('')));
    if (typedWell && row.sku.trim() !== '') {
      const checked = checkRules(variantInputSchema, {
        sku: row.sku,
        size: row.size,
        color: row.color,
        priceCents: price,
        compareAtPriceCents: row.compareAt.trim() === '' ? null : parseBRL(row.compareAt),
        stock: parseCount(row.stock),
        weightGrams: parseCount(row.weight),
        lengthCm: parseCount(row.length),
        widthCm: parseCount(row.width),
        heightCm: parseCount(row.height),
        gtin: row.gtin,
        lowStockThreshold: parseCount(row.lowStock),
      });
      if (!checked.ok) errors[at(checked.issue.field)] = checked.issue.message;
    }
  });
  if (Object.keys(errors).length === 0) {
    noteIssue(errors, checkProductSaveInput(toSaveInput(form), { isId: () => true }));
  }
  return errors;
}

export type ProductImageInput = ProductSaveMutationVariables['input']['images'][number];

export type ProductVariantSaveInput = ProductSaveMutationVariables['input']['variants'][number];

export type { ProductSaveInput };

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const countOrNull = (text: string) => {
  const value = parseCount(text);
  return value === null || Number.isNaN(value) ? null : value;
};

/** What productSave receives (validateForm first: invalid numbers are sent as null here). */
export function toSaveInput(form: ProductForm): ProductSaveInput {
  return {
    slug: orNull(effectiveSlug(form)),
    name: form.name.trim(),
    description: form.description.trim(),
    brandId: form.brandId,
    categoryId: form.categoryId,
    published: form.published,
    featured: form.featured,
    seoTitle: orNull(form.seoTitle),
    seoDescription: orNull(form.seoDescription),
    ...fiscalInputOf(form),
    images: form.photos
      .filter((photo): photo is PhotoItem & { id: string } => photo.status === 'done' && !!photo.id)
      .map((photo) => ({ id: photo.id, alt: orNull(photo.alt) })),
    variants: form.variants.map((row) => {
      const stock = countOrNull(row.stock) ?? 0;
      // Unchanged stock is left out: sales since the editor loaded must not be undone.
      const sendStock = row.loadedStock === null || stock !== row.loadedStock;
      return {
        ...(row.id ? { id: row.id } : {}),
        sku: row.sku.trim(),
        size: orNull(row.size),
        color: orNull(row.color),
        priceCents: parseBRL(row.price) ?? 0,
        compareAtPriceCents: parseBRL(row.compareAt),
        ...(sendStock ? { stock } : {}),
        weightGrams: countOrNull(row.weight),
        lengthCm: countOrNull(row.length),
        widthCm: countOrNull(row.width),
        heightCm: countOrNull(row.height),
        gtin: row.gtin.trim() === '' ? null : normalizeGtin(row.gtin.trim()),
        lowStockThreshold: countOrNull(row.lowStock),
      };
    }),
  };
}

/**
 * The form field of a server path: 'input.variants.2.gtin' -> 'variants.2.gtin',
 * 'input.images.1.alt' -> 'photos.1.alt', 'input.slug' -> 'slug'; null for what is not a field
 * of the form (expectedVersion, id).
 */
export function fieldOfPath(path: string | null | undefined): string | null {
  if (!path?.startsWith('input.')) return null;
  const rest = path.slice('input.'.length);
  if (rest === 'images' || rest.startsWith('images.')) {
    const [, index, field] = rest.split('.');
    if (index === undefined) return 'photos';
    return field === 'alt' ? `photos.${index}.alt` : 'photos';
  }
  return rest;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  slug: 'Endereço (slug)',
  description: 'Descrição',
  brandId: 'Marca',
  categoryId: 'Categoria',
  seoTitle: 'Título para buscadores',
  seoDescription: 'Descrição para buscadores',
  ...FISCAL_FIELD_LABELS,
  photos: 'Fotos',
  variants: 'Variações',
  sku: 'SKU',
  size: 'Tamanho',
  color: 'Cor',
  priceCents: 'Preço',
  compareAtPriceCents: 'Preço "de"',
  stock: 'Estoque',
  weightGrams: 'Peso',
  lengthCm: 'Comprimento',
  widthCm: 'Largura',
  heightCm: 'Altura',
  gtin: 'GTIN',
  lowStockThreshold: 'Estoque mínimo',
  alt: 'Texto alternativo',
};

/** 'variants.2.gtin' -> 'Variação 3 (M / Azul): GTIN', for the summary of errors. */
export function fieldLabel(field: string, form: ProductForm): string {
  const [group, index, name] = field.split('.');
  if (group === 'variants' && index !== undefined && name !== undefined) {
    const row = form.variants[Number(index)];
    const which = row ? ` (${variantLabel(row)})` : '';
    return `Variação ${Number(index) + 1}${which}: ${FIELD_LABELS[name] ?? name}`;
  }
  if (group === 'photos' && index !== undefined) {
    return `Foto ${Number(index) + 1}: ${FIELD_LABELS[name ?? ''] ?? 'foto'}`;
  }
  return FIELD_LABELS[field] ?? field;
}

/** The DOM id of a field's input, for the summary's links. */
export function fieldDomId(field: string): string {
  return `produto-${field.replace(/\./g, '-')}`;
}
