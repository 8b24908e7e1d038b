// GraphQL resolvers of the catalog: public reads, staff reads and the staff mutations.
import { fieldsOf } from '../../lib/graphql-fields';
import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { catalogLoaders, type CategoryTree } from './catalog.loaders';
import type { ProductFilterInput, ProductSortKey } from './catalog.listing';
import { badUserInput } from '../../graphql/errors';
import { systemClock } from '../../clock';
import {
  allBrands,
  bestSellingProducts,
  findBrand,
  findProduct,
  type ProductListRow,
} from './catalog.repository';
import {
  createBrand,
  createCategory,
  deleteBrand,
  updateBrand,
  updateCategory,
  type BrandInput,
  type CategoryInput,
} from './catalog.brands.service';
import { listCatalog, staffScope, type ProductConnectionView } from './catalog.listing.service';
import {
  adjustStock,
  createProduct,
  createVariant,
  deleteProduct,
  deleteVariant,
  listStockMovements,
  publishProduct,
  updateProduct,
  updateVariant,
  type ProductInput,
} from './catalog.products.service';
import { adminProduct } from './catalog.service.common';
import type { BrandRow, CategoryRow, ImageRow, VariantRow } from './catalog.tables';
import type { VariantInput } from './catalog.validation';
import { imageUrls } from './catalog.images';
import { deleteCategoryExplained } from './catalog.structure';

type Ctx = GraphQLContext;

interface ListArgs {
  filter?: ProductFilterInput | null;
  sort?: ProductSortKey | null;
  first?: number | null;
  after?: string | null;
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function descendantIds(tree: CategoryTree, id: string): string[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i += 1) {
    for (const child of tree.children.get(ids[i]!) ?? []) ids.push(child.id);
  }
  return ids;
}

/** Best sellers count the units of paid orders of the last 90 days. */
export const BEST_SELLERS_WINDOW_DAYS = 90;
const MAX_BEST_SELLERS = 24;

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    // The storefront: inactive brands are hidden (staff list them through staffBrands).
    brands: (_root: unknown, _args: unknown, ctx: Ctx) => allBrands(ctx.db, { activeOnly: true }),
    async brand(_root: unknown, args: { slug: string }, ctx: Ctx) {
      const brand = await findBrand(ctx.db, { slug: args.slug });
      return brand?.active ? brand : null;
    },
    async categories(_root: unknown, _args: unknown, ctx: Ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      return tree.children.get(null) ?? [];
    },
    async staffCategories(_root: unknown, _args: unknown, ctx: Ctx) {
      requireStaff(ctx);
      const tree = await catalogLoaders(ctx).categories.get();
      // Depth first, siblings in their order (the tree's children lists are sorted by position).
      const flat: CategoryRow[] = [];
      const visit = (parentId: string | null, depth: number) => {
        if (depth > 20) return; // a cycle cannot happen (checked on write); stay safe anyway
        for (const child of tree.children.get(parentId) ?? []) {
          flat.push(child);
          visit(child.id, depth + 1);
        }
      };
      visit(null, 0);
      return flat;
    },
    async category(_root: unknown, args: { slug: string }, ctx: Ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      return tree.bySlug.get(args.slug) ?? null;
    },
    products: (_root: unknown, args: ListArgs, ctx: Ctx) =>
      listCatalog(ctx.db, args, { publicOnly: true, brandIdScope: null }),
    product: (_root: unknown, args: { slug: string }, ctx: Ctx) =>
      findProduct(ctx.db, { slug: args.slug }, { publishedOnly: true }),
    bestSellers(_root: unknown, args: { first?: number | null }, ctx: Ctx) {
      const first = args.first ?? 8;
      if (!Number.isInteger(first) || first < 1 || first > MAX_BEST_SELLERS) {
        throw badUserInput(`Informe first entre 1 e ${MAX_BEST_SELLERS}.`, 'first');
      }
      const server = ctx.request.server;
      const clock = server.hasDecorator('clock') ? server.clock : systemClock;
      const since = new Date(clock.now() - BEST_SELLERS_WINDOW_DAYS * 86_400_000);
      return bestSellingProducts(ctx.db, since, first);
    },

    adminProducts(_root: unknown, args: ListArgs, ctx: Ctx) {
      const staff = requireStaff(ctx);
      return listCatalog(ctx.db, args, staffScope(staff));
    },
    adminProduct(_root: unknown, args: { id: string }, ctx: Ctx) {
      return adminProduct(ctx.db, requireStaff(ctx), args.id);
    },
    stockMovements(_root: unknown, args: { variantId: string; first?: number | null }, ctx: Ctx) {
      return listStockMovements(ctx.db, requireStaff(ctx), args.variantId, args.first);
    },
  },

  Mutation: {
    brandCreate: (_root: unknown, args: { input: BrandInput }, ctx: Ctx) =>
      createBrand(ctx.db, requireAuditedStaff(ctx), args.input),
    brandUpdate: (_root: unknown, args: { id: string; input: BrandInput }, ctx: Ctx) =>
      updateBrand(ctx.db, requireAuditedStaff(ctx), args.id, args.input),
    brandDelete: (_root: unknown, args: { id: string }, ctx: Ctx) =>
      deleteBrand(ctx.db, requireAuditedStaff(ctx), args.id),
    categoryCreate: (_root: unknown, args: { input: CategoryInput }, ctx: Ctx) =>
      createCategory(ctx.db, requireAuditedStaff(ctx), args.input),
    categoryUpdate: (_root: unknown, args: { id: string; input: CategoryInput }, ctx: Ctx) =>
      updateCategory(ctx.db, requireAuditedStaff(ctx), args.id, args.input),
    categoryDelete: (_root: unknown, args: { id: string }, ctx: Ctx) =>
      deleteCategoryExplained(ctx.db, requireAuditedStaff(ctx), args.id),
    productCreate: (
      _root: unknown,
      args: { input: ProductInput; variants: VariantInput[] },
      ctx: Ctx,
    ) => createProduct(ctx.db, requireAuditedStaff(ctx), args.input, args.variants),
    productUpdate: (_root: unknown, args: { id: string; input: ProductInput }, ctx: Ctx) =>
      updateProduct(ctx.db, requireAuditedStaff(ctx), args.id, args.input),
    productDelete: (_root: unknown, args: { id: string }, ctx: Ctx) =>
      deleteProduct(ctx.db, requireAuditedStaff(ctx), args.id),
    productPublish: (_root: unknown, args: { id: string; published: boolean }, ctx: Ctx) =>
      publishProduct(ctx.db, requireAuditedStaff(ctx), args.id, args.published),
    variantCreate: (_root: unknown, args: { productId: string; input: VariantInput }, ctx: Ctx) =>
      createVariant(ctx.db, requireAuditedStaff(ctx), args.productId, args.input),
    variantUpdate: (_root: unknown, args: { id: string; input: VariantInput }, ctx: Ctx) =>
      updateVariant(ctx.db, requireAuditedStaff(ctx), args.id, args.input),
    variantDelete: (_root: unknown, args: { id: string }, ctx: Ctx) =>
      deleteVariant(ctx.db, requireAuditedStaff(ctx), args.id),
    stockAdjust: (
      _root: unknown,
      args: { variantId: string; delta: number; reason: string },
      ctx: Ctx,
    ) => adjustStock(ctx.db, requireAuditedStaff(ctx), args.variantId, args.delta, args.reason),
  },

  ProductConnection: fieldsOf<ProductConnectionView>({
    totalCount(connection: ProductConnectionView) {
      return connection.totalCount();
    },
    facets(connection: ProductConnectionView) {
      return connection.facets();
    },
  }),

  Brand: fieldsOf<BrandRow>({
    productCount(brand: BrandRow, _args: unknown, ctx: Ctx) {
      return catalogLoaders(ctx).brandProductCount.load(brand.id);
    },
  }),

  Category: fieldsOf<CategoryRow>({
    async children(category: CategoryRow, _args: unknown, ctx: Ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      return tree.children.get(category.id) ?? [];
    },
    async path(category: CategoryRow, _args: unknown, ctx: Ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      const path: CategoryRow[] = [];
      for (let at: CategoryRow | undefined = category; at;) {
        path.unshift(at);
        at = at.parentId ? tree.byId.get(at.parentId) : undefined;
        if (path.length > 20) break; // a cycle cannot happen (checked on write); stay safe anyway
      }
      return path;
    },
    async productCount(category: CategoryRow, _args: unknown, ctx: Ctx) {
      const loaders = catalogLoaders(ctx);
      const [tree, counts] = await Promise.all([
        loaders.categories.get(),
        loaders.categoryProductCounts.get(),
      ]);
      return descendantIds(tree, category.id).reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
    },
  }),

  Product: fieldsOf<ProductListRow>({
    async brand(product: ProductListRow, _args: unknown, ctx: Ctx) {
      const brand = await catalogLoaders(ctx).brand.load(product.brandId);
      if (!brand) throw new Error(`product ${product.id} has no brand ${product.brandId}`);
      return brand;
    },
    async category(product: ProductListRow, _args: unknown, ctx: Ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      const category = tree.byId.get(product.categoryId);
      if (!category) throw new Error(`product ${product.id} has no category`);
      return category;
    },
    async images(product: ProductListRow, args: { first?: number | null }, ctx: Ctx) {
      const first = args.first;
      if (first !== undefined && first !== null && (!Number.isInteger(first) || first < 0)) {
        throw badUserInput('Informe first como um número inteiro positivo.', 'first');
      }
      const images = await catalogLoaders(ctx).images.load(product.id);
      return first === undefined || first === null ? images : images.slice(0, first);
    },
    variants(product: ProductListRow, _args: unknown, ctx: Ctx) {
      return catalogLoaders(ctx).variants.load(product.id);
    },
    createdAt(product: ProductListRow) {
      return iso(product.createdAt);
    },
    updatedAt(product: ProductListRow) {
      return iso(product.updatedAt);
    },
  }),

  Image: fieldsOf<ImageRow>({
    url(image: ImageRow) {
      return imageUrls(image).url;
    },
    srcSet(image: ImageRow) {
      return imageUrls(image).srcSet;
    },
  }),

  Variant: fieldsOf<VariantRow>({
    options(variant: VariantRow) {
      const options: { name: string; value: string }[] = [];
      if (variant.size) options.push({ name: 'Tamanho', value: variant.size });
      if (variant.color) options.push({ name: 'Cor', value: variant.color });
      return options;
    },
    available(variant: VariantRow) {
      return variant.stock > 0;
    },
  }),

  StockMovement: fieldsOf<{ createdAt: Date | string }>({
    createdAt(movement: { createdAt: Date | string }) {
      return iso(movement.createdAt);
    },
  }),
};
