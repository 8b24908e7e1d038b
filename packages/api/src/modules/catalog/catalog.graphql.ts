// GraphQL resolvers of the catalog: public reads, staff reads and the staff mutations.
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { catalogLoaders, type CategoryTree } from './catalog.loaders';
import { badUserInput } from '../../graphql/errors';
import { fieldsAskedOf } from '../../graphql/selection';
import { systemClock } from '../../clock';
import {
  allBrands,
  bestSellingProducts,
  findBrand,
  type ProductListRow,
} from './catalog.repository';
import {
  createBrand,
  createCategory,
  deleteBrand,
  updateBrand,
  updateCategory,
} from './catalog.brands.service';
import { findPublishedProduct } from './catalog.reads.repository';
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
} from './catalog.products.service';
import { adminProduct } from './catalog.service.common';
import type { CategoryRow } from './catalog.tables';
import { imageUrls } from './catalog.images';
import { deleteCategoryExplained } from './catalog.structure';

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

/** What these resolvers hand on as the schema's objects (mappers of resolvers.generated.ts). */
export type { ProductListRow, ProductConnectionView };

export const resolvers: Resolvers = {
  Query: {
    // The storefront: inactive brands are hidden (staff list them through staffBrands).
    brands: (_root, _args, ctx) => allBrands(ctx.db, { activeOnly: true }),
    async brand(_root, args, ctx) {
      const brand = await findBrand(ctx.db, { slug: args.slug });
      return brand?.active ? brand : null;
    },
    async categories(_root, _args, ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      return tree.children.get(null) ?? [];
    },
    async staffCategories(_root, _args, ctx) {
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
    async category(_root, args, ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      return tree.bySlug.get(args.slug) ?? null;
    },
    products: (_root, args, ctx, info) =>
      listCatalog(ctx.db, args, { publicOnly: true, brandIdScope: null }, fieldsAskedOf(info)),
    product: (_root, args, ctx) => findPublishedProduct(ctx.db, args.slug),
    bestSellers(_root, args, ctx) {
      const first = args.first ?? 8;
      if (!Number.isInteger(first) || first < 1 || first > MAX_BEST_SELLERS) {
        throw badUserInput(`Informe first entre 1 e ${MAX_BEST_SELLERS}.`, 'first');
      }
      const server = ctx.request.server;
      const clock = server.hasDecorator('clock') ? server.clock : systemClock;
      const since = new Date(clock.now() - BEST_SELLERS_WINDOW_DAYS * 86_400_000);
      return bestSellingProducts(ctx.db, since, first);
    },

    adminProducts(_root, args, ctx, info) {
      const staff = requireStaff(ctx);
      return listCatalog(ctx.db, args, staffScope(staff), fieldsAskedOf(info));
    },
    adminProduct(_root, args, ctx) {
      return adminProduct(ctx.db, requireStaff(ctx), args.id);
    },
    stockMovements(_root, args, ctx) {
      return listStockMovements(ctx.db, requireStaff(ctx), args.variantId, args.first);
    },
  },

  Mutation: {
    brandCreate: (_root, args, ctx) => createBrand(ctx.db, requireAuditedStaff(ctx), args.input),
    brandUpdate: (_root, args, ctx) =>
      updateBrand(ctx.db, requireAuditedStaff(ctx), args.id, args.input),
    brandDelete: (_root, args, ctx) => deleteBrand(ctx.db, requireAuditedStaff(ctx), args.id),
    categoryCreate: (_root, args, ctx) =>
      createCategory(ctx.db, requireAuditedStaff(ctx), args.input),
    categoryUpdate: (_root, args, ctx) =>
      updateCategory(ctx.db, requireAuditedStaff(ctx), args.id, args.input),
    categoryDelete: (_root, args, ctx) =>
      deleteCategoryExplained(ctx.db, requireAuditedStaff(ctx), args.id),
    productCreate: (_root, args, ctx) =>
      createProduct(ctx.db, requireAuditedStaff(ctx), args.input, args.variants),
    productUpdate: (_root, args, ctx) =>
      updateProduct(ctx.db, requireAuditedStaff(ctx), args.id, args.input),
    productDelete: (_root, args, ctx) => deleteProduct(ctx.db, requireAuditedStaff(ctx), args.id),
    productPublish: (_root, args, ctx) =>
      publishProduct(ctx.db, requireAuditedStaff(ctx), args.id, args.published),
    variantCreate: (_root, args, ctx) =>
      createVariant(ctx.db, requireAuditedStaff(ctx), args.productId, args.input),
    variantUpdate: (_root, args, ctx) =>
      updateVariant(ctx.db, requireAuditedStaff(ctx), args.id, args.input),
    variantDelete: (_root, args, ctx) => deleteVariant(ctx.db, requireAuditedStaff(ctx), args.id),
    stockAdjust: (_root, args, ctx) =>
      adjustStock(ctx.db, requireAuditedStaff(ctx), args.variantId, args.delta, args.reason),
  },

  ProductConnection: {
    totalCount(connection) {
      return connection.totalCount();
    },
    facets(connection) {
      return connection.facets();
    },
  },

  Brand: {
    productCount(brand, _args, ctx) {
      return catalogLoaders(ctx).brandProductCount.load(brand.id);
    },
  },

  Category: {
    async children(category, _args, ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      return tree.children.get(category.id) ?? [];
    },
    async path(category, _args, ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      const path: CategoryRow[] = [];
      for (let at: CategoryRow | undefined = category; at;) {
        path.unshift(at);
        at = at.parentId ? tree.byId.get(at.parentId) : undefined;
        if (path.length > 20) break; // a cycle cannot happen (checked on write); stay safe anyway
      }
      return path;
    },
    async productCount(category, _args, ctx) {
      const loaders = catalogLoaders(ctx);
      const [tree, counts] = await Promise.all([
        loaders.categories.get(),
        loaders.categoryProductCounts.get(),
      ]);
      return descendantIds(tree, category.id).reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
    },
  },

  Product: {
    async brand(product, _args, ctx) {
      const brand = await catalogLoaders(ctx).brand.load(product.brandId);
      if (!brand) throw new Error(`product ${product.id} has no brand ${product.brandId}`);
      return brand;
    },
    async category(product, _args, ctx) {
      const tree = await catalogLoaders(ctx).categories.get();
      const category = tree.byId.get(product.categoryId);
      if (!category) throw new Error(`product ${product.id} has no category`);
      return category;
    },
    async images(product, args, ctx) {
      const first = args.first;
      if (first !== undefined && first !== null && (!Number.isInteger(first) || first < 0)) {
        throw badUserInput('Informe first como um número inteiro positivo.', 'first');
      }
      const images = await catalogLoaders(ctx).images.load(product.id);
      return first === undefined || first === null ? images : images.slice(0, first);
    },
    variants(product, _args, ctx) {
      return catalogLoaders(ctx).variants.load(product.id);
    },
    createdAt(product) {
      return iso(product.createdAt);
    },
    updatedAt(product) {
      return iso(product.updatedAt);
    },
  },

  Image: {
    url(image) {
      return imageUrls(image).url;
    },
    srcSet(image) {
      return imageUrls(image).srcSet;
    },
  },

  Variant: {
    options(variant) {
      const options: { name: string; value: string }[] = [];
      if (variant.size) options.push({ name: 'Tamanho', value: variant.size });
      if (variant.color) options.push({ name: 'Cor', value: variant.color });
      return options;
    },
    available(variant) {
      return variant.stock > 0;
    },
  },

  StockMovement: {
    createdAt(movement) {
      return iso(movement.createdAt);
    },
  },
};
