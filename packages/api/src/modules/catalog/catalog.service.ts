// Catalog use cases: the public and staff listings, and every staff write with its role checks
// (ADMIN everything; BRAND_MANAGER products, variants and stock of their brands; SUPPORT none).
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, forbidden, notFound } from '../../graphql/errors';
import {
  compareSizes,
  correctableTokens,
  searchQueries,
  decodeCursor,
  effectiveSort,
  encodeCursor,
  normalizeFilter,
  pageSize,
  type ProductFilter,
  type ProductFilterInput,
  type ProductSortKey,
} from './catalog.listing';
import {
  addToVariantStock,
  bumpProductVersion,
  allCategories,
  countCategoriesUnder,
  countProducts,
  countProductsInCategory,
  countProductsOfBrand,
  countVariantsOfProduct,
  deleteBrandById,
  deleteCategoryById,
  deleteProductById,
  deleteVariantById,
  findBrand,
  findCategory,
  findProduct,
  findProductRow,
  findVariantWithBrand,
  imageOwners,
  insertBrand,
  insertCategory,
  insertProduct,
  insertStockMovements,
  insertVariant,
  insertVariants,
  listProducts,
  lockVariantStock,
  setProductImages,
  similarSearchWords,
  stockMovementsOf,
  updateBrandById,
  updateCategoryById,
  updateProductById,
  updateVariantById,
  variantStock,
  variantsOfProduct,
  type NewVariant,
  type ProductChanges,
  type ProductListRow,
} from './catalog.repository';
import type { BrandRow, CategoryRow, VariantRow } from './catalog.tables';
import {
  checkVariantSet,
  hexColor,
  logoUrl,
  optionalText,
  requiredText,
  slugOf,
  stockDelta,
  validateVariant,
  type ValidVariant,
  type VariantInput,
} from './catalog.validation';
import { isUuid } from '../../lib/ids';
import { auditActorOfStaff, recordAudit, type AuditEvent } from '../audit/audit';
import { recordCatalogChange } from './catalog.history';
import {
  countedFacets,
  countedProductFacets,
  countedProductTotal,
  productFacets,
} from './catalog.facets.repository';

// ---- listings --------------------------------------------------------------------------------

export interface FacetValueView {
  value: string;
  label: string;
  count: number;
  /** Category facet only: the parent category's slug (null at the top of the tree). */
  parentValue?: string | null;
}

export interface ProductFacetsView {
  brands: FacetValueView[];
  categories: FacetValueView[];
  sizes: FacetValueView[];
  colors: FacetValueView[];
  priceRange: { minCents: number; maxCents: number } | null;
  inStockCount: number;
}

export interface ProductConnectionView {
  edges: { cursor: string; node: ProductListRow }[];
  nodes: ProductListRow[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  /** Lazy: counted only when the operation asks for it. */
  totalCount: () => Promise<number>;
  facets: () => Promise<ProductFacetsView>;
}

export interface ListArgs {
  filter?: ProductFilterInput | null;
  sort?: ProductSortKey | null;
  first?: number | null;
  after?: string | null;
}

export async function listCatalog(
  db: Executor,
  args: ListArgs,
  scope: { publicOnly: boolean; brandIdScope: string[] | null },
): Promise<ProductConnectionView> {
  const first = pageSize(args.first);
  const filter = normalizeFilter(args.filter, scope);
  const sort = effectiveSort(args.sort, filter);
  const after = args.after ? decodeCursor(args.after, sort) : null;
  if (filter.searchTokens.length > 0) {
    const corrections = await similarSearchWords(db, correctableTokens(filter.searchTokens));
    Object.assign(filter, searchQueries(filter.searchTokens, corrections));
  }
  const page = first === 0 ? [] : await listProducts(db, filter, sort, first + 1, after);
  const nodes = page.slice(0, first);
  const edges = nodes.map((node) => ({
    cursor: encodeCursor({ sort, key: node.sortKey, id: node.id }),
    node,
  }));
  let total: Promise<number> | null = null;
  let facets: Promise<ProductFacetsView> | null = null;
  return {
    edges,
    nodes,
    pageInfo: { hasNextPage: page.length > first, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount: () =>
      (total ??= countedFacets(filter)
        ? countedProductTotal(db, filter)
        : countProducts(db, filter)),
    facets: () => (facets ??= facetsOf(db, filter)),
  };
}

async function facetsOf(db: Executor, filter: ProductFilter): Promise<ProductFacetsView> {
  // The pages shoppers land on are counted from the maintained counts; other filters from the rows.
  const raw = countedFacets(filter)
    ? await countedProductFacets(db, filter)
    : await productFacets(db, filter);
  const sizes = (raw.sizes ?? [])
    .map((item) => ({ value: item.value, label: item.value, count: item.count }))
    .sort((a, b) => compareSizes(a.value, b.value));
  const colors = (raw.colors ?? []).map((item) => ({
    value: item.value,
    label: item.value,
    count: item.count,
  }));
  const min = raw.price?.min ?? null;
  const max = raw.price?.max ?? null;
  return {
    brands: raw.brands ?? [],
    categories: raw.categories ?? [],
    sizes,
    colors,
    priceRange: min !== null && max !== null ? { minCents: min, maxCents: max } : null,
    inStockCount: raw.inStock ?? 0,
  };
}

/** BRAND_MANAGER sees and edits only their brands; everybody else on the staff sees all. */
export function brandScopeOf(staff: StaffPrincipal): string[] | null {
  return staff.role === 'BRAND_MANAGER' ? staff.brandIds : null;
}

// ---- permissions -----------------------------------------------------------------------------

const NO_CATALOG_WRITES = 'Seu perfil não pode alterar o catálogo.';

function requireAdmin(staff: StaffPrincipal, what: string): void {
  if (staff.role !== 'ADMIN') throw forbidden(`Somente administradores podem ${what}.`);
}

/** Products, variants and stock: ADMIN, or a BRAND_MANAGER of the product's brand. */
function requireBrandWriter(staff: StaffPrincipal, brandId: string): void {
  if (staff.role === 'ADMIN') return;
  if (staff.role !== 'BRAND_MANAGER') throw forbidden(NO_CATALOG_WRITES);
  if (!staff.brandIds.includes(brandId)) {
    throw forbidden('Você só pode alterar produtos das marcas sob sua gestão.');
  }
}

function requireCatalogWriter(staff: StaffPrincipal): void {
  if (staff.role !== 'ADMIN' && staff.role !== 'BRAND_MANAGER') throw forbidden(NO_CATALOG_WRITES);
}

// ---- database errors -------------------------------------------------------------------------

interface PgErrorLike {
  code?: string;
  constraint?: string;
}

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
function pgError(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgErrorLike & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate;
    }
    current = candidate.cause;
  }
  return null;
}

const UNIQUE_MESSAGES: Record<string, [string, string]> = {
  brands_slug_key: ['Já existe uma marca com este slug.', 'input.slug'],
  categories_slug_key: ['Já existe uma categoria com este slug.', 'input.slug'],
  products_slug_key: ['Já existe um produto com este slug.', 'input.slug'],
  variants_sku_key: ['Já existe uma variante com este SKU.', 'sku'],
};

/** Turns constraint violations into BAD_USER_INPUT; anything else stays an internal error. */
async function translated<T>(work: () => Promise<T>, skuField = 'input.sku'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pg = pgError(error);
    if (pg?.code === '23505' && pg.constraint && UNIQUE_MESSAGES[pg.constraint]) {
      const [message, field] = UNIQUE_MESSAGES[pg.constraint]!;
      throw badUserInput(message, pg.constraint === 'variants_sku_key' ? skuField : field);
    }
    if (pg?.code === '23503') {
      throw badUserInput(
        'Não é possível concluir: o registro está em uso por outro (por exemplo, em pedidos).',
      );
    }
    throw error;
  }
}

// ---- look-ups --------------------------------------------------------------------------------

async function brandById(db: Executor, id: string, field: string): Promise<BrandRow> {
  const brand = isUuid(id) ? await findBrand(db, { id }) : null;
  if (!brand) throw badUserInput('Marca não encontrada.', field);
  return brand;
}

async function categoryById(db: Executor, id: string, field: string): Promise<CategoryRow> {
  const category = isUuid(id) ? await findCategory(db, id) : null;
  if (!category) throw badUserInput('Categoria não encontrada.', field);
  return category;
}

async function existingProduct(db: Executor, id: string) {
  const product = isUuid(id) ? await findProductRow(db, id) : null;
  if (!product) throw notFound('Produto não encontrado.');
  return product;
}

async function existingVariant(db: Executor, id: string) {
  const found = isUuid(id) ? await findVariantWithBrand(db, id) : null;
  if (!found) throw notFound('Variante não encontrada.');
  return found;
}

export async function productView(db: Executor, id: string): Promise<ProductListRow> {
  const row = await findProduct(db, { id }, { publishedOnly: false });
  if (!row) throw notFound('Produto não encontrado.');
  return row;
}

export async function adminProduct(db: Executor, staff: StaffPrincipal, id: string) {
  if (!isUuid(id)) return null;
  const row = await findProduct(db, { id }, { publishedOnly: false });
  const scope = brandScopeOf(staff);
  if (!row || (scope && !scope.includes(row.brandId))) return null;
  return row;
}

// ---- brands ----------------------------------------------------------------------------------

export interface BrandInput {
  slug?: string | null;
  name: string;
  description?: string | null;
  color: string;
  logoUrl?: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  /** true by default; absent on update: unchanged. */
  active?: boolean | null;
}

function brandValues(input: BrandInput, current: BrandRow | null) {
  const currentSlug = current?.slug ?? null;
  const name = requiredText(input.name, 'input.name', 'o nome da marca', 120);
  const slug =
    input.slug === undefined || input.slug === null
      ? (currentSlug ?? slugOf(null, name, 'input.slug'))
      : slugOf(input.slug, name, 'input.slug');
  return {
    slug,
    name,
    description: optionalText(input.description, 'input.description', 'a descrição', 2000) ?? '',
    color: hexColor(input.color, 'input.color'),
    logoUrl: logoUrl(input.logoUrl, 'input.logoUrl'),
    seoTitle: optionalText(input.seoTitle, 'input.seoTitle', 'o título para buscadores', 120),
    seoDescription: optionalText(
      input.seoDescription,
      'input.seoDescription',
      'a descrição para buscadores',
      320,
    ),
    active: input.active ?? current?.active ?? true,
  };
}

export async function createBrand(db: Database, staff: StaffPrincipal, input: BrandInput) {
  requireAdmin(staff, 'criar marcas');
  const values = brandValues(input, null);
  return translated(() =>
    db.transaction(async (tx) => {
      const brand = await insertBrand(tx, values);
      await recordCatalogChange(tx, {
        staff,
        action: 'brand.create',
        entityLabel: brand.name,
        summary: `Marca criada: ${brand.name}${brand.active ? '' : ' (inativa)'}`,
        brandIds: [brand.id],
        after: { name: brand.name, slug: brand.slug, active: brand.active },
      });
      return brand;
    }),
  );
}

export async function updateBrand(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  input: BrandInput,
) {
  requireAdmin(staff, 'alterar marcas');
  const current = isUuid(id) ? await findBrand(db, { id }) : null;
  if (!current) throw notFound('Marca não encontrada.');
  const values = brandValues(input, current);
  const labels: [keyof typeof values, string][] = [
    ['name', 'nome'],
    ['slug', 'slug'],
    ['description', 'descrição'],
    ['color', 'cor'],
    ['logoUrl', 'logo'],
    ['seoTitle', 'título SEO'],
    ['seoDescription', 'descrição SEO'],
    ['active', 'ativa'],
  ];
  const changed = labels.filter(([field]) => (current[field] ?? null) !== values[field]);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field] of changed) {
    before[field] = current[field];
    after[field] = values[field];
  }
  const activation =
    current.active !== values.active ? (values.active ? ' (reativada)' : ' (desativada)') : '';
  return translated(() =>
    db.transaction(async (tx) => {
      const brand = await updateBrandById(tx, id, values);
      await recordCatalogChange(tx, {
        staff,
        action: 'brand.update',
        entityLabel: brand.name,
        summary: `Marca ${brand.name}${activation}: ${
          changed.length > 0 ? changed.map(([, label]) => label).join(', ') : 'sem alterações'
        }`,
        brandIds: [brand.id],
        before,
        after,
      });
      return brand;
    }),
  );
}

/** A catalog change that has no catalog-history entry of its own, in the audit log only. */
function auditCatalog(tx: Executor, staff: StaffPrincipal, event: AuditEvent) {
  return recordAudit(tx, auditActorOfStaff(staff), event);
}

export async function deleteBrand(db: Database, staff: StaffPrincipal, id: string) {
  requireAdmin(staff, 'excluir marcas');
  const current = isUuid(id) ? await findBrand(db, { id }) : null;
  if (!current) throw notFound('Marca não encontrada.');
  const used = await countProductsOfBrand(db, id);
  if (used > 0) {
    throw badUserInput(
      `Não é possível excluir a marca ${current.name}: ela tem ${used} produto(s). Exclua ou mova os produtos antes.`,
      'id',
    );
  }
  await translated(() =>
    db.transaction(async (tx) => {
      await deleteBrandById(tx, id);
      await auditCatalog(tx, staff, {
        action: 'brand.delete',
        entity: 'BRAND',
        entityId: id,
        entityLabel: current.name,
        brandIds: [id],
        summary: `Marca excluída: ${current.name}`,
        before: { name: current.name, slug: current.slug },
      });
    }),
  );
  return true;
}

// ---- categories ------------------------------------------------------------------------------

export interface CategoryInput {
  slug?: string | null;
  name: string;
  parentId?: string | null;
  position?: number | null;
}

/** A new category goes after its siblings. */
function nextPosition(db: Executor, parentId: string | null): Promise<number> {
  return countCategoriesUnder(db, parentId);
}

export async function createCategory(db: Database, staff: StaffPrincipal, input: CategoryInput) {
  requireAdmin(staff, 'criar categorias');
  const name = requiredText(input.name, 'input.name', 'o nome da categoria', 80);
  const slug = slugOf(input.slug, name, 'input.slug');
  const parentId = input.parentId ?? null;
  if (parentId) await categoryById(db, parentId, 'input.parentId');
  const position = input.position ?? (await nextPosition(db, parentId));
  if (position < 0) throw badUserInput('A posição não pode ser negativa.', 'input.position');
  return translated(() =>
    db.transaction(async (tx) => {
      const created = await insertCategory(tx, { slug, name, parentId, position });
      await auditCatalog(tx, staff, {
        action: 'category.create',
        entity: 'CATEGORY',
        entityId: created.id,
        entityLabel: created.name,
        summary: `Categoria criada: ${created.name}`,
        after: { name, slug, parentId, position },
      });
      return created;
    }),
  );
}

export async function updateCategory(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  input: CategoryInput,
) {
  requireAdmin(staff, 'alterar categorias');
  const all = await allCategories(db);
  const current = all.find((row) => row.id === id);
  if (!current) throw notFound('Categoria não encontrada.');
  const name = requiredText(input.name, 'input.name', 'o nome da categoria', 80);
  const slug =
    input.slug === undefined || input.slug === null
      ? current.slug
      : slugOf(input.slug, name, 'input.slug');
  // Absent keeps the parent; an explicit null moves the category to the top level.
  const parentId = input.parentId === undefined ? current.parentId : input.parentId;
  if (parentId) {
    if (!all.some((row) => row.id === parentId)) {
      throw badUserInput('Categoria pai não encontrada.', 'input.parentId');
    }
    // Walk up from the new parent: meeting this category would make a cycle.
    for (
      let at: string | null = parentId;
      at;
      at = all.find((row) => row.id === at)?.parentId ?? null
    ) {
      if (at === id) {
        throw badUserInput(
          'Uma categoria não pode ficar dentro dela mesma nem de uma de suas subcategorias.',
          'input.parentId',
        );
      }
    }
  }
  const position = input.position ?? current.position;
  if (position < 0) throw badUserInput('A posição não pode ser negativa.', 'input.position');
  return translated(() =>
    db.transaction(async (tx) => {
      const updated = await updateCategoryById(tx, id, { name, slug, parentId, position });
      await auditCatalog(tx, staff, {
        action: 'category.update',
        entity: 'CATEGORY',
        entityId: id,
        entityLabel: name,
        summary: `Categoria ${name} alterada`,
        before: {
          name: current.name,
          slug: current.slug,
          parentId: current.parentId,
          position: current.position,
        },
        after: { name, slug, parentId, position },
      });
      return updated;
    }),
  );
}

export async function deleteCategory(db: Database, staff: StaffPrincipal, id: string) {
  requireAdmin(staff, 'excluir categorias');
  const current = isUuid(id) ? await findCategory(db, id) : null;
  if (!current) throw notFound('Categoria não encontrada.');
  if ((await countCategoriesUnder(db, id)) > 0) {
    throw badUserInput(
      `Não é possível excluir a categoria ${current.name}: ela tem subcategorias. Exclua ou mova as subcategorias antes.`,
      'id',
    );
  }
  const used = await countProductsInCategory(db, id);
  if (used > 0) {
    throw badUserInput(
      `Não é possível excluir a categoria ${current.name}: ela tem ${used} produto(s). Mova os produtos para outra categoria antes.`,
      'id',
    );
  }
  await translated(() =>
    db.transaction(async (tx) => {
      await deleteCategoryById(tx, id);
      await auditCatalog(tx, staff, {
        action: 'category.delete',
        entity: 'CATEGORY',
        entityId: id,
        entityLabel: current.name,
        summary: `Categoria excluída: ${current.name}`,
        before: { name: current.name, slug: current.slug },
      });
    }),
  );
  return true;
}

// ---- products --------------------------------------------------------------------------------

export interface ProductInput {
  slug?: string | null;
  name?: string | null;
  description?: string | null;
  brandId?: string | null;
  categoryId?: string | null;
  published?: boolean | null;
  featured?: boolean | null;
  imageIds?: string[] | null;
}

const MAX_IMAGES = 20;

async function checkImages(db: Executor, ids: string[], productId: string | null) {
  if (ids.length > MAX_IMAGES) {
    throw badUserInput(`Um produto pode ter no máximo ${MAX_IMAGES} imagens.`, 'input.imageIds');
  }
  if (new Set(ids).size !== ids.length) {
    throw badUserInput('A mesma imagem aparece mais de uma vez.', 'input.imageIds');
  }
  const valid = ids.filter(isUuid);
  const found = valid.length > 0 ? await imageOwners(db, valid) : [];
  for (const id of ids) {
    const image = found.find((row) => row.id === id);
    if (!image)
      throw badUserInput('Imagem não encontrada: envie-a antes por /media/.', 'input.imageIds');
    if (image.productId !== null && image.productId !== productId) {
      throw badUserInput('Esta imagem já pertence a outro produto.', 'input.imageIds');
    }
  }
}

function variantRow(productId: string, variant: ValidVariant, position: number): NewVariant {
  return {
    productId,
    position,
    sku: variant.sku,
    size: variant.size,
    color: variant.color,
    priceCents: variant.priceCents,
    compareAtPriceCents: variant.compareAtPriceCents,
    stock: variant.stock ?? 0,
    weightGrams: variant.weightGrams,
    lengthCm: variant.lengthCm,
    widthCm: variant.widthCm,
    heightCm: variant.heightCm,
  };
}

export async function createProduct(
  db: Database,
  staff: StaffPrincipal,
  input: ProductInput,
  variantInputs: VariantInput[],
) {
  requireCatalogWriter(staff);
  const brandId = input.brandId ?? '';
  const brand = await brandById(db, brandId, 'input.brandId');
  requireBrandWriter(staff, brand.id);
  await categoryById(db, input.categoryId ?? '', 'input.categoryId');
  const name = requiredText(input.name, 'input.name', 'o nome do produto', 200);
  const description =
    optionalText(input.description, 'input.description', 'a descrição', 5000) ?? '';
  const slug = slugOf(input.slug, name, 'input.slug');
  if (variantInputs.length === 0) {
    throw badUserInput('Cadastre ao menos uma variante do produto.', 'variants');
  }
  if (variantInputs.length > 200) {
    throw badUserInput('Um produto pode ter no máximo 200 variantes.', 'variants');
  }
  const valid = variantInputs.map((variant, index) =>
    validateVariant(variant, `variants.${index}`),
  );
  checkVariantSet(valid, 'variants');
  const imageIds = input.imageIds ?? [];
  await checkImages(db, imageIds, null);

  const id = await translated(
    () =>
      db.transaction(async (tx) => {
        const productId = await insertProduct(tx, {
          slug,
          name,
          description,
          brandId: brand.id,
          categoryId: input.categoryId!,
          published: input.published ?? false,
          featured: input.featured ?? false,
        });
        const created = await insertVariants(
          tx,
          valid.map((variant, index) => variantRow(productId, variant, index)),
        );
        const initial = created.filter((row) => row.stock > 0);
        if (initial.length > 0) {
          await insertStockMovements(
            tx,
            initial.map((row) => ({
              variantId: row.id,
              delta: row.stock,
              reason: 'Estoque inicial',
              kind: 'INITIAL',
              stockAfter: row.stock,
              staffId: staff.id,
            })),
          );
        }
        await setProductImages(tx, productId, imageIds);
        await auditCatalog(tx, staff, {
          action: 'product.create',
          entity: 'PRODUCT',
          entityId: productId,
          entityLabel: name,
          brandIds: [brand.id],
          summary: `Produto criado: ${name} (${created.length} variante(s))`,
          after: { name, slug, published: input.published ?? false },
        });
        return productId;
      }),
    'variants',
  );
  return productView(db, id);
}

export async function updateProduct(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  input: ProductInput,
) {
  requireCatalogWriter(staff);
  const current = await existingProduct(db, id);
  requireBrandWriter(staff, current.brandId);
  const changes: ProductChanges = {};
  if (input.brandId !== undefined && input.brandId !== null && input.brandId !== current.brandId) {
    const brand = await brandById(db, input.brandId, 'input.brandId');
    requireBrandWriter(staff, brand.id);
    changes.brandId = brand.id;
  }
  if (input.categoryId !== undefined && input.categoryId !== null) {
    changes.categoryId = (await categoryById(db, input.categoryId, 'input.categoryId')).id;
  }
  if (input.name !== undefined && input.name !== null) {
    changes.name = requiredText(input.name, 'input.name', 'o nome do produto', 200);
  }
  if (input.description !== undefined && input.description !== null) {
    changes.description =
      optionalText(input.description, 'input.description', 'a descrição', 5000) ?? '';
  }
  if (input.slug !== undefined && input.slug !== null) {
    changes.slug = slugOf(input.slug, changes.name ?? current.name, 'input.slug');
  }
  if (input.published !== undefined && input.published !== null) {
    if (input.published) await requireSellable(db, id);
    changes.published = input.published;
  }
  if (input.featured !== undefined && input.featured !== null) {
    changes.featured = input.featured;
  }
  const imageIds = input.imageIds ?? null;
  if (imageIds) await checkImages(db, imageIds, id);
  await translated(() =>
    db.transaction(async (tx) => {
      await updateProductById(tx, id, changes);
      if (imageIds) await setProductImages(tx, id, imageIds);
      const before: Record<string, unknown> = {};
      for (const key of Object.keys(changes) as (keyof ProductChanges)[]) {
        before[key] = (current as unknown as Record<string, unknown>)[key];
      }
      await auditCatalog(tx, staff, {
        action: 'product.update',
        entity: 'PRODUCT',
        entityId: id,
        entityLabel: changes.name ?? current.name,
        brandIds: [...new Set([current.brandId, changes.brandId ?? current.brandId])],
        summary: `Produto ${changes.name ?? current.name} alterado`,
        before,
        after: { ...changes, ...(imageIds ? { imageIds } : {}) },
      });
    }),
  );
  return productView(db, id);
}

async function requireSellable(db: Executor, productId: string) {
  if ((await countVariantsOfProduct(db, productId)) === 0) {
    throw badUserInput('Cadastre ao menos uma variante antes de publicar o produto.', 'published');
  }
}

export async function publishProduct(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  published: boolean,
) {
  requireCatalogWriter(staff);
  const current = await existingProduct(db, id);
  requireBrandWriter(staff, current.brandId);
  if (published) await requireSellable(db, id);
  await db.transaction(async (tx) => {
    await updateProductById(tx, id, { published });
    await auditCatalog(tx, staff, {
      action: published ? 'product.publish' : 'product.unpublish',
      entity: 'PRODUCT',
      entityId: id,
      entityLabel: current.name,
      brandIds: [current.brandId],
      summary: `Produto ${current.name} ${published ? 'publicado' : 'despublicado'}`,
      before: { published: current.published },
      after: { published },
    });
  });
  return productView(db, id);
}

export async function deleteProduct(db: Database, staff: StaffPrincipal, id: string) {
  requireCatalogWriter(staff);
  const current = await existingProduct(db, id);
  requireBrandWriter(staff, current.brandId);
  await translated(() =>
    db.transaction(async (tx) => {
      await deleteProductById(tx, id);
      await recordCatalogChange(tx, {
        staff,
        action: 'product.delete',
        entityLabel: current.name,
        summary: `Produto excluído: ${current.name}`,
        productIds: [id],
        brandIds: [current.brandId],
        before: { name: current.name, slug: current.slug },
      });
    }),
  );
  return true;
}

// ---- variants and stock ----------------------------------------------------------------------

async function siblingsClash(
  db: Executor,
  productId: string,
  variant: ValidVariant,
  exceptId: string | null,
) {
  const siblings = await variantsOfProduct(db, productId);
  const others = siblings.filter((row) => row.id !== exceptId);
  checkVariantSet([...others, variant], 'input');
  return siblings.length;
}

export async function createVariant(
  db: Database,
  staff: StaffPrincipal,
  productId: string,
  input: VariantInput,
) {
  requireCatalogWriter(staff);
  const product = await existingProduct(db, productId);
  requireBrandWriter(staff, product.brandId);
  const valid = validateVariant(input, 'input');
  const position = await sameOptionsGuard(db, productId, valid, null);
  const row = await translated(() =>
    db.transaction(async (tx) => {
      const created = await insertVariant(tx, variantRow(productId, valid, position));
      await bumpProductVersion(tx, productId);
      if (created.stock > 0) {
        await insertStockMovements(tx, [
          {
            variantId: created.id,
            delta: created.stock,
            reason: 'Estoque inicial',
            kind: 'INITIAL',
            stockAfter: created.stock,
            staffId: staff.id,
          },
        ]);
      }
      await auditCatalog(tx, staff, {
        action: 'variant.create',
        entity: 'VARIANT',
        entityId: created.id,
        entityLabel: `${product.name} (${created.sku})`,
        brandIds: [product.brandId],
        summary: `Variante ${created.sku} criada em ${product.name}`,
        after: { sku: created.sku, priceCents: created.priceCents, stock: created.stock },
      });
      return created;
    }),
  );
  return row;
}

/** Clear messages for a repeated SKU or option set (the unique index is the final guard). */
async function sameOptionsGuard(
  db: Executor,
  productId: string,
  variant: ValidVariant,
  exceptId: string | null,
): Promise<number> {
  try {
    return await siblingsClash(db, productId, variant, exceptId);
  } catch (error) {
    // Re-point the field of the set check at the single input being saved.
    const field = (error as { extensions?: { field?: string } }).extensions?.field ?? '';
    if (field.startsWith('input.')) {
      const message = (error as Error).message;
      throw badUserInput(message, field.endsWith('.sku') ? 'input.sku' : 'input');
    }
    throw error;
  }
}

export async function updateVariant(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  input: VariantInput,
) {
  requireCatalogWriter(staff);
  const { variant: current, brandId } = await existingVariant(db, id);
  requireBrandWriter(staff, brandId);
  const valid = validateVariant(input, 'input');
  await sameOptionsGuard(db, current.productId, valid, id);
  return translated(() =>
    db.transaction(async (tx) => {
      // Lock the row so a concurrent checkout's decrement and this correction do not interleave.
      const locked = await lockVariantStock(tx, id);
      const stock = valid.stock ?? locked!.stock;
      const row = await updateVariantById(tx, id, {
        sku: valid.sku,
        size: valid.size,
        color: valid.color,
        priceCents: valid.priceCents,
        compareAtPriceCents: valid.compareAtPriceCents,
        stock,
        weightGrams: valid.weightGrams,
        lengthCm: valid.lengthCm,
        widthCm: valid.widthCm,
        heightCm: valid.heightCm,
      });
      await bumpProductVersion(tx, current.productId);
      if (stock !== locked!.stock) {
        await insertStockMovements(tx, [
          {
            variantId: id,
            delta: stock - locked!.stock,
            reason: 'Correção na edição da variante',
            kind: 'EDIT',
            stockAfter: stock,
            staffId: staff.id,
          },
        ]);
      }
      await auditCatalog(tx, staff, {
        action: 'variant.update',
        entity: 'VARIANT',
        entityId: id,
        entityLabel: valid.sku,
        brandIds: [brandId],
        summary: `Variante ${valid.sku} alterada`,
        before: {
          sku: current.sku,
          priceCents: current.priceCents,
          compareAtPriceCents: current.compareAtPriceCents,
          stock: locked!.stock,
        },
        after: {
          sku: valid.sku,
          priceCents: valid.priceCents,
          compareAtPriceCents: valid.compareAtPriceCents,
          stock,
        },
      });
      return row;
    }),
  );
}

export async function deleteVariant(db: Database, staff: StaffPrincipal, id: string) {
  requireCatalogWriter(staff);
  const { variant, brandId } = await existingVariant(db, id);
  requireBrandWriter(staff, brandId);
  const product = await findProductRow(db, variant.productId);
  const siblings = await countVariantsOfProduct(db, variant.productId);
  if (product?.published && siblings <= 1) {
    throw badUserInput(
      'Não é possível excluir a única variante de um produto publicado. Despublique o produto antes.',
      'id',
    );
  }
  await translated(() =>
    db.transaction(async (tx) => {
      await deleteVariantById(tx, id);
      await bumpProductVersion(tx, variant.productId);
      await auditCatalog(tx, staff, {
        action: 'variant.delete',
        entity: 'VARIANT',
        entityId: id,
        entityLabel: product ? `${product.name} (${variant.sku})` : variant.sku,
        brandIds: [brandId],
        summary: `Variante ${variant.sku} excluída`,
        before: { sku: variant.sku, priceCents: variant.priceCents, stock: variant.stock },
      });
    }),
  );
  return true;
}

export async function adjustStock(
  db: Database,
  staff: StaffPrincipal,
  variantId: string,
  delta: number,
  reason: string,
): Promise<VariantRow> {
  requireCatalogWriter(staff);
  const { brandId } = await existingVariant(db, variantId);
  requireBrandWriter(staff, brandId);
  stockDelta(delta);
  const why = requiredText(reason, 'reason', 'o motivo do ajuste', 200);
  return db.transaction(async (tx) => {
    // Conditional update: never below zero, even with concurrent checkouts.
    const row = await addToVariantStock(tx, variantId, delta);
    if (!row) {
      const current = await variantStock(tx, variantId);
      throw badUserInput(
        `Estoque insuficiente: o ajuste deixaria o estoque negativo (atual: ${current ?? 0}).`,
        'delta',
      );
    }
    await insertStockMovements(tx, [
      { variantId, delta, reason: why, kind: 'EDIT', stockAfter: row.stock, staffId: staff.id },
    ]);
    await auditCatalog(tx, staff, {
      action: 'stock.adjust',
      entity: 'VARIANT',
      entityId: variantId,
      entityLabel: row.sku,
      brandIds: [brandId],
      summary: `Estoque de ${row.sku}: ${why.toLowerCase()}, ${row.stock - delta} → ${row.stock} (${delta > 0 ? '+' : ''}${delta})`,
      before: { stock: row.stock - delta },
      after: { stock: row.stock, reason: why },
    });
    return row;
  });
}

export async function listStockMovements(
  db: Executor,
  staff: StaffPrincipal,
  variantId: string,
  first: number | null | undefined,
) {
  const { brandId } = await existingVariant(db, variantId);
  const scope = brandScopeOf(staff);
  if (scope && !scope.includes(brandId)) throw forbidden('Esta variante é de outra marca.');
  const limit = pageSize(first ?? 50);
  return stockMovementsOf(db, variantId, limit);
}

/** Staff read the whole catalog except BRAND_MANAGERs, limited to their brands. */
export function staffScope(staff: StaffPrincipal) {
  return { publicOnly: false, brandIdScope: brandScopeOf(staff) };
}
