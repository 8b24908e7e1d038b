// The dashboard's catalog: the products grid (staffProducts), in-grid price edits, stock changes with reasons, slug checks and staff brands.
// Roles: ADMIN everything; BRAND_MANAGER the products of their brands; SUPPORT reads only.
import {
  checkStaffProductsPage,
  checkStockChange,
  checkVariantPriceSet,
  gridCompareAt,
  PAGING_LIMITS,
  PRODUCT_INPUT_MESSAGES,
  slugifyName,
  stockAfterChange,
  suggestFreeSlug,
} from '@vitrine/rules';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { recordCatalogChange } from './catalog.history';
import { allBrands, type ProductListRow } from './catalog.repository';
import { brandScopeOf, requireBrandWriter, requireCatalogWriter } from './catalog.service.common';
import {
  countStaffProducts,
  isStaffProductSort,
  lockVariantPrices,
  lockVariantStockOf,
  staffProductsPage,
  takenSlugs,
  type StaffProductSort,
  findVariantWithBrand,
} from './catalog.staff.repository';
import { staffProductWhere, type StaffProductFilterInput } from './catalog.staff.where.repository';
import type { BrandRow, VariantRow } from './catalog.tables';
import {
  bumpProductVersions,
  recordStockMovements,
  setVariantPrices,
  variantsByIds,
  writeVariantStock,
} from './catalog.writer.repository';
import { ruled } from './catalog.validation';

// ---- the products grid -------------------------------------------------------------------------

export type { StaffProductSort };

export const STAFF_PAGE_DEFAULT = PAGING_LIMITS.staffProductsDefault;
export const STAFF_PAGE_MAX = PAGING_LIMITS.staffProductsPage;
export const STAFF_OFFSET_MAX = PAGING_LIMITS.staffProductsOffset;

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
  const { first, offset } = ruled(checkStaffProductsPage(args));
  const sort = args.sort ?? 'UPDATED_DESC';
  if (!isStaffProductSort(sort)) throw badUserInput('Ordenação inválida.', 'sort');
  const where = staffProductWhere(args.filter, brandScopeOf(staff));
  const nodes = first === 0 ? [] : await staffProductsPage(db, where, sort, { first, offset });
  let total: Promise<number> | null = null;
  return { nodes, totalCount: () => (total ??= countStaffProducts(db, where)) };
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

// ---- slugs -------------------------------------------------------------------------------------

/** A free variant of `slug`: 'camiseta-2', 'camiseta-3'... (kept within 80 characters). */
export function freeSlug(slug: string, taken: Set<string>): string {
  return suggestFreeSlug(slug, (candidate) => taken.has(candidate));
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
    throw badUserInput(PRODUCT_INPUT_MESSAGES.slugCheckEmpty, 'slug');
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
  requireBrandWriter(staff, found.brandId);
  // Left out, the "de" price stays as stored (the grid sends the price alone); null clears it.
  const given = ruled(checkVariantPriceSet({ priceCents, compareAtPriceCents }));
  return db.transaction(async (tx) => {
    const before = await lockVariantPrices(tx, id);
    if (!before) throw notFound('Variante não encontrada.');
    const compareAt = ruled(gridCompareAt(given, before.compare));
    await setVariantPrices(tx, [{ id, priceCents, compareAtPriceCents: compareAt }]);
    await bumpProductVersions(tx, [found.variant.productId]);
    await recordCatalogChange(tx, {
      staff,
      action: 'variant.price',
      entityId: id,
      entityLabel: `${before.name} (${found.variant.sku})`,
      summary: `Preço de ${before.name} (${found.variant.sku}): ${brl(before.price)} → ${brl(priceCents)}`,
      productIds: [found.variant.productId],
      brandIds: [found.brandId],
      before: { priceCents: before.price, compareAtPriceCents: before.compare },
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
  requireBrandWriter(staff, found.brandId);
  const change = ruled(checkStockChange({ reason, quantity, note }));
  const reasonText = STOCK_REASON_TEXT[change.reason];
  const noteText = change.note;
  return db.transaction(async (tx) => {
    const locked = await lockVariantStockOf(tx, variantId);
    if (!locked) throw notFound('Variante não encontrada.');
    const current = locked.stock;
    const next = ruled(stockAfterChange(current, change));
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
