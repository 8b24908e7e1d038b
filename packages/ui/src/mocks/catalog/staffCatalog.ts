// The staff half of the catalog domain (spread into catalog/catalog.ts): the products grid
// (staffProducts, staffBrands, variantPriceSet, stockChange, productsBulk, catalogHistory,
// stockMovements for staff), answering as the API does: a BRAND_MANAGER sees and changes their
// brands' products only, SUPPORT reads only, bad input names its field, bulk changes are all or
// nothing and check expectedCount.
import {
  foldText,
  applyPriceChange,
  bulkEmptyRefusal,
  bulkPriceBoundsRefusal,
  CATALOG_GRID_MESSAGES,
  checkBulkChange,
  checkBulkSelection,
  checkCatalogHistoryPage,
  checkStaffProductsPage,
  checkStockChange,
  checkVariantPriceSet,
  formatBRL,
  gridCompareAt,
  MAX_PRICE_CENTS,
  stockAfterChange,
  type RuleResult,
  type ValidVariantPackage,
  type ProductFiscalInput,
  type VariantPackageInput,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  stockLevelOf,
  type CatalogFixtures,
  type CategoryFixture,
  type ProductFixture,
  type VariantFixture,
} from './catalog.fixtures';
import type { StaffFixture } from '../auth/staff.fixtures';
import type { CatalogHistoryFixture, StockMovementFixture } from './staffCatalog.fixtures';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { applyBulkFiscal, bulkFiscalSummary, checkBulkFiscal } from './staffCatalogFiscal';
import { applyBulkPackage, bulkPackageSummary, checkBulkPackage } from './staffCatalogPackage';

const foldTrimmed = (text: string): string => foldText(text).trim();

/** The rule's value, or its refusal as the server's BAD_USER_INPUT on its field. */
function ruled<T>(result: RuleResult<T>): T {
  if (!result.ok) throw badInput(result.issue.message, result.issue.field);
  return result.value;
}

/** The mock's ids are names ('product-1'), not the server's UUIDs: letters, digits, '-', '_'. */
const isMockId = (id: string): boolean => /^[\w-]+$/.test(id);

export const CATALOG_FORBIDDEN_MESSAGE = 'Você não tem permissão para alterar o catálogo.';
export const OTHER_BRAND_MESSAGE = 'Este produto é de uma marca que você não gerencia.';
export const PRODUCT_NOT_FOUND_MESSAGE = 'Produto não encontrado.';
export const VARIANT_NOT_FOUND_MESSAGE = 'Variante não encontrada.';

type StockLevel = 'OUT' | 'LOW' | 'AVAILABLE';
type StaffProductSort =
  | 'UPDATED_DESC'
  | 'UPDATED_ASC'
  | 'NAME_ASC'
  | 'NAME_DESC'
  | 'PRICE_ASC'
  | 'PRICE_DESC'
  | 'STOCK_ASC'
  | 'STOCK_DESC'
  | 'CREATED_DESC';

export interface StaffProductFilterInput {
  search?: string | null;
  brandIds?: string[] | null;
  categoryId?: string | null;
  published?: boolean | null;
  featured?: boolean | null;
  stockLevel?: StockLevel | null;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
}

type BulkAction =
  | 'PUBLISH'
  | 'UNPUBLISH'
  | 'FEATURE'
  | 'UNFEATURE'
  | 'MOVE_TO_CATEGORY'
  | 'CHANGE_PRICES'
  | 'SET_PACKAGE'
  | 'SET_FISCAL'
  | 'DELETE';

interface BulkInput {
  action: BulkAction;
  ids?: string[] | null;
  filter?: StaffProductFilterInput | null;
  categoryId?: string | null;
  priceChange?: {
    percent?: number | null;
    amountCents?: number | null;
    roundTo90?: boolean | null;
    roundDirection?: 'NEAREST' | 'UP' | 'DOWN' | null;
  } | null;
  package?: VariantPackageInput | null;
  fiscal?: ProductFiscalInput | null;
  expectedCount: number;
}

interface Ledger {
  history: CatalogHistoryFixture[];
  movements: StockMovementFixture[];
}

// Each mock world's catalog gets its own copy of the products, history and ledger the first time a
// staff field touches it: a story's changes never leak into the next story using the same input.
const ledgers = new WeakMap<CatalogFixtures, Ledger>();

function ledgerOf(catalog: CatalogFixtures): Ledger {
  let ledger = ledgers.get(catalog);
  if (!ledger) {
    const extra = catalog as CatalogFixtures & Partial<Ledger>;
    catalog.products = structuredClone(catalog.products);
    ledger = {
      history: structuredClone(extra.history ?? []),
      movements: structuredClone(extra.movements ?? []),
    };
    ledgers.set(catalog, ledger);
  }
  return ledger;
}

function forbidden(message = CATALOG_FORBIDDEN_MESSAGE): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

function canSee(staff: StaffFixture, product: ProductFixture): boolean {
  return staff.role !== 'BRAND_MANAGER' || staff.brandIds.includes(product.brand.id);
}

/** The staff member who may change the catalog (ADMIN, BRAND_MANAGER), with the ledger. */
function editor(context: RequestContext): { staff: StaffFixture; ledger: Ledger } {
  const staff = requireStaff(context);
  if (staff.role === 'SUPPORT') throw forbidden();
  return { staff, ledger: ledgerOf(context.world.catalog) };
}

function flatten(categories: CategoryFixture[]): CategoryFixture[] {
  return categories.flatMap((category) => [category, ...flatten(category.children)]);
}

function variantLabel(variant: VariantFixture): string {
  return [variant.size, variant.color].filter(Boolean).join(' / ') || variant.sku;
}

/** Recomputes what the server derives from the variants, and marks the product changed. */
function touch(product: ProductFixture, bumpVersion: boolean) {
  const prices = product.variants.map((variant) => variant.priceCents);
  for (const variant of product.variants) variant.available = variant.stock > 0;
  product.minPriceCents = prices.length ? Math.min(...prices) : 0;
  product.maxPriceCents = prices.length ? Math.max(...prices) : 0;
  const cheapest = [...product.variants].sort((a, b) => a.priceCents - b.priceCents)[0];
  product.compareAtPriceCents = cheapest?.compareAtPriceCents ?? null;
  product.totalStock = product.variants.reduce((sum, v) => sum + Math.max(0, v.stock), 0);
  product.stockLevel = stockLevelOf(product.variants);
  product.inStock = product.variants.some((variant) => variant.stock > 0);
  product.updatedAt = new Date().toISOString();
  if (bumpVersion) product.version += 1;
}

let nextId = 1;

function record(
  ledger: Ledger,
  staff: StaffFixture,
  action: string,
  summary: string,
  products: ProductFixture[],
): CatalogHistoryFixture {
  const entry: CatalogHistoryFixture = {
    id: `history-new-${nextId++}`,
    createdAt: new Date().toISOString(),
    staffName: staff.name,
    action,
    summary,
    productIds: products.slice(0, 100).map((product) => product.id),
    productCount: products.length,
  };
  ledger.history.unshift(entry);
  return entry;
}

export function filterStaffProducts(
  catalog: CatalogFixtures,
  staff: StaffFixture,
  filter: StaffProductFilterInput,
): ProductFixture[] {
  let categoryIds: Set<string> | null = null;
  if (filter.categoryId) {
    const category = flatten(catalog.categories).find((item) => item.id === filter.categoryId);
    categoryIds = new Set(category ? flatten([category]).map((item) => item.id) : []);
  }
  const search = foldTrimmed(filter.search ?? '');
  const words = search.split(/\s+/).filter(Boolean);
  return catalog.products.filter((product) => {
    if (!canSee(staff, product)) return false;
    if (filter.brandIds?.length && !filter.brandIds.includes(product.brand.id)) return false;
    if (categoryIds && !categoryIds.has(product.category.id)) return false;
    if (filter.published != null && product.published !== filter.published) return false;
    if (filter.featured != null && product.featured !== filter.featured) return false;
    if (filter.stockLevel && product.stockLevel !== filter.stockLevel) return false;
    if (filter.minPriceCents != null && product.minPriceCents < filter.minPriceCents) return false;
    if (filter.maxPriceCents != null && product.minPriceCents > filter.maxPriceCents) return false;
    if (words.length > 0) {
      // As the server: part of a SKU (case ignored) or a whole GTIN.
      const exact = product.variants.some(
        (variant) =>
          foldTrimmed(variant.sku).includes(search) ||
          (variant.gtin !== null && variant.gtin === search),
      );
      const text = foldTrimmed(`${product.name} ${product.slug}`);
      if (!exact && !words.every((word) => text.includes(word))) return false;
    }
    return true;
  });
}

function sortProducts(products: ProductFixture[], sort: StaffProductSort): ProductFixture[] {
  const byName = (a: ProductFixture, b: ProductFixture) => a.name.localeCompare(b.name, 'pt-BR');
  const compare: Record<StaffProductSort, (a: ProductFixture, b: ProductFixture) => number> = {
    UPDATED_DESC: (a, b) => b.updatedAt.localeCompare(a.updatedAt),
    UPDATED_ASC: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
    NAME_ASC: byName,
    NAME_DESC: (a, b) => byName(b, a),
    PRICE_ASC: (a, b) => a.minPriceCents - b.minPriceCents,
    PRICE_DESC: (a, b) => b.minPriceCents - a.minPriceCents,
    STOCK_ASC: (a, b) => a.totalStock - b.totalStock,
    STOCK_DESC: (a, b) => b.totalStock - a.totalStock,
    CREATED_DESC: (a, b) => b.createdAt.localeCompare(a.createdAt),
  };
  return [...products].sort((a, b) => compare[sort](a, b) || a.id.localeCompare(b.id));
}

function findVariant(catalog: CatalogFixtures, id: string) {
  for (const product of catalog.products) {
    const variant = product.variants.find((item) => item.id === id);
    if (variant) return { product, variant };
  }
  return null;
}

function bulkSummary(input: BulkInput, count: number, categoryName: string | null): string {
  const products = count === 1 ? '1 produto' : `${count} produtos`;
  switch (input.action) {
    case 'PUBLISH':
      return `Publicação de ${products}`;
    case 'UNPUBLISH':
      return `Despublicação de ${products}`;
    case 'FEATURE':
      return `Destaque em ${products}`;
    case 'UNFEATURE':
      return `Destaque removido de ${products}`;
    case 'MOVE_TO_CATEGORY':
      return `${products} movido${count === 1 ? '' : 's'} para ${categoryName ?? ''}`;
    case 'DELETE':
      return `${products} excluído${count === 1 ? '' : 's'}`;
    case 'SET_PACKAGE':
      // Named with the package and the variants by bulkPackageSummary.
      return `Embalagem de ${products}`;
    case 'SET_FISCAL':
      // Named with the values by bulkFiscalSummary.
      return `Dados fiscais de ${products}`;
    case 'CHANGE_PRICES': {
      const change = input.priceChange ?? {};
      const amount =
        change.percent != null
          ? `${change.percent > 0 ? '+' : ''}${String(change.percent).replace('.', ',')} %`
          : `${(change.amountCents ?? 0) >= 0 ? '+' : '-'}${formatBRL(Math.abs(change.amountCents ?? 0))}`;
      // As the server's describePriceChange.
      const rounding = {
        NEAREST: 'arredondados para o ,90 mais próximo',
        UP: 'arredondados para cima, para ,90',
        DOWN: 'arredondados para baixo, para ,90',
      }[change.roundDirection ?? 'NEAREST'];
      return `Preços de ${products}: ${amount}${change.roundTo90 ? ` (${rounding})` : ''}`;
    }
  }
}

const ACTION_NAMES: Record<BulkAction, string> = {
  PUBLISH: 'publish',
  UNPUBLISH: 'unpublish',
  FEATURE: 'feature',
  UNFEATURE: 'unfeature',
  MOVE_TO_CATEGORY: 'move_to_category',
  CHANGE_PRICES: 'change_prices',
  SET_PACKAGE: 'set_package',
  SET_FISCAL: 'set_fiscal',
  DELETE: 'delete',
};

const STOCK_REASON_LABELS = {
  RECEIVED: 'entrada',
  MANUAL_SALE: 'venda manual',
  DAMAGED: 'avaria',
  STOCK_COUNT: 'inventário',
} as const;

export const staffCatalogResolvers = {
  staffProducts: (
    args: {
      filter?: StaffProductFilterInput | null;
      sort?: StaffProductSort | null;
      first?: number | null;
      offset?: number | null;
    },
    context: RequestContext,
  ) => {
    const staff = requireStaff(context);
    ledgerOf(context.world.catalog);
    const { first, offset } = ruled(checkStaffProductsPage(args));
    const found = filterStaffProducts(context.world.catalog, staff, args.filter ?? {});
    const sorted = sortProducts(found, args.sort ?? 'UPDATED_DESC');
    return { nodes: sorted.slice(offset, offset + first), totalCount: sorted.length };
  },

  staffBrands: (_args: unknown, context: RequestContext) => {
    const staff = requireStaff(context);
    return context.world.catalog.brands
      .filter((brand) => staff.role !== 'BRAND_MANAGER' || staff.brandIds.includes(brand.id))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  },

  variantPriceSet: (
    args: { id: string; priceCents: number; compareAtPriceCents?: number | null },
    context: RequestContext,
  ) => {
    const { staff, ledger } = editor(context);
    const found = findVariant(context.world.catalog, args.id);
    if (!found) throw notFound(VARIANT_NOT_FOUND_MESSAGE);
    const { product, variant } = found;
    if (!canSee(staff, product)) throw forbidden(OTHER_BRAND_MESSAGE);
    // The server's rules and messages (@vitrine/rules); left out, the "de" price stays.
    const given = ruled(checkVariantPriceSet(args));
    const compareAt = ruled(gridCompareAt(given, variant.compareAtPriceCents));
    const before = variant.priceCents;
    variant.priceCents = args.priceCents;
    variant.compareAtPriceCents = compareAt;
    touch(product, true);
    record(
      ledger,
      staff,
      'variant.price',
      `Preço de ${product.name} (${variantLabel(variant)}): ${formatBRL(before)} → ${formatBRL(args.priceCents)}`,
      [product],
    );
    return variant;
  },

  stockChange: (
    args: {
      variantId: string;
      reason: keyof typeof STOCK_REASON_LABELS;
      quantity: number;
      note?: string | null;
    },
    context: RequestContext,
  ) => {
    const { staff, ledger } = editor(context);
    const found = findVariant(context.world.catalog, args.variantId);
    if (!found) throw notFound(VARIANT_NOT_FOUND_MESSAGE);
    const { product, variant } = found;
    if (!canSee(staff, product)) throw forbidden(OTHER_BRAND_MESSAGE);
    const change = ruled(checkStockChange(args));
    const note = change.note;
    const next = ruled(stockAfterChange(variant.stock, change));
    const delta = next - variant.stock;
    variant.stock = next;
    touch(product, false);
    ledger.movements.unshift({
      id: `movement-new-${nextId++}`,
      variantId: variant.id,
      delta,
      reason: args.reason.toLowerCase(),
      kind: args.reason,
      stockAfter: variant.stock,
      staffId: staff.id,
      staffName: staff.name,
      note,
      createdAt: new Date().toISOString(),
    });
    const units = Math.abs(delta) === 1 ? '1 unidade' : `${Math.abs(delta)} unidades`;
    record(
      ledger,
      staff,
      'stock.adjust',
      args.reason === 'STOCK_COUNT'
        ? `Estoque de ${product.name} (${variantLabel(variant)}): inventário, ${variant.stock} em estoque`
        : `Estoque de ${product.name} (${variantLabel(variant)}): ${STOCK_REASON_LABELS[args.reason]} de ${units}`,
      [product],
    );
    return variant;
  },

  productsBulk: ({ input }: { input: BulkInput }, context: RequestContext) => {
    const { staff, ledger } = editor(context);
    const catalog = context.world.catalog;
    const selection = ruled(checkBulkSelection(input, isMockId));
    const change = ruled(checkBulkChange(input, isMockId));
    let products: ProductFixture[];
    if (selection.ids) {
      // As the server: an id no product has is not selected (the count then tells).
      const wanted = new Set(selection.ids);
      products = catalog.products.filter((item) => wanted.has(item.id));
      if (products.some((product) => !canSee(staff, product))) {
        throw forbidden(OTHER_BRAND_MESSAGE);
      }
    } else {
      products = filterStaffProducts(catalog, staff, input.filter ?? {});
    }
    if (products.length !== input.expectedCount) {
      // As the server answers it (catalog.bulk.ts: BulkCountChangedError).
      const count = products.length;
      throw new GraphQLError(
        `A seleção mudou: agora são ${count} ${count === 1 ? 'produto' : 'produtos'}. Confira e confirme de novo.`,
        { extensions: { code: 'BULK_COUNT_CHANGED', count, field: 'input.expectedCount' } },
      );
    }
    if (products.length === 0) {
      const empty = bulkEmptyRefusal(selection.ids !== null);
      throw badInput(empty.message, empty.field);
    }
    let category: CategoryFixture | null = null;
    if (change.categoryId !== null) {
      category = flatten(catalog.categories).find((item) => item.id === change.categoryId) ?? null;
      if (!category) throw badInput(CATALOG_GRID_MESSAGES.categoryNotFound, 'input.categoryId');
    }
    const pkg: ValidVariantPackage | null =
      input.action === 'SET_PACKAGE' ? checkBulkPackage(input.package, products) : null;
    const fiscal = input.action === 'SET_FISCAL' ? checkBulkFiscal(input.fiscal, products) : null;
    const newPrices = new Map<VariantFixture, number>();
    if (change.priceChange) {
      const tooLow: string[] = [];
      const tooHigh: string[] = [];
      for (const product of products) {
        for (const variant of product.variants) {
          const next = applyPriceChange(variant.priceCents, change.priceChange);
          if (next < 1 && !tooLow.includes(product.name)) tooLow.push(product.name);
          else if (next > MAX_PRICE_CENTS && !tooHigh.includes(product.name)) {
            tooHigh.push(product.name);
          }
          newPrices.set(variant, next);
        }
      }
      const bounds = bulkPriceBoundsRefusal(tooLow, tooHigh);
      if (bounds) throw badInput(bounds.message, bounds.field);
    }
    for (const product of products) {
      switch (input.action) {
        case 'PUBLISH':
          product.published = true;
          break;
        case 'UNPUBLISH':
          product.published = false;
          break;
        case 'FEATURE':
          product.featured = true;
          break;
        case 'UNFEATURE':
          product.featured = false;
          break;
        case 'MOVE_TO_CATEGORY':
          if (category) product.category = category;
          break;
        case 'CHANGE_PRICES':
          for (const variant of product.variants) {
            variant.priceCents = newPrices.get(variant) ?? variant.priceCents;
            // A sale's 'de' price must stay above the price: one the change passed is dropped.
            if (
              variant.compareAtPriceCents !== null &&
              variant.compareAtPriceCents <= variant.priceCents
            ) {
              variant.compareAtPriceCents = null;
            }
          }
          break;
        case 'SET_PACKAGE':
          applyBulkPackage(product, pkg!);
          break;
        case 'SET_FISCAL':
          applyBulkFiscal(product, fiscal!);
          break;
        case 'DELETE':
          break;
      }
      touch(product, true);
    }
    if (input.action === 'DELETE') {
      const gone = new Set(products.map((product) => product.id));
      catalog.products = catalog.products.filter((product) => !gone.has(product.id));
    }
    const historyEntry = record(
      ledger,
      staff,
      `products.bulk.${ACTION_NAMES[input.action]}`,
      pkg
        ? bulkPackageSummary(products, pkg)
        : fiscal
          ? bulkFiscalSummary(products.length, fiscal)
          : bulkSummary(input, products.length, category?.name ?? null),
      products,
    );
    return { action: input.action, count: products.length, historyEntry };
  },

  catalogHistory: (
    args: { productId?: string | null; first?: number | null; offset?: number | null },
    context: RequestContext,
  ) => {
    const staff = requireStaff(context);
    const catalog = context.world.catalog;
    const ledger = ledgerOf(catalog);
    const { first, offset } = ruled(checkCatalogHistoryPage(args));
    const brandOf = new Map(catalog.products.map((product) => [product.id, product.brand.id]));
    return ledger.history
      .filter((entry) => !args.productId || entry.productIds.includes(args.productId))
      .filter(
        (entry) =>
          staff.role !== 'BRAND_MANAGER' ||
          (entry.productIds.length > 0 &&
            entry.productIds.every((id) => staff.brandIds.includes(brandOf.get(id) ?? ''))),
      )
      .slice(offset, offset + first);
  },

  stockMovements: (args: { variantId: string; first?: number | null }, context: RequestContext) => {
    const staff = requireStaff(context);
    const catalog = context.world.catalog;
    const ledger = ledgerOf(catalog);
    const found = findVariant(catalog, args.variantId);
    if (!found) throw notFound(VARIANT_NOT_FOUND_MESSAGE);
    if (!canSee(staff, found.product)) throw forbidden(OTHER_BRAND_MESSAGE);
    return ledger.movements
      .filter((movement) => movement.variantId === args.variantId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, args.first ?? 50);
  },
} satisfies RootResolvers;
