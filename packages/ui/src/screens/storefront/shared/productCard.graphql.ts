// The product fields every grid of the storefront asks for, and their mapping to ProductCard.
import type { ProductCardData } from '../../../components/storefront';

/**
 * The fields as a selection to interpolate (not a fragment): the client runs without
 * __typename (SPEC), and Apollo's cache cannot match fragments on untyped objects.
 */
export const PRODUCT_CARD_SELECTION = `
  id
  slug
  name
  brand {
    slug
    name
  }
  images {
    url
    srcSet
    alt
    width
    height
  }
  minPriceCents
  maxPriceCents
  compareAtPriceCents
  inStock
`;

export interface ProductCardNode {
  id: string;
  slug: string;
  name: string;
  brand: { slug: string; name: string };
  images: { url: string; srcSet: string; alt: string; width: number; height: number }[];
  minPriceCents: number;
  maxPriceCents: number;
  compareAtPriceCents: number | null;
  inStock: boolean;
}

export function toProductCardData(node: ProductCardNode): ProductCardData {
  return {
    slug: node.slug,
    name: node.name,
    brandName: node.brand.name,
    image: node.images[0] ?? null,
    priceCents: node.minPriceCents,
    compareAtPriceCents: node.compareAtPriceCents,
    startingAt: node.maxPriceCents > node.minPriceCents,
    inStock: node.inStock,
  };
}
