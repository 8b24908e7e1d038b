// Bulk changes of the products grid (productsBulk): one action over a selection of products (ids
// or the grid's filter), all or nothing in one transaction with the products' rows locked, the
// selection's size checked against what the confirmation showed, one history entry.
import mercurius from 'mercurius';
import type { SQL } from 'drizzle-orm';
import {
  applyPriceChange,
  bulkEmptyRefusal,
  bulkPriceBoundsRefusal,
  CATALOG_GRID_LIMITS,
  CATALOG_GRID_MESSAGES,
  checkBulkChange,
  checkBulkSelection,
  formatBRL,
  MAX_PRICE_CENTS,
  PRODUCT_BULK_ACTIONS,
  type PriceChange,
  type PriceRoundDirection,
  type ProductBulkActionName,
  type ValidProductFiscal,
  type ValidVariantPackage,
  type VariantPackageInput,
} from '@vitrine/rules';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, forbidden } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { products, someNames, type Applied, type Selected } from './catalog.bulk.common';
import { ruled } from './catalog.validation';
import {
  countProductsWhere,
  lockProductsByIds,
  lockProductsWhere,
  lockVariantPricesOf,
  namesWithoutVariants,
  shareCategoryName,
  type VariantPriceRow,
} from './catalog.bulk.repository';
import { setFiscal, validFiscal, type FiscalArgument } from './catalog.bulk.fiscal';
import { setPackage, validPackage } from './catalog.bulk.package';
import { recordCatalogChange, type CatalogHistoryRow } from './catalog.history';
import { staffProductWhere, type StaffProductFilterInput } from './catalog.staff.where.repository';
import { deleteProducts, setProductColumns, setVariantPrices } from './catalog.writer.repository';

export const productBulkActions = PRODUCT_BULK_ACTIONS;
export type ProductBulkAction = ProductBulkActionName;

export interface ProductBulkInput {
  action: ProductBulkAction;
  ids?: string[] | null;
  filter?: StaffProductFilterInput | null;
  categoryId?: string | null;
  priceChange?: PriceChange | null;
  package?: VariantPackageInput | null;
  fiscal?: FiscalArgument | null;
  expectedCount: number;
}

export interface ProductBulkResult {
  action: ProductBulkAction;
  count: number;
  historyEntry: CatalogHistoryRow;
}

/** At most this many ids in one request. */
export const MAX_BULK_IDS = CATALOG_GRID_LIMITS.bulkIds;
/** At most this many products in one bulk change (ids or filter). */
export const MAX_BULK_PRODUCTS = 5000;

/** The selection changed since the confirmation: nothing was done; `count` is the size now. */
export class BulkCountChangedError extends mercurius.ErrorWithProps {
  readonly code = 'BULK_COUNT_CHANGED';
  constructor(readonly count: number) {
    super(
      `A seleção mudou: agora são ${count} ${count === 1 ? 'produto' : 'produtos'}. Confira e confirme de novo.`,
      { code: 'BULK_COUNT_CHANGED', count, field: 'input.expectedCount' },
      200,
    );
  }
}

// ---- input -----------------------------------------------------------------------------------

interface ValidInput {
  action: ProductBulkAction;
  ids: string[] | null;
  filter: StaffProductFilterInput | null;
  categoryId: string | null;
  priceChange: PriceChange | null;
  package: ValidVariantPackage | null;
  fiscal: ValidProductFiscal | null;
  expectedCount: number;
}

/** How the history names the rounding. */
const ROUNDING_TEXT: Record<PriceRoundDirection, string> = {
  NEAREST: 'arredondados para o ,90 mais próximo',
  UP: 'arredondados para cima, para ,90',
  DOWN: 'arredondados para baixo, para ,90',
};

function validInput(staff: StaffPrincipal, input: ProductBulkInput): ValidInput {
  const selection = ruled(checkBulkSelection(input, isUuid));
  const filter = selection.hasFilter ? input.filter! : null;
  if (filter && staff.role === 'BRAND_MANAGER') {
    const others = (filter.brandIds ?? []).filter((id) => !staff.brandIds.includes(id));
    if (others.length > 0) {
      throw forbidden('O filtro inclui marcas que não estão sob sua gestão. Nada foi alterado.');
    }
  }
  const change = ruled(checkBulkChange(input, isUuid));
  return {
    action: selection.action,
    ids: selection.ids,
    filter,
    categoryId: change.categoryId,
    priceChange: change.priceChange,
    package: input.action === 'SET_PACKAGE' ? validPackage(input.package) : null,
    fiscal: input.action === 'SET_FISCAL' ? validFiscal(input.fiscal) : null,
    expectedCount: change.expectedCount,
  };
}

// ---- selection -------------------------------------------------------------------------------

/** The selected products, locked (FOR UPDATE, in id order so concurrent changes queue). */
async function lockSelection(
  tx: Executor,
  staff: StaffPrincipal,
  input: ValidInput,
): Promise<Selected[]> {
  if (input.ids) {
    const found = await lockProductsByIds(tx, input.ids);
    if (staff.role === 'BRAND_MANAGER') {
      const notTheirs = found.filter((row) => !staff.brandIds.includes(row.brand_id)).length;
      if (notTheirs > 0) {
        throw forbidden(
          notTheirs === 1
            ? '1 dos produtos escolhidos não é das marcas sob sua gestão. Nada foi alterado.'
            : `${notTheirs} dos produtos escolhidos não são das marcas sob sua gestão. Nada foi alterado.`,
        );
      }
    }
    return found;
  }
  const scope = staff.role === 'BRAND_MANAGER' ? staff.brandIds : null;
  const where = filterWhere(input.filter, scope);
  const counted = await countProductsWhere(tx, where);
  if (counted > MAX_BULK_PRODUCTS) throw tooMany(counted);
  return lockProductsWhere(tx, where, MAX_BULK_PRODUCTS + 1);
}

/** The grid's selection; its input errors name the field under input ('input.filter.search'). */
function filterWhere(filter: StaffProductFilterInput | null, scope: string[] | null): SQL {
  try {
    return staffProductWhere(filter, scope);
  } catch (error) {
    const field = (error as { extensions?: { field?: unknown } }).extensions?.field;
    if (typeof field === 'string' && field.startsWith('filter')) {
      throw badUserInput((error as Error).message, `input.${field}`);
    }
    throw error;
  }
}

function tooMany(count: number) {
  return badUserInput(
    `Uma alteração em massa pode mudar no máximo ${MAX_BULK_PRODUCTS.toLocaleString('pt-BR')} produtos; a seleção tem ${count.toLocaleString('pt-BR')}. Refine o filtro e faça em partes.`,
    'input.filter',
  );
}

// ---- actions ---------------------------------------------------------------------------------

async function publish(tx: Executor, selected: Selected[]): Promise<Applied> {
  const ids = selected.map((row) => row.id);
  const empty = await namesWithoutVariants(tx, ids);
  if (empty.length > 0) {
    const names = someNames(empty);
    throw badUserInput(
      empty.length === 1
        ? `1 produto não tem variantes e não pode ser publicado: ${names}. Cadastre uma variante ou tire-o da seleção. Nada foi alterado.`
        : `${empty.length} produtos não têm variantes e não podem ser publicados: ${names}. Cadastre variantes ou tire-os da seleção. Nada foi alterado.`,
      'input',
    );
  }
  await setProductColumns(tx, ids, { published: true });
  return {
    summary:
      selected.length === 1 ? 'Publicado 1 produto' : `Publicados ${selected.length} produtos`,
  };
}

async function moveToCategory(
  tx: Executor,
  selected: Selected[],
  categoryId: string,
): Promise<Applied> {
  const category = await shareCategoryName(tx, categoryId);
  if (category === null) {
    throw badUserInput(CATALOG_GRID_MESSAGES.categoryNotFound, 'input.categoryId');
  }
  const ids = selected.map((row) => row.id);
  await setProductColumns(tx, ids, { categoryId });
  const n = selected.length;
  return {
    summary: `${n === 1 ? 'Movido 1 produto' : `Movidos ${n} produtos`} para a categoria ${category}`,
    // Compact: [product id, category id] before; the one category after.
    before: { categories: selected.map((row) => [row.id, row.category_id]) },
    after: { categoryId },
  };
}

/** '-10 %', '+5,5 %', '-R$ 5,00', '+R$ 10,00'. */
export function describePriceChange(change: PriceChange): string {
  let text: string;
  if (change.percent !== null && change.percent !== undefined) {
    const sign = change.percent > 0 ? '+' : change.percent < 0 ? '-' : '';
    text = `${sign}${String(Math.abs(change.percent)).replace('.', ',')} %`;
  } else {
    const amount = change.amountCents ?? 0;
    const sign = amount > 0 ? '+' : amount < 0 ? '-' : '';
    text = `${sign}${formatBRL(Math.abs(amount))}`;
  }
  return change.roundTo90 ? `${text} (${ROUNDING_TEXT[change.roundDirection ?? 'NEAREST']})` : text;
}

async function changePrices(
  tx: Executor,
  selected: Selected[],
  change: PriceChange,
): Promise<Applied> {
  const ids = selected.map((row) => row.id);
  const current = await lockVariantPricesOf(tx, ids);
  const names = new Map(selected.map((row) => [row.id, row.name]));
  const tooLow = new Set<string>();
  const tooHigh = new Set<string>();
  const changed: { id: string; price: number; compareAt: number | null; old: VariantPriceRow }[] =
    [];
  for (const variant of current) {
    const price = applyPriceChange(variant.price_cents, change);
    if (price < 1) tooLow.add(variant.product_id);
    else if (price > MAX_PRICE_CENTS) tooHigh.add(variant.product_id);
    const compareAt =
      variant.compare_at_price_cents !== null && variant.compare_at_price_cents > price
        ? variant.compare_at_price_cents
        : null;
    if (price !== variant.price_cents || compareAt !== variant.compare_at_price_cents) {
      changed.push({ id: variant.id, price, compareAt, old: variant });
    }
  }
  const named = (set: Set<string>) =>
    selected.filter((row) => set.has(row.id)).map((row) => names.get(row.id)!);
  const bounds = bulkPriceBoundsRefusal(named(tooLow), named(tooHigh));
  if (bounds) throw badUserInput(bounds.message, bounds.field);
  await setVariantPrices(
    tx,
    changed.map((item) => ({
      id: item.id,
      priceCents: item.price,
      compareAtPriceCents: item.compareAt,
    })),
  );
  await setProductColumns(tx, ids, {});
  return {
    summary: `Preços de ${products(selected.length)}: ${describePriceChange(change)}`,
    // Compact: [variant id, price, compare-at] of the variants that changed.
    before: {
      variants: changed.map((item) => [
        item.id,
        item.old.price_cents,
        item.old.compare_at_price_cents,
      ]),
    },
    after: { variants: changed.map((item) => [item.id, item.price, item.compareAt]) },
  };
}

async function remove(tx: Executor, selected: Selected[]): Promise<Applied> {
  // Order lines keep their own copy (product_id/variant_id become null); variants, photos and
  // stock movements go with the product.
  await deleteProducts(
    tx,
    selected.map((row) => row.id),
  );
  const n = selected.length;
  return {
    summary: n === 1 ? 'Excluído 1 produto' : `Excluídos ${n} produtos`,
    before: { products: selected.map((row) => [row.id, row.name]) },
  };
}

async function apply(tx: Executor, input: ValidInput, selected: Selected[]): Promise<Applied> {
  const n = selected.length;
  const ids = selected.map((row) => row.id);
  switch (input.action) {
    case 'PUBLISH':
      return publish(tx, selected);
    case 'UNPUBLISH':
      await setProductColumns(tx, ids, { published: false });
      return { summary: n === 1 ? 'Despublicado 1 produto' : `Despublicados ${n} produtos` };
    case 'FEATURE':
      await setProductColumns(tx, ids, { featured: true });
      return {
        summary: n === 1 ? 'Destacado 1 produto' : `Destacados ${n} produtos`,
      };
    case 'UNFEATURE':
      await setProductColumns(tx, ids, { featured: false });
      return { summary: `Destaque removido de ${products(n)}` };
    case 'MOVE_TO_CATEGORY':
      return moveToCategory(tx, selected, input.categoryId!);
    case 'CHANGE_PRICES':
      return changePrices(tx, selected, input.priceChange!);
    case 'SET_PACKAGE':
      return setPackage(tx, selected, input.package!);
    case 'SET_FISCAL':
      return setFiscal(tx, selected, input.fiscal!);
    case 'DELETE':
      return remove(tx, selected);
  }
}

// ---- the use case ----------------------------------------------------------------------------

/** ADMIN and BRAND_MANAGER (their brands' products only): one change, all or nothing. */
export async function productsBulk(
  db: Database,
  staff: StaffPrincipal,
  raw: ProductBulkInput,
): Promise<ProductBulkResult> {
  if (staff.role !== 'ADMIN' && staff.role !== 'BRAND_MANAGER') {
    throw forbidden('Seu perfil não pode alterar o catálogo.');
  }
  const input = validInput(staff, raw);
  return db.transaction(async (tx) => {
    const selected = await lockSelection(tx, staff, input);
    if (selected.length > MAX_BULK_PRODUCTS) throw tooMany(selected.length);
    if (selected.length !== input.expectedCount) {
      throw new BulkCountChangedError(selected.length);
    }
    if (selected.length === 0) {
      const empty = bulkEmptyRefusal(input.ids !== null);
      throw badUserInput(empty.message, empty.field);
    }
    const applied = await apply(tx, input, selected);
    const historyEntry = await recordCatalogChange(tx, {
      staff,
      action: `products.bulk.${input.action.toLowerCase()}`,
      summary: applied.summary,
      productIds: selected.map((row) => row.id),
      brandIds: selected.map((row) => row.brand_id),
      before: applied.before,
      after: applied.after,
    });
    return { action: input.action, count: selected.length, historyEntry };
  });
}
