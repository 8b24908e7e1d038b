// Catalog fixtures: typed like `Brand`, `Category` and `Product` of packages/api/schema.graphql.
import type { StaffBrand } from '../../screens/dashboard/Brands/BrandsScreen.graphql';
import type { StockLevel } from '../../graphql/generated';

export type BrandFixture = StaffBrand;

export interface CategoryFixture {
  id: string;
  slug: string;
  name: string;
  parentId: string | null;
  /** Order among its siblings; absent: its index in its parent's children. */
  position?: number;
  children: CategoryFixture[];
  path: CategoryFixture[];
}

export interface ImageFixture {
  id: string;
  url: string;
  alt: string;
  width: number;
  height: number;
  srcSet: string;
}

export interface VariantFixture {
  id: string;
  sku: string;
  size: string | null;
  color: string | null;
  options: { name: string; value: string }[];
  priceCents: number;
  compareAtPriceCents: number | null;
  stock: number;
  available: boolean;
  weightGrams?: number | null;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  gtin: string | null;
  /** null: the store's default (LOW_STOCK_DEFAULT). */
  lowStockThreshold: number | null;
  hasOrders: boolean;
}

/** The store's low-stock threshold when a variant has none (the server's default). */
export const LOW_STOCK_DEFAULT = 5;

export type StockLevelFixture = StockLevel;

/** As the server computes Product.stockLevel from its variants. */
export function stockLevelOf(variants: readonly VariantFixture[]): StockLevelFixture {
  if (variants.every((variant) => variant.stock <= 0)) return 'OUT';
  const low = variants.some(
    (variant) => variant.stock <= (variant.lowStockThreshold ?? LOW_STOCK_DEFAULT),
  );
  return low ? 'LOW' : 'AVAILABLE';
}

export interface ProductFixture {
  id: string;
  slug: string;
  name: string;
  description: string;
  brand: BrandFixture;
  category: CategoryFixture;
  images: ImageFixture[];
  variants: VariantFixture[];
  minPriceCents: number;
  maxPriceCents: number;
  compareAtPriceCents: number | null;
  inStock: boolean;
  published: boolean;
  /** In "Destaques" on the home. */
  featured: boolean;
  createdAt: string;
  updatedAt: string;
  /** Increases with every saved change (productSave checks it). */
  version: number;
  seoTitle: string | null;
  seoDescription: string | null;
  /** Staff: the NF-e's fiscal data (absent: none, origin 0). */
  ncm?: string | null;
  cest?: string | null;
  origin?: number;
  taxSituation?: string | null;
  totalStock: number;
  stockLevel: StockLevelFixture;
}

export function makeBrand(overrides: Partial<BrandFixture> = {}): BrandFixture {
  return {
    id: 'brand-1',
    slug: 'aurora',
    name: 'Aurora',
    description: 'Roupas leves para o dia a dia.',
    color: '#c2410c',
    logoUrl: null,
    seoTitle: null,
    seoDescription: null,
    productCount: 1,
    active: true,
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<CategoryFixture> = {}): CategoryFixture {
  return {
    id: 'category-1',
    slug: 'camisetas',
    name: 'Camisetas',
    parentId: null,
    children: [],
    path: [],
    ...overrides,
  };
}

export function makeVariant(overrides: Partial<VariantFixture> = {}): VariantFixture {
  const stock = overrides.stock ?? 12;
  return {
    id: 'variant-1',
    sku: 'AUR-CAM-001-M',
    size: 'M',
    color: 'Branco',
    options: [
      { name: 'Tamanho', value: 'M' },
      { name: 'Cor', value: 'Branco' },
    ],
    priceCents: 8990,
    compareAtPriceCents: null,
    stock,
    available: stock > 0,
    gtin: null,
    lowStockThreshold: null,
    hasOrders: false,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<ProductFixture> = {}): ProductFixture {
  const variants = overrides.variants ?? [makeVariant()];
  const prices = variants.map((variant) => variant.priceCents);
  return {
    id: 'product-1',
    slug: 'camiseta-basica-algodao',
    name: 'Camiseta básica de algodão',
    description: 'Camiseta de algodão orgânico com caimento reto.',
    brand: makeBrand(),
    category: makeCategory(),
    images: [],
    variants,
    minPriceCents: Math.min(...prices),
    maxPriceCents: Math.max(...prices),
    compareAtPriceCents: null,
    inStock: variants.some((variant) => variant.stock > 0),
    published: true,
    featured: false,
    createdAt: '2024-03-05T12:00:00.000Z',
    updatedAt: overrides.createdAt ?? '2024-03-05T12:00:00.000Z',
    version: 1,
    seoTitle: null,
    seoDescription: null,
    totalStock: variants.reduce((sum, variant) => sum + Math.max(0, variant.stock), 0),
    stockLevel: stockLevelOf(variants),
    ...overrides,
  };
}

/** What the catalog domain of the GraphQL mock answers from. */
export interface CatalogFixtures {
  brands: BrandFixture[];
  categories: CategoryFixture[];
  products: ProductFixture[];
  /**
   * Slugs of the best sellers, most sold first. By default the published in-stock products in
   * fixture order (the mock has no sales to count).
   */
  bestSellerSlugs?: string[];
  /**
   * The server's answers to searches its ranking decides (typos, missing accents): the query,
   * lower-case, to the slugs found, most relevant first. Any other search is the mock's plain
   * filter (see catalog/catalog.ts).
   */
  searches?: Record<string, string[]>;
}

/** One brand, one category, one product: enough for the dashboard and the shell. */
export function makeCatalogFixtures(overrides: Partial<CatalogFixtures> = {}): CatalogFixtures {
  const brand = makeBrand();
  const category = makeCategory();
  return {
    brands: [brand],
    categories: [category],
    products: [makeProduct({ brand, category })],
    ...overrides,
  };
}
