// Catalog use cases, products, variants and stock: the staff writes of ADMIN and of a
// BRAND_MANAGER on their brands, each recorded in the catalog history or the audit log.
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, forbidden } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { pageSize } from './catalog.listing';
import { stockMovementsOf } from './catalog.repository';
import {
  countVariantsOfProduct,
  findProductRow,
  imageOwners,
  lockVariantStock,
  setProductImages,
  variantStock,
  variantsOfProduct,
  type ProductChanges,
} from './catalog.staff.repository';
import type { ProductRow, VariantRow } from './catalog.tables';
import {
  checkVariantSet,
  optionalText,
  requiredText,
  slugOf,
  stockDelta,
  validateVariant,
  type ValidVariant,
  type VariantInput,
} from './catalog.validation';
import { recordCatalogChange } from './catalog.history';
import {
  bumpProductVersions,
  deleteProducts,
  deleteVariants,
  insertProducts,
  insertVariants,
  setProductColumns,
  updateProducts,
  recordStockMovements,
  updateVariants,
  variantsByIds,
  writeVariantStock,
  type ProductValues,
  type VariantInsert,
} from './catalog.writer.repository';
import {
  auditCatalog,
  brandById,
  brandScopeOf,
  categoryById,
  existingProduct,
  existingVariant,
  productView,
  requireBrandWriter,
  requireCatalogWriter,
  translated,
} from './catalog.service.common';

// ---- products --------------------------------------------------------------------------------

/** A product's own fields as stored (what a partial update starts from). */
function productValuesOf(row: ProductRow): ProductValues {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    brandId: row.brandId,
    categoryId: row.categoryId,
    published: row.published,
    featured: row.featured,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
  };
}

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

/** The API's VariantInput has no GTIN nor threshold: a new variant starts without them. */
function variantRow(productId: string, variant: ValidVariant, position: number): VariantInsert {
  return {
    ...variant,
    productId,
    position,
    stock: variant.stock ?? 0,
    gtin: null,
    lowStockThreshold: null,
  };
}

function initialStock(created: { id: string; stock: number }[], staffId: string) {
  return created
    .filter((row) => row.stock > 0)
    .map((row) => ({
      variantId: row.id,
      delta: row.stock,
      stockAfter: row.stock,
      reason: 'Estoque inicial',
      kind: 'INITIAL' as const,
      staffId,
    }));
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
        const inserted = await insertProducts(tx, [
          {
            slug,
            name,
            description,
            brandId: brand.id,
            categoryId: input.categoryId!,
            published: input.published ?? false,
            featured: input.featured ?? false,
            seoTitle: null,
            seoDescription: null,
          },
        ]);
        const productId = inserted.get(slug)!;
        const created = await insertVariants(
          tx,
          valid.map((variant, index) => variantRow(productId, variant, index)),
        );
        await recordStockMovements(tx, initialStock(created, staff.id));
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
      await updateProducts(tx, [{ ...productValuesOf(current), ...changes, id }], {
        fiscal: false,
        bump: true,
      });
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
    await setProductColumns(tx, [id], { published });
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
      await deleteProducts(tx, [id]);
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
      const [created] = await insertVariants(tx, [variantRow(productId, valid, position)]);
      if (!created) throw new Error('variant insert returned no row');
      await bumpProductVersions(tx, [productId]);
      await recordStockMovements(tx, initialStock([created], staff.id));
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
      // The API's VariantInput has no GTIN nor threshold: the variant keeps its own.
      await updateVariants(tx, [
        {
          ...valid,
          id,
          stock,
          gtin: current.gtin,
          lowStockThreshold: current.lowStockThreshold,
          position: null,
        },
      ]);
      await bumpProductVersions(tx, [current.productId]);
      if (stock !== locked!.stock) {
        await recordStockMovements(tx, [
          {
            variantId: id,
            delta: stock - locked!.stock,
            stockAfter: stock,
            reason: 'Correção na edição da variante',
            kind: 'EDIT',
            staffId: staff.id,
          },
        ]);
      }
      const [row] = await variantsByIds(tx, [id]);
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
      return row!;
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
      await deleteVariants(tx, [id]);
      await bumpProductVersions(tx, [variant.productId]);
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
    const row = await writeVariantStock(tx, variantId, { add: delta });
    if (!row) {
      const current = await variantStock(tx, variantId);
      throw badUserInput(
        `Estoque insuficiente: o ajuste deixaria o estoque negativo (atual: ${current ?? 0}).`,
        'delta',
      );
    }
    await recordStockMovements(tx, [
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
