// Shared data and routes for the storefront's screen stories.
import {
  BrandScreen,
  CategoryScreen,
  HomeScreen,
  ProductPageScreen,
  SearchScreen,
  type ListingFacets,
  type ProductCardData,
} from '@vitrine/ui';
import { createGraphqlHandler } from '@vitrine/ui/mocks';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/fixtures/storefront';
import { Route, Routes } from 'react-router-dom';

export const catalog = makeStorefrontCatalog();

/** The GraphQL mock over the demo catalog, as `parameters.msw.handlers.graphql`. */
export const storefrontGraphql = [createGraphqlHandler(makeStorefrontCatalog())];

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

/** The storefront's screens on the paths packages/app mounts them on. */
export function StorefrontStoryRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeScreen />} />
      <Route path="/marcas/:slug" element={<BrandScreen />} />
      <Route path="/categoria/:slug" element={<CategoryScreen />} />
      <Route path="/busca" element={<SearchScreen />} />
      <Route path="/produto/:slug" element={<ProductPageScreen />} />
    </Routes>
  );
}
