// GraphQL resolvers of the dashboard's catalog screens: the products grid's reads and in-grid
// edits, the product editor's save, stock changes, staff brands and the new staff fields.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { fieldsOf } from '../../lib/graphql-fields';
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
import type { VariantRow } from './catalog.tables';

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

  StaffProductConnection: fieldsOf<StaffProductConnectionView>({
    totalCount: (connection: StaffProductConnectionView) => connection.totalCount(),
  }),

  Product: fieldsOf<ProductListRow>({
    async totalStock(product: ProductListRow, _args: unknown, ctx: Ctx) {
      const variants = await catalogLoaders(ctx).variants.load(product.id);
      return variants.reduce((sum, variant) => sum + variant.stock, 0);
    },
    async stockLevel(product: ProductListRow, _args: unknown, ctx: Ctx) {
      return stockLevelOf(await catalogLoaders(ctx).variants.load(product.id));
    },
    ncm: fiscalField('ncm'),
    cest: fiscalField('cest'),
    origin: fiscalField('origin'),
    taxSituation: fiscalField('taxSituation'),
  }),

  Variant: fieldsOf<VariantRow>({
    hasOrders(variant: VariantRow, _args: unknown, ctx: Ctx) {
      return catalogLoaders(ctx).variantHasOrders.load(variant.id);
    },
  }),

  StockMovement: fieldsOf<{ staffId: string | null }>({
    staffName(movement: { staffId: string | null }, _args: unknown, ctx: Ctx) {
      return movement.staffId ? catalogLoaders(ctx).staffName.load(movement.staffId) : null;
    },
  }),
};
