// The product editor's versioned save (productSave): validation with the input path of each
// failing field, the version check under a row lock, SKU/GTIN/photo checks, the product row, its
// fiscal data, its variants through the catalog writer, its photos, and the history in words.
import { checkProductSaveInput, PRODUCT_INPUT_MESSAGES } from '@vitrine/rules';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { AppGraphQLError, badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import {
  saveProductFiscal,
  storeTaxRegime,
  validProductFiscal,
  type FiscalChange,
} from './catalog.fiscal';
import { recordCatalogChange } from './catalog.history';
import { findBrand, type ProductListRow } from './catalog.repository';
import { productView, requireBrandWriter, requireCatalogWriter } from './catalog.service.common';
import { freeSlug } from './catalog.staff';
import {
  lockProduct,
  lockProductVariants,
  photoKeys,
  setPhotoTexts,
  skuOrGtinHolders,
  takenSlugs,
  type LockedProduct,
  findCategory,
  imageOwners,
  setProductImages,
} from './catalog.staff.repository';
import { ruled, type VariantInput } from './catalog.validation';
import {
  deleteVariants,
  insertProducts,
  insertVariants,
  updateProducts,
  recordStockMovements,
  updateVariants,
  type ProductValues,
  type VariantInsert,
  type VariantUpdate,
  type VariantValues,
} from './catalog.writer.repository';

// ---- database errors ---------------------------------------------------------------------------

const UNIQUE_FIELDS: Record<string, [string, string]> = {
  products_slug_key: ['Já existe um produto com este slug.', 'input.slug'],
  variants_sku_key: ['Há SKUs repetidos entre as variantes ou em outro produto.', 'input.variants'],
  variants_gtin_key: [
    'Há GTINs repetidos entre as variantes ou em outro produto.',
    'input.variants',
  ],
};

/** A concurrent write's unique violation becomes a BAD_USER_INPUT at the field. */
async function uniqueViolations<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    let cause: unknown = error;
    for (let depth = 0; depth < 4 && cause && typeof cause === 'object'; depth += 1) {
      const pg = cause as { code?: string; constraint?: string; cause?: unknown };
      if (pg.code === '23505' && pg.constraint && UNIQUE_FIELDS[pg.constraint]) {
        const [message, field] = UNIQUE_FIELDS[pg.constraint]!;
        throw badUserInput(message, field);
      }
      cause = pg.cause;
    }
    throw error;
  }
}

// ---- productSave -------------------------------------------------------------------------------

export const VERSION_CONFLICT_MESSAGE =
  'Outra pessoa alterou este produto enquanto você editava. Veja a versão atual antes de salvar de novo.';

export interface ProductImageInput {
  id: string;
  alt?: string | null;
}

/** A variant of productSave: VariantInput plus its id (absent: new), GTIN and threshold. */
export interface ProductVariantSaveInput extends VariantInput {
  id?: string | null;
  gtin?: string | null;
  lowStockThreshold?: number | null;
}

export interface ProductSaveInput {
  slug?: string | null;
  name: string;
  description: string;
  brandId: string;
  categoryId: string;
  published: boolean;
  featured: boolean;
  seoTitle?: string | null;
  seoDescription?: string | null;
  images: ProductImageInput[];
  variants: ProductVariantSaveInput[];
  /** The NF-e's fiscal data (catalog.fiscal.ts): absent keeps, null clears. */
  ncm?: string | null;
  cest?: string | null;
  origin?: number | null;
  taxSituation?: string | null;
}

/** A variant as saved: the writer's values, its id (null: new) and its stock (null: kept). */
interface SaveVariant extends Omit<VariantValues, 'stock'> {
  id: string | null;
  stock: number | null;
}

interface SaveValues extends ProductValues {
  images: { id: string; alt: string }[];
  variants: SaveVariant[];
}

/**
 * Every rule that needs no database (@vitrine/rules checkProductSaveInput: the product editor and
 * the mocks check the same rules, with the same messages), with the input path of the first
 * failing field.
 */
function validateSave(input: ProductSaveInput): SaveValues {
  const valid = ruled(checkProductSaveInput(input, { isId: isUuid }));
  return {
    slug: valid.slug,
    name: valid.name,
    description: valid.description,
    brandId: input.brandId,
    categoryId: input.categoryId,
    published: input.published,
    featured: input.featured,
    seoTitle: valid.seoTitle,
    seoDescription: valid.seoDescription,
    images: valid.images,
    variants: valid.variants,
  };
}

function versionConflict(currentVersion: number): AppGraphQLError {
  return new AppGraphQLError(VERSION_CONFLICT_MESSAGE, 'VERSION_CONFLICT', { currentVersion });
}

const FIELD_LABELS: [keyof LockedProduct & keyof SaveValues, string][] = [
  ['name', 'nome'],
  ['slug', 'slug'],
  ['description', 'descrição'],
  ['brandId', 'marca'],
  ['categoryId', 'categoria'],
  ['published', 'publicação'],
  ['featured', 'destaque'],
  ['seoTitle', 'título SEO'],
  ['seoDescription', 'descrição SEO'],
];

const VARIANT_FIELDS = [
  'sku',
  'size',
  'color',
  'priceCents',
  'compareAtPriceCents',
  'weightGrams',
  'lengthCm',
  'widthCm',
  'heightCm',
  'gtin',
  'lowStockThreshold',
] as const;

/** Creates (id null) or replaces a product with its photos and variants, in one transaction. */
export async function saveProduct(
  db: Database,
  staff: StaffPrincipal,
  id: string | null | undefined,
  expectedVersion: number | null | undefined,
  input: ProductSaveInput,
): Promise<ProductListRow> {
  requireCatalogWriter(staff);
  const editing = id !== null && id !== undefined;
  if (editing && !isUuid(id)) throw notFound('Produto não encontrado.');
  if (editing && (expectedVersion === null || expectedVersion === undefined)) {
    throw badUserInput(
      'Informe a versão do produto que você carregou (expectedVersion).',
      'expectedVersion',
    );
  }
  const values = validateSave(input);
  const fiscal = validProductFiscal(input, 'input');
  const regime = fiscal.taxSituation ? await storeTaxRegime(db) : null;
  const brand = await findBrand(db, { id: values.brandId });
  if (!brand) throw badUserInput(PRODUCT_INPUT_MESSAGES.brandNotFound, 'input.brandId');
  requireBrandWriter(staff, brand.id);
  if (!(await findCategory(db, values.categoryId))) {
    throw badUserInput(PRODUCT_INPUT_MESSAGES.categoryNotFound, 'input.categoryId');
  }
  const productId = await uniqueViolations(() =>
    db.transaction(async (tx) => {
      let current: LockedProduct | null = null;
      if (editing) {
        current = await lockProduct(tx, id);
        if (!current) throw notFound('Produto não encontrado.');
        requireBrandWriter(staff, current.brandId);
        if (current.version !== expectedVersion) throw versionConflict(current.version);
      }
      return saveLocked(tx, staff, current, values, async (productId) =>
        saveProductFiscal(tx, productId, fiscal, regime),
      );
    }),
  );
  return productView(db, productId);
}

/** The save once the product (when editing) is locked and its version checked. */
async function saveLocked(
  tx: Executor,
  staff: StaffPrincipal,
  current: LockedProduct | null,
  values: SaveValues,
  saveFiscal: (productId: string) => Promise<FiscalChange>,
): Promise<string> {
  const selfId = current?.id ?? null;
  const taken = await takenSlugs(tx, values.slug, selfId);
  if (taken.has(values.slug)) {
    throw badUserInput(
      PRODUCT_INPUT_MESSAGES.slugTaken(values.slug, freeSlug(values.slug, taken)),
      'input.slug',
    );
  }
  const existing = selfId ? await lockProductVariants(tx, selfId) : [];
  const existingById = new Map(existing.map((row) => [row.id as string, row]));
  values.variants.forEach((variant, index) => {
    if (variant.id !== null && !existingById.has(variant.id)) {
      throw badUserInput(PRODUCT_INPUT_MESSAGES.variantNotFound, `input.variants.${index}.id`);
    }
  });
  await refuseClashes(tx, values, existingById);
  await refuseOthersPhotos(tx, values, selfId);
  const beforeImages = selfId ? await photoKeys(tx, selfId) : [];

  const productId = await writeProduct(tx, selfId, values);
  const fiscalChange = await saveFiscal(productId);
  const variants = await writeVariants(tx, staff, productId, values.variants, existing);
  await setProductImages(
    tx,
    productId,
    values.images.map((image) => image.id),
  );
  await setPhotoTexts(tx, values.images);

  if (current) {
    const imagesChanged =
      beforeImages.join('|') !== values.images.map((i) => `${i.id}:${i.alt}`).join('|');
    await recordSave(tx, staff, productId, current, values, fiscalChange, imagesChanged, variants);
  } else {
    await recordCatalogChange(tx, {
      staff,
      action: 'product.create',
      entityLabel: values.name,
      summary: `Produto criado: ${values.name} (${values.variants.length} variante(s))`,
      productIds: [productId],
      brandIds: [values.brandId],
      after: { name: values.name, slug: values.slug, published: values.published },
    });
  }
  return productId;
}

/** The product's row through the catalog writer: replaced one version up, or inserted. */
async function writeProduct(tx: Executor, selfId: string | null, values: SaveValues) {
  const { images: _images, variants: _variants, ...row } = values;
  if (!selfId) return (await insertProducts(tx, [row])).get(row.slug)!;
  await updateProducts(tx, [{ ...row, id: selfId }], { fiscal: false, bump: true });
  return selfId;
}

/** SKU and GTIN unique in the store (variants this save removes do not count). */
async function refuseClashes(
  tx: Executor,
  values: SaveValues,
  existingById: Map<string, Record<string, unknown>>,
): Promise<void> {
  const clashes = await skuOrGtinHolders(
    tx,
    values.variants.map((v) => v.sku),
    values.variants.map((v) => v.gtin).filter((g): g is string => g !== null),
  );
  for (const clash of clashes) {
    // This product's own variants: kept, removed, or (rarely) swapping SKUs, which the unique
    // index decides.
    if (existingById.has(clash.id)) continue;
    const skuIndex = values.variants.findIndex(
      (v) => v.sku.toLowerCase() === clash.sku.toLowerCase(),
    );
    if (skuIndex >= 0) {
      throw badUserInput(
        PRODUCT_INPUT_MESSAGES.skuOfAnother(values.variants[skuIndex]!.sku, clash.product),
        `input.variants.${skuIndex}.sku`,
      );
    }
    const gtinIndex = values.variants.findIndex((v) => v.gtin !== null && v.gtin === clash.gtin);
    if (gtinIndex >= 0) {
      throw badUserInput(
        PRODUCT_INPUT_MESSAGES.gtinOfAnother(clash.gtin ?? '', clash.product),
        `input.variants.${gtinIndex}.gtin`,
      );
    }
  }
}

/** Photos: uploaded, and not another product's. */
async function refuseOthersPhotos(
  tx: Executor,
  values: SaveValues,
  selfId: string | null,
): Promise<void> {
  if (values.images.length === 0) return;
  const owners = await imageOwners(
    tx,
    values.images.map((image) => image.id),
  );
  values.images.forEach((image, index) => {
    const owner = owners.find((row) => row.id === image.id);
    if (!owner) {
      throw badUserInput(PRODUCT_INPUT_MESSAGES.imageGone, `input.images.${index}.id`);
    }
    if (owner.productId !== null && owner.productId !== selfId) {
      throw badUserInput(PRODUCT_INPUT_MESSAGES.imageOfAnother, `input.images.${index}.id`);
    }
  });
}

interface VariantsWritten {
  added: number;
  removedSkus: string[];
  changed: number;
  stockEdits: number;
}

/**
 * Through the catalog writer: removed variants go first (their SKUs may be reused), then the
 * updates and the inserts, each stock change with its ledger line.
 */
async function writeVariants(
  tx: Executor,
  staff: StaffPrincipal,
  productId: string,
  list: SaveVariant[],
  existing: Record<string, unknown>[],
): Promise<VariantsWritten> {
  const existingById = new Map(existing.map((row) => [row.id as string, row]));
  const keptIds = new Set(list.map((v) => v.id).filter((v): v is string => !!v));
  const removed = existing.filter((row) => !keptIds.has(row.id as string));
  await deleteVariants(
    tx,
    removed.map((row) => row.id as string),
  );
  const updates: VariantUpdate[] = [];
  const inserts: VariantInsert[] = [];
  const stockChanges: { position: number; before: number; after: number }[] = [];
  let changed = 0;
  for (const [position, variant] of list.entries()) {
    const before = variant.id ? existingById.get(variant.id) : undefined;
    const oldStock = before ? Number(before.stock) : 0;
    const { id, ...fields } = variant;
    const stock = variant.stock ?? oldStock;
    if (before) {
      if (VARIANT_FIELDS.some((field) => (before[field] ?? null) !== variant[field])) changed += 1;
      updates.push({ ...fields, id: id!, stock, position });
    } else {
      inserts.push({ ...fields, productId, stock, position });
    }
    if (stock !== oldStock) stockChanges.push({ position, before: oldStock, after: stock });
  }
  await updateVariants(tx, updates);
  const created = new Map((await insertVariants(tx, inserts)).map((row) => [row.position, row.id]));
  await recordStockMovements(
    tx,
    stockChanges.map(({ position, before, after }) => {
      const id = list[position]!.id;
      return {
        variantId: id ?? created.get(position)!,
        delta: after - before,
        stockAfter: after,
        reason: id ? 'Correção na edição do produto' : 'Estoque inicial',
        kind: id ? ('EDIT' as const) : ('INITIAL' as const),
        staffId: staff.id,
      };
    }),
  );
  return {
    added: inserts.length,
    removedSkus: removed.map((row) => row.sku as string),
    changed,
    stockEdits: stockChanges.length,
  };
}

/** The history of an edit: what changed, in words, with the before and after of each field. */
async function recordSave(
  tx: Executor,
  staff: StaffPrincipal,
  productId: string,
  current: LockedProduct,
  values: SaveValues,
  fiscalChange: FiscalChange,
  imagesChanged: boolean,
  variants: VariantsWritten,
): Promise<void> {
  const changed = FIELD_LABELS.filter(([field]) => current[field] !== values[field]);
  const parts = changed.map(([, label]) => label);
  parts.push(...fiscalChange.labels);
  if (imagesChanged) parts.push('fotos');
  const removed = variants.removedSkus.length;
  if (variants.added > 0) parts.push(`${variants.added} variante(s) nova(s)`);
  if (removed > 0) parts.push(`${removed} variante(s) removida(s)`);
  if (variants.changed > 0) parts.push(`${variants.changed} variante(s) alterada(s)`);
  if (variants.stockEdits > 0) parts.push(`estoque de ${variants.stockEdits} variante(s)`);
  const before: Record<string, unknown> = { ...fiscalChange.before };
  const after: Record<string, unknown> = { ...fiscalChange.after };
  for (const [field] of changed) {
    before[field] = current[field];
    after[field] = values[field];
  }
  if (removed > 0) before.removedSkus = variants.removedSkus;
  await recordCatalogChange(tx, {
    staff,
    action: 'product.save',
    entityLabel: values.name,
    summary: `Produto ${values.name}: ${parts.length > 0 ? parts.join(', ') : 'salvo sem alterações'}`,
    productIds: [productId],
    brandIds: [...new Set([current.brandId, values.brandId])],
    before,
    after,
  });
}
