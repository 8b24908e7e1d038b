// Shared data and routes for the storefront's screen stories.
import type { ListingFacets, ProductCardData } from '@vitrine/ui';
import { catalogMock, settingsMock, type DomainHandlers } from '@vitrine/ui/mocks';
import {
  makeStorefrontCatalog,
  type StorefrontCatalog,
} from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { WorkshopRoutes } from '@vitrine/ui/workshop';

export const catalog = makeStorefrontCatalog();

/** The catalog and settings domains of the GraphQL mock over a storefront catalog. */
export function storefrontMocks(
  storefront: StorefrontCatalog = makeStorefrontCatalog(),
): DomainHandlers {
  return {
    catalog: catalogMock.answers(storefront),
    settings: settingsMock.answers(storefront.settings),
  };
}

/** The GraphQL mock over the demo catalog, as `parameters.msw.handlers`. */
export const storefrontGraphql = storefrontMocks();

/**
 * The home's categories as plain data (slug, name, count). The fixtures' categories point at
 * their parents and children, a cycle the Controls panel cannot show.
 */
export function homeCategories() {
  return catalog.categories.map(({ slug, name, productCount }) => ({ slug, name, productCount }));
}

/**
 * The store's promises as the demo store makes them: Pix with 5% off, free shipping from
 * R$ 299, and no installments (no card gateway configured: the server offers 1x only).
 */
export const demoStoreSettings = {
  pixDiscountPercent: 5,
  maxInstallments: 1,
  freeShippingThresholdCents: 29900,
};

export function cards(count = catalog.products.length): ProductCardData[] {
  return catalog.products.slice(0, count).map((product) => ({
    slug: product.slug,
    name: product.name,
    brandName: product.brand.name,
    image: product.images[0] ?? null,
    priceCents: product.minPriceCents,
    compareAtPriceCents: product.compareAtPriceCents,
    inStock: product.inStock,
  }));
}

export const facets: ListingFacets = {
  // Tree order: each top category, then its sub-categories (counts include them).
  categories: catalog.categories.flatMap((top) =>
    [top, ...top.children].map((category) => ({
      value: category.slug,
      label: category.name,
      count: category.productCount,
      parentValue: category === top ? null : top.slug,
    })),
  ),
  brands: catalog.brands.map((brand) => ({
    value: brand.slug,
    label: brand.name,
    count: brand.productCount,
  })),
  sizes: ['P', 'M', 'G', 'GG'].map((size, index) => ({
    value: size,
    label: size,
    count: [6, 6, 6, 3][index] ?? 0,
  })),
  colors: ['Preto', 'Branco', 'Azul-marinho', 'Caramelo'].map((color, index) => ({
    value: color,
    label: color,
    count: [2, 2, 2, 2][index] ?? 0,
  })),
  priceRange: { minCents: 7990, maxCents: 39990 },
  inStockCount: 9,
};

/** Phone width for the stories that show the responsive layout. */
export const phone = { viewport: { value: 'mobile1', isRotated: false } };

/** The storefront's pages on the paths packages/app mounts them on, without the shell. */
export function StorefrontStoryRoutes() {
  return <WorkshopRoutes layouts={false} />;
}
