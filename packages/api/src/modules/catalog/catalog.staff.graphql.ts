// GraphQL resolvers of the dashboard's catalog screens: the products grid's reads and in-grid
// edits, the product editor's save, stock changes, staff brands and the new staff fields.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { catalogLoaders } from './catalog.loaders';
import type { ProductFiscal } from '@vitrine/rules';
import type { ProductListRow } from './catalog.repository';
import {
  changeStock,
  checkProductSlug,
  listStaffProducts,
  setVariantPrice,
  staffBrands,
  stockLevelOf,
  type StaffProductConnectionView,
} from './catalog.staff';
import { saveProduct } from './catalog.save';

type Ctx = GraphQLContext;

/** A product's fiscal field: staff only (any role reads it). */
function fiscalField<K extends keyof ProductFiscal>(key: K) {
  return async (product: ProductListRow, _args: unknown, ctx: Ctx) => {
    requireStaff(ctx);
    return (await catalogLoaders(ctx).productFiscal.load(product.id))[key];
  };
}

/** What these resolvers hand on as the schema's objects (mappers of resolvers.generated.ts). */
export type { StaffProductConnectionView };

export const resolvers: Resolvers = {
  Query: {
    staffProducts: (_root, args, ctx) => listStaffProducts(ctx.db, requireStaff(ctx), args),
    staffBrands: (_root, _args, ctx) => staffBrands(ctx.db, requireStaff(ctx)),
    productSlugCheck(_root, args, ctx) {
      requireStaff(ctx);
      return checkProductSlug(ctx.db, args.slug, args.exceptProductId);
    },
  },

  Mutation: {
    productSave: (_root, args, ctx) =>
      saveProduct(ctx.db, requireAuditedStaff(ctx), args.id, args.expectedVersion, args.input),
    variantPriceSet: (_root, args, ctx) =>
      setVariantPrice(
        ctx.db,
        requireAuditedStaff(ctx),
        args.id,
        args.priceCents,
        args.compareAtPriceCents,
      ),
    stockChange: (_root, args, ctx) =>
      changeStock(
        ctx.db,
        requireAuditedStaff(ctx),
        args.variantId,
        args.reason,
        args.quantity,
        args.note,
      ),
  },

  StaffProductConnection: {
    totalCount: (connection) => connection.totalCount(),
  },

  Product: {
    async totalStock(product, _args, ctx) {
      const variants = await catalogLoaders(ctx).variants.load(product.id);
      return variants.reduce((sum, variant) => sum + variant.stock, 0);
    },
    async stockLevel(product, _args, ctx) {
      return stockLevelOf(await catalogLoaders(ctx).variants.load(product.id));
    },
    ncm: fiscalField('ncm'),
    cest: fiscalField('cest'),
    origin: fiscalField('origin'),
    taxSituation: fiscalField('taxSituation'),
  },

  Variant: {
    hasOrders(variant, _args, ctx) {
      return catalogLoaders(ctx).variantHasOrders.load(variant.id);
    },
  },

  StockMovement: {
    staffName(movement, _args, ctx) {
      return movement.staffId ? catalogLoaders(ctx).staffName.load(movement.staffId) : null;
    },
  },
};
