// The storefront's pages as the dashboard previews them: a brand's page in its colour (the brand
// form) and a product's page from the editor's values ('Ver como o cliente'). The dashboard draws
// no storefront piece itself: whoever puts the two areas together hands the pages in (the
// dashboard's entry, entries/dashboard.ts; the workshop's providers), so the dashboard's folders
// import nothing from the storefront's (eslint.config.js).
import { createContext, useContext, type ComponentType } from 'react';

export interface BrandPagePreviewProps {
  name: string;
  description: string;
  /** The brand's colour as '#rrggbb', or null for the store's own. */
  color: string | null;
  logoUrl: string | null;
  productCount: number;
}

export interface PreviewOptionChoice {
  value: string;
  available: boolean;
}

export interface ProductPagePreviewProps {
  product: {
    name: string;
    description: string;
    brand: { slug: string; name: string };
    images: {
      id: string;
      url: string;
      srcSet: string;
      alt: string;
      width: number;
      height: number;
    }[];
    priceCents: number;
    compareAtPriceCents: number | null;
    /** Variants differ in price and none is chosen. */
    startingAt: boolean;
    sku: string | null;
    inStock: boolean;
  };
  /** The last one is the product itself (no href). */
  breadcrumbs: { label: string; href?: string }[];
  colors: PreviewOptionChoice[];
  sizes: PreviewOptionChoice[];
  selectedColor: string | null;
  selectedSize: string | null;
  onColorChange(color: string): void;
  onSizeChange(size: string): void;
  /** Stock of the chosen variant (null until one is chosen). */
  stock: number | null;
}

export interface StorefrontPreviews {
  BrandPage: ComponentType<BrandPagePreviewProps>;
  ProductPage: ComponentType<ProductPagePreviewProps>;
}

const StorefrontPreviewsContext = createContext<StorefrontPreviews | null>(null);

export const StorefrontPreviewsProvider = StorefrontPreviewsContext.Provider;

/** The storefront's pages handed in above; throws without them (a wiring mistake). */
export function useStorefrontPreviews(): StorefrontPreviews {
  const previews = useContext(StorefrontPreviewsContext);
  if (!previews) {
    throw new Error('StorefrontPreviewsProvider is missing: the dashboard previews need it.');
  }
  return previews;
}
