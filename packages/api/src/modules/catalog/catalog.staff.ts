// The dashboard's catalog: the products grid (staffProducts), the editor's versioned save
// (productSave), in-grid price edits, stock changes with reasons, slug checks and staff brands.
// Roles: ADMIN everything; BRAND_MANAGER the products of their brands; SUPPORT reads only.
import { sql, type SQL } from 'drizzle-orm';
import {
  checkRules,
  MAX_SLUG_LENGTH,
  MAX_VARIANTS_PER_PRODUCT,
  NO_VARIANTS_MESSAGE,
  priceNotBelowCompareAtMessage,
  slugifyName,
  TOO_MANY_VARIANTS_MESSAGE,
  variantPriceSchema,
} from '@vitrine/rules';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { AppGraphQLError, badUserInput, forbidden, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { saveProductFiscal, storeTaxRegime, validProductFiscal } from './catalog.fiscal';
import { recordCatalogChange } from './catalog.history';
import {
  allBrands,
  findBrand,
  findCategory,
  findVariantWithBrand,
  imageOwners,
  PRODUCT_COLUMNS,
  rows,
  setProductImages,
  toProductRow,
  type ProductListRow,
} from './catalog.repository';
import { brandScopeOf, productView } from './catalog.service.common';
import { staffProductWhere, type StaffProductFilterInput } from './catalog.staff.where';
import type { BrandRow, VariantRow } from './catalog.tables';
import {
  bumpProductVersions,
  deleteVariants,
  insertVariants,
  recordStockMovements,
  setVariantPrices,
  updateVariants,
  variantsByIds,
  writeVariantStock,
  type VariantInsert,
  type VariantUpdate,
} from './catalog.writer.repository';
import {
  checkVariantSet,
  optionalText,
  requiredText,
  validateVariant,
  type VariantInput,
} from './catalog.validation';

// ---- the products grid -------------------------------------------------------------------------

export type StaffProductSort =
  | 'UPDATED_DESC'
  | 'UPDATED_ASC'
  | 'NAME_ASC'
  | 'NAME_DESC'
  | 'PRICE_ASC'
  | 'PRICE_DESC'
  | 'STOCK_ASC'
  | 'STOCK_DESC'
  | 'CREATED_DESC';

const TOTAL_STOCK = sql`(SELECT coalesce(sum(v.stock), 0) FROM variants v WHERE v.product_id = p.id)`;

const STAFF_SORTS: Record<StaffProductSort, SQL> = {
  UPDATED_DESC: sql`p.updated_at DESC, p.id DESC`,
  UPDATED_ASC: sql`p.updated_at ASC, p.id ASC`,
  NAME_ASC: sql`p.name_folded COLLATE "C" ASC, p.id ASC`,
  NAME_DESC: sql`p.name_folded COLLATE "C" DESC, p.id DESC`,
  PRICE_ASC: sql`p.min_price_cents ASC NULLS LAST, p.id ASC`,
  PRICE_DESC: sql`p.min_price_cents DESC NULLS LAST, p.id DESC`,
  STOCK_ASC: sql`${TOTAL_STOCK} ASC, p.id ASC`,
  STOCK_DESC: sql`${TOTAL_STOCK} DESC, p.id DESC`,
  CREATED_DESC: sql`p.created_at DESC, p.id DESC`,
};

export const STAFF_PAGE_DEFAULT = 25;
export const STAFF_PAGE_MAX = 100;
export const STAFF_OFFSET_MAX = 10_000;

export interface StaffProductsArgs {
  filter?: StaffProductFilterInput | null;
  sort?: StaffProductSort | null;
  first?: number | null;
  offset?: number | null;
}

export interface StaffProductConnectionView {
  nodes: ProductListRow[];
  /** Lazy: counted only when asked. */
  totalCount: () => Promise<number>;
}

export async function listStaffProducts(
  db: Executor,
  staff: StaffPrincipal,
  args: StaffProductsArgs,
): Promise<StaffProductConnectionView> {
  const first = args.first ?? STAFF_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 0 || first > STAFF_PAGE_MAX) {
    throw badUserInput(`Informe first entre 0 e ${STAFF_PAGE_MAX}.`, 'first');
  }
  const offset = args.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > STAFF_OFFSET_MAX) {
    throw badUserInput(
      `Informe offset entre 0 e ${STAFF_OFFSET_MAX.toLocaleString('pt-BR')}; refine os filtros para ver produtos além disso.`,
      'offset',
    );
  }
  const order = STAFF_SORTS[args.sort ?? 'UPDATED_DESC'];
  if (!order) throw badUserInput('Ordenação inválida.', 'sort');
  const where = staffProductWhere(args.filter, brandScopeOf(staff));
  const nodes =
    first === 0
      ? []
      : (
          await rows<Record<string, unknown>>(
            db,
            sql`SELECT ${PRODUCT_COLUMNS}, null AS sort_key FROM products p
                WHERE ${where} ORDER BY ${order} LIMIT ${first} OFFSET ${offset}`,
          )
        ).map(toProductRow);
  let total: Promise<number> | null = null;
  return {
    nodes,
    totalCount: () =>
      (total ??= rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`,
      ).then((result) => Number(result[0]?.n ?? 0))),
  };
}

/** Every brand, inactive ones included; a BRAND_MANAGER's own. */
export async function staffBrands(db: Executor, staff: StaffPrincipal): Promise<BrandRow[]> {
  const all = await allBrands(db, { activeOnly: false });
  const scope = brandScopeOf(staff);
  return scope ? all.filter((brand) => scope.includes(brand.id)) : all;
}

// ---- stock level -------------------------------------------------------------------------------

export const DEFAULT_LOW_STOCK = 5;

export function stockLevelOf(
  variantRows: Pick<VariantRow, 'stock' | 'lowStockThreshold'>[],
): 'OUT' | 'LOW' | 'AVAILABLE' {
  if (!variantRows.some((v) => v.stock > 0)) return 'OUT';
  if (variantRows.some((v) => v.stock <= (v.lowStockThreshold ?? DEFAULT_LOW_STOCK))) return 'LOW';
  return 'AVAILABLE';
}

// ---- permissions -------------------------------------------------------------------------------

function requireCatalogWriter(staff: StaffPrincipal): void {
  if (staff.role !== 'ADMIN' && staff.role !== 'BRAND_MANAGER') {
    throw forbidden('Seu perfil não pode alterar o catálogo.');
  }
}

function requireBrand(staff: StaffPrincipal, brandId: string): void {
  const scope = brandScopeOf(staff);
  if (scope && !scope.includes(brandId)) {
    throw forbidden('Você só pode alterar produtos das marcas sob sua gestão.');
  }
}

// ---- slugs -------------------------------------------------------------------------------------

async function takenSlugs(
  db: Executor,
  base: string,
  exceptId: string | null,
): Promise<Set<string>> {
  const except = exceptId && isUuid(exceptId) ? sql` AND id <> ${exceptId}::uuid` : sql``;
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const found = await rows<{ slug: string }>(
    db,
    sql`SELECT slug FROM products WHERE (slug = ${base} OR slug LIKE ${pattern})${except}`,
  );
  return new Set(found.map((row) => row.slug));
}

/** A free variant of `slug`: 'camiseta-2', 'camiseta-3'... (kept within 80 characters). */
function freeSlug(slug: string, taken: Set<string>): string {
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const base = slug.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '');
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface SlugCheckView {
  slug: string;
  available: boolean;
  suggestion: string | null;
}

export async function checkProductSlug(
  db: Executor,
  given: string,
  exceptProductId: string | null | undefined,
): Promise<SlugCheckView> {
  const slug = slugifyName(given ?? '');
  if (!slug) {
    throw badUserInput('Informe um slug com ao menos uma letra ou número.', 'slug');
  }
  const taken = await takenSlugs(db, slug, exceptProductId ?? null);
  if (!taken.has(slug)) return { slug, available: true, suggestion: null };
  // Only slugs starting with this one matter for the suggestion (a shortened base is rechecked).
  let suggestion = freeSlug(slug, taken);
  while ((await takenSlugs(db, suggestion, exceptProductId ?? null)).has(suggestion)) {
    taken.add(suggestion);
    suggestion = freeSlug(slug, taken);
  }
  return { slug, available: false, suggestion };
}

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

const MAX_IMAGES = 20;
const MAX_DESCRIPTION = 10_000;

interface SaveVariant {
  id: string | null;
  sku: string;
  size: string | null;
  color: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  stock: number | null;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  gtin: string | null;
  lowStockThreshold: number | null;
}

interface SaveValues {
  slug: string;
  name: string;
  description: string;
  brandId: string;
  categoryId: string;
  published: boolean;
  featured: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  images: { id: string; alt: string }[];
  variants: SaveVariant[];
}

/** Every rule that needs no database, with the input path of the first failing field. */
function validateSave(input: ProductSaveInput): SaveValues {
  const name = requiredText(input.name, 'input.name', 'o nome do produto', 200);
  const description = (input.description ?? '').trim();
  if (description.length > MAX_DESCRIPTION) {
    throw badUserInput(
      `A descrição deve ter no máximo ${MAX_DESCRIPTION.toLocaleString('pt-BR')} caracteres.`,
      'input.description',
    );
  }
  const givenSlug = input.slug?.trim() ?? '';
  const slug = slugifyName(givenSlug || name);
  if (!slug) {
    throw badUserInput(
      givenSlug
        ? 'Slug inválido: use letras, números e hífens (ex.: camiseta-basica).'
        : 'Não foi possível gerar um slug a partir do nome; informe um slug.',
      'input.slug',
    );
  }
  const seoTitle = optionalText(input.seoTitle, 'input.seoTitle', 'o título para buscadores', 70);
  const seoDescription = optionalText(
    input.seoDescription,
    'input.seoDescription',
    'a descrição para buscadores',
    160,
  );
  if (!isUuid(input.brandId)) throw badUserInput('Marca não encontrada.', 'input.brandId');
  if (!isUuid(input.categoryId)) {
    throw badUserInput('Categoria não encontrada.', 'input.categoryId');
  }
  if (input.images.length > MAX_IMAGES) {
    throw badUserInput(`Um produto pode ter no máximo ${MAX_IMAGES} fotos.`, 'input.images');
  }
  const seenImages = new Set<string>();
  const imageValues = input.images.map((image, index) => {
    const path = `input.images.${index}`;
    if (!isUuid(image.id)) {
      throw badUserInput('Foto não encontrada: envie-a antes.', `${path}.id`);
    }
    if (seenImages.has(image.id)) {
      throw badUserInput('A mesma foto aparece mais de uma vez.', `${path}.id`);
    }
    seenImages.add(image.id);
    const alt = optionalText(image.alt, `${path}.alt`, 'o texto alternativo', 200) ?? name;
    return { id: image.id, alt };
  });
  if (input.variants.length === 0) throw badUserInput(NO_VARIANTS_MESSAGE, 'input.variants');
  if (input.variants.length > MAX_VARIANTS_PER_PRODUCT) {
    throw badUserInput(TOO_MANY_VARIANTS_MESSAGE, 'input.variants');
  }
  const seenIds = new Set<string>();
  const seenGtins = new Map<string, number>();
  const variantValues = input.variants.map((variant, index): SaveVariant => {
    const path = `input.variants.${index}`;
    const id = variant.id ?? null;
    if (id !== null) {
      if (!isUuid(id) || seenIds.has(id)) {
        throw badUserInput('Variante não encontrada neste produto.', `${path}.id`);
      }
      seenIds.add(id);
    }
    const valid = validateVariant(variant, path);
    if (valid.gtin !== null) {
      if (seenGtins.has(valid.gtin)) {
        throw badUserInput(`O GTIN ${valid.gtin} aparece mais de uma vez.`, `${path}.gtin`);
      }
      seenGtins.set(valid.gtin, index);
    }
    return { ...valid, id };
  });
  checkVariantSet(
    variantValues.map((variant) => ({ ...variant })),
    'input.variants',
  );
  return {
    slug,
    name,
    description,
    brandId: input.brandId,
    categoryId: input.categoryId,
    published: input.published,
    featured: input.featured,
    seoTitle,
    seoDescription,
    images: imageValues,
    variants: variantValues,
  };
}

interface LockedProduct {
  id: string;
  version: number;
  brandId: string;
  slug: string;
  name: string;
  description: string;
  categoryId: string;
  published: boolean;
  featured: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
}

async function lockProduct(tx: Executor, id: string): Promise<LockedProduct | null> {
  const [row] = await rows<LockedProduct>(
    tx,
    sql`SELECT id, version, brand_id AS "brandId", slug, name, description,
          category_id AS "categoryId", published, featured, seo_title AS "seoTitle",
          seo_description AS "seoDescription"
        FROM products WHERE id = ${id}::uuid FOR UPDATE`,
  );
  return row ? { ...row, version: Number(row.version) } : null;
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
  if (!brand) throw badUserInput('Marca não encontrada.', 'input.brandId');
  requireBrand(staff, brand.id);
  if (!(await findCategory(db, values.categoryId))) {
    throw badUserInput('Categoria não encontrada.', 'input.categoryId');
  }

  const productId = await uniqueViolations(() =>
    db.transaction(async (tx) => {
      let current: LockedProduct | null = null;
      if (editing) {
        // Row lock: two saves of one version are serialised, and the second sees the new version.
        current = await lockProduct(tx, id);
        if (!current) throw notFound('Produto não encontrado.');
        requireBrand(staff, current.brandId);
        if (current.version !== expectedVersion) throw versionConflict(current.version);
      }
      const selfId = current?.id ?? null;

      const taken = await takenSlugs(tx, values.slug, selfId);
      if (taken.has(values.slug)) {
        throw badUserInput(
          `Já existe um produto com o slug ${values.slug}. Sugestão: ${freeSlug(values.slug, taken)}.`,
          'input.slug',
        );
      }

      const existing = selfId
        ? await rows<Record<string, unknown>>(
            tx,
            sql`SELECT id, sku, size, color, price_cents AS "priceCents",
                compare_at_price_cents AS "compareAtPriceCents", stock,
                weight_grams AS "weightGrams", length_cm AS "lengthCm", width_cm AS "widthCm",
                height_cm AS "heightCm", gtin, low_stock_threshold AS "lowStockThreshold"
              FROM variants WHERE product_id = ${selfId}::uuid ORDER BY position FOR UPDATE`,
          )
        : [];
      const existingById = new Map(existing.map((row) => [row.id as string, row]));
      values.variants.forEach((variant, index) => {
        if (variant.id !== null && !existingById.has(variant.id)) {
          throw badUserInput(
            'Variante não encontrada neste produto.',
            `input.variants.${index}.id`,
          );
        }
      });
      const keptIds = new Set(values.variants.map((v) => v.id).filter((v): v is string => !!v));

      // SKU and GTIN unique in the store (variants this save removes do not count).
      const skus = values.variants.map((v) => v.sku);
      const gtins = values.variants.map((v) => v.gtin).filter((g): g is string => g !== null);
      const clashes = await rows<{ id: string; sku: string; gtin: string | null; product: string }>(
        tx,
        sql`SELECT v.id, v.sku, v.gtin, p.name AS product FROM variants v
          JOIN products p ON p.id = v.product_id
          WHERE (lower(v.sku) IN (${sql.join(
            skus.map((s) => sql`${s.toLowerCase()}`),
            sql`, `,
          )})${
            gtins.length > 0
              ? sql` OR v.gtin IN (${sql.join(
                  gtins.map((g) => sql`${g}`),
                  sql`, `,
                )})`
              : sql``
          })`,
      );
      for (const clash of clashes) {
        // This product's own variants: kept, removed, or (rarely) swapping SKUs, which the unique
        // index decides below.
        if (existingById.has(clash.id)) continue;
        const skuIndex = values.variants.findIndex(
          (v) => v.sku.toLowerCase() === clash.sku.toLowerCase(),
        );
        if (skuIndex >= 0) {
          throw badUserInput(
            `O SKU ${values.variants[skuIndex]!.sku} já é usado por outro produto (${clash.product}).`,
            `input.variants.${skuIndex}.sku`,
          );
        }
        const gtinIndex = values.variants.findIndex(
          (v) => v.gtin !== null && v.gtin === clash.gtin,
        );
        if (gtinIndex >= 0) {
          throw badUserInput(
            `O GTIN ${clash.gtin} já é usado por outro produto (${clash.product}).`,
            `input.variants.${gtinIndex}.gtin`,
          );
        }
      }

      // Photos: uploaded, and not another product's.
      if (values.images.length > 0) {
        const owners = await imageOwners(
          tx,
          values.images.map((image) => image.id),
        );
        values.images.forEach((image, index) => {
          const owner = owners.find((row) => row.id === image.id);
          if (!owner) {
            throw badUserInput(
              'Foto não encontrada: envie-a antes de salvar.',
              `input.images.${index}.id`,
            );
          }
          if (owner.productId !== null && owner.productId !== selfId) {
            throw badUserInput(
              'Esta foto já pertence a outro produto.',
              `input.images.${index}.id`,
            );
          }
        });
      }
      const beforeImages = selfId
        ? (
            await rows<{ id: string; alt: string }>(
              tx,
              sql`SELECT id, alt FROM images WHERE product_id = ${selfId}::uuid ORDER BY position, created_at`,
            )
          ).map((row) => `${row.id}:${row.alt}`)
        : [];

      // The product row.
      let productId: string;
      if (current) {
        productId = current.id;
        await tx.execute(sql`UPDATE products SET slug = ${values.slug}, name = ${values.name},
          description = ${values.description}, brand_id = ${values.brandId}::uuid,
          category_id = ${values.categoryId}::uuid, published = ${values.published},
          featured = ${values.featured}, seo_title = ${values.seoTitle},
          seo_description = ${values.seoDescription}, version = version + 1, updated_at = now()
        WHERE id = ${productId}::uuid`);
      } else {
        const [created] = await rows<{ id: string }>(
          tx,
          sql`INSERT INTO products (slug, name, description, brand_id, category_id, published,
              featured, seo_title, seo_description)
            VALUES (${values.slug}, ${values.name}, ${values.description}, ${values.brandId}::uuid,
              ${values.categoryId}::uuid, ${values.published}, ${values.featured},
              ${values.seoTitle}, ${values.seoDescription})
            RETURNING id`,
        );
        productId = created!.id;
      }

      const fiscalChange = await saveProductFiscal(tx, productId, fiscal, regime);

      // Variants: removed ones go first (their SKUs may be reused), then updates and inserts.
      const removed = existing.filter((row) => !keptIds.has(row.id as string));
      await deleteVariants(
        tx,
        removed.map((row) => row.id as string),
      );
      const updates: VariantUpdate[] = [];
      const inserts: VariantInsert[] = [];
      const stockChanges: { index: number; before: number; after: number }[] = [];
      let changedVariants = 0;
      for (const [position, variant] of values.variants.entries()) {
        const before = variant.id ? existingById.get(variant.id) : undefined;
        const oldStock = before ? Number(before.stock) : 0;
        const { id: variantId, ...fields } = variant;
        const stock = variant.stock ?? oldStock;
        if (before) {
          if (VARIANT_FIELDS.some((field) => (before[field] ?? null) !== variant[field])) {
            changedVariants += 1;
          }
          updates.push({ ...fields, id: variantId!, stock, position });
        } else {
          inserts.push({ ...fields, productId, stock, position });
        }
        if (stock !== oldStock)
          stockChanges.push({ index: position, before: oldStock, after: stock });
      }
      await updateVariants(tx, updates);
      const created = new Map(
        (await insertVariants(tx, inserts)).map((row) => [row.position, row.id]),
      );
      await recordStockMovements(
        tx,
        stockChanges.map(({ index, before, after }) => {
          const existed = values.variants[index]!.id !== null;
          return {
            variantId: existed ? values.variants[index]!.id! : created.get(index)!,
            delta: after - before,
            stockAfter: after,
            reason: existed ? 'Correção na edição do produto' : 'Estoque inicial',
            kind: existed ? ('EDIT' as const) : ('INITIAL' as const),
            staffId: staff.id,
          };
        }),
      );
      const stockEdits = stockChanges.length;

      // Photos in order, with their alternative texts.
      await setProductImages(
        tx,
        productId,
        values.images.map((image) => image.id),
      );
      for (const image of values.images) {
        await tx.execute(sql`UPDATE images SET alt = ${image.alt} WHERE id = ${image.id}::uuid`);
      }

      // History.
      const added = values.variants.filter((v) => !v.id).length;
      if (current) {
        const changed = FIELD_LABELS.filter(([field]) => current[field] !== values[field]);
        const imagesChanged =
          beforeImages.join('|') !== values.images.map((i) => `${i.id}:${i.alt}`).join('|');
        const parts = changed.map(([, label]) => label);
        parts.push(...fiscalChange.labels);
        if (imagesChanged) parts.push('fotos');
        if (added > 0) parts.push(`${added} variante(s) nova(s)`);
        if (removed.length > 0) parts.push(`${removed.length} variante(s) removida(s)`);
        if (changedVariants > 0) parts.push(`${changedVariants} variante(s) alterada(s)`);
        if (stockEdits > 0) parts.push(`estoque de ${stockEdits} variante(s)`);
        const before: Record<string, unknown> = { ...fiscalChange.before };
        const after: Record<string, unknown> = { ...fiscalChange.after };
        for (const [field] of changed) {
          before[field] = current[field];
          after[field] = values[field];
        }
        if (removed.length > 0) before.removedSkus = removed.map((row) => row.sku);
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
    }),
  );
  return productView(db, productId);
}

// ---- in-grid price -----------------------------------------------------------------------------

export async function setVariantPrice(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  priceCents: number,
  compareAtPriceCents: number | null | undefined,
): Promise<VariantRow> {
  requireCatalogWriter(staff);
  const found = isUuid(id) ? await findVariantWithBrand(db, id) : null;
  if (!found) throw notFound('Variante não encontrada.');
  requireBrand(staff, found.brandId);
  // Left out, the "de" price stays as stored (the grid sends the price alone); null clears it.
  const keepsCompareAt = compareAtPriceCents === undefined;
  const given = checkRules(variantPriceSchema, {
    priceCents,
    compareAtPriceCents: keepsCompareAt ? null : compareAtPriceCents,
  });
  if (!given.ok) throw badUserInput(given.issue.message, given.issue.field);
  return db.transaction(async (tx) => {
    const [before] = await rows<{ price: number; compare: number | null; name: string }>(
      tx,
      sql`SELECT v.price_cents AS price, v.compare_at_price_cents AS compare, p.name
          FROM variants v JOIN products p ON p.id = v.product_id
          WHERE v.id = ${id}::uuid FOR UPDATE OF v`,
    );
    if (!before) throw notFound('Variante não encontrada.');
    const compareAt = keepsCompareAt
      ? before.compare === null
        ? null
        : Number(before.compare)
      : given.value.compareAtPriceCents;
    if (keepsCompareAt && compareAt !== null && compareAt <= priceCents) {
      throw badUserInput(priceNotBelowCompareAtMessage(compareAt), 'priceCents');
    }
    await setVariantPrices(tx, [{ id, priceCents, compareAtPriceCents: compareAt }]);
    await bumpProductVersions(tx, [found.variant.productId]);
    await recordCatalogChange(tx, {
      staff,
      action: 'variant.price',
      entityId: id,
      entityLabel: `${before.name} (${found.variant.sku})`,
      summary: `Preço de ${before.name} (${found.variant.sku}): ${brl(Number(before.price))} → ${brl(priceCents)}`,
      productIds: [found.variant.productId],
      brandIds: [found.brandId],
      before: { priceCents: Number(before.price), compareAtPriceCents: before.compare },
      after: { priceCents, compareAtPriceCents: compareAt },
    });
    const [updated] = await variantsByIds(tx, [id]);
    return updated!;
  });
}

function brl(cents: number): string {
  return `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

// ---- stock changes -----------------------------------------------------------------------------

export type StockAdjustReason = 'RECEIVED' | 'MANUAL_SALE' | 'DAMAGED' | 'STOCK_COUNT';

export const STOCK_REASON_TEXT: Record<StockAdjustReason, string> = {
  RECEIVED: 'Entrada de mercadoria',
  MANUAL_SALE: 'Venda fora da loja',
  DAMAGED: 'Avaria, perda',
  STOCK_COUNT: 'Contagem de inventário',
};

const MAX_STOCK = 1_000_000;

export async function changeStock(
  db: Database,
  staff: StaffPrincipal,
  variantId: string,
  reason: StockAdjustReason,
  quantity: number,
  note: string | null | undefined,
): Promise<VariantRow> {
  requireCatalogWriter(staff);
  const found = isUuid(variantId) ? await findVariantWithBrand(db, variantId) : null;
  if (!found) throw notFound('Variante não encontrada.');
  requireBrand(staff, found.brandId);
  const reasonText = STOCK_REASON_TEXT[reason];
  if (!reasonText) throw badUserInput('Motivo inválido.', 'reason');
  const min = reason === 'STOCK_COUNT' ? 0 : 1;
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_STOCK) {
    throw badUserInput(
      reason === 'STOCK_COUNT'
        ? 'Informe a quantidade contada: de 0 a 1.000.000 unidades.'
        : 'Informe uma quantidade de 1 a 1.000.000 unidades.',
      'quantity',
    );
  }
  const noteText = optionalText(note, 'note', 'a observação', 500);
  return db.transaction(async (tx) => {
    // Row lock: concurrent changes (and checkouts) apply one after the other and add up.
    const [locked] = await rows<{ stock: number; name: string }>(
      tx,
      sql`SELECT v.stock, p.name FROM variants v JOIN products p ON p.id = v.product_id
          WHERE v.id = ${variantId}::uuid FOR UPDATE OF v`,
    );
    if (!locked) throw notFound('Variante não encontrada.');
    const current = Number(locked.stock);
    let next: number;
    if (reason === 'RECEIVED') next = current + quantity;
    else if (reason === 'STOCK_COUNT') next = quantity;
    else next = current - quantity;
    if (next < 0) {
      throw badUserInput(
        `Estoque insuficiente: há ${current} ${current === 1 ? 'unidade' : 'unidades'}.`,
        'quantity',
      );
    }
    if (next > MAX_STOCK) {
      throw badUserInput('O estoque deve ser de no máximo 1.000.000 unidades.', 'quantity');
    }
    const updated = await writeVariantStock(tx, variantId, { set: next });
    const delta = next - current;
    await recordStockMovements(tx, [
      {
        variantId,
        delta,
        stockAfter: next,
        reason: reasonText,
        kind: reason,
        note: noteText,
        staffId: staff.id,
      },
    ]);
    await recordCatalogChange(tx, {
      staff,
      action: 'stock.adjust',
      entityId: variantId,
      entityLabel: `${locked.name} (${found.variant.sku})`,
      summary: `Estoque de ${locked.name} (${found.variant.sku}): ${reasonText.toLowerCase()}, ${current} → ${next}${delta !== 0 ? ` (${delta > 0 ? '+' : ''}${delta})` : ''}`,
      productIds: [found.variant.productId],
      brandIds: [found.brandId],
      before: { stock: current },
      after: { stock: next, reason, note: noteText },
    });
    return updated!;
  });
}
