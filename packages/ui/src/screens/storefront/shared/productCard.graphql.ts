// The product fields every grid of the storefront asks for, and their mapping to ProductCard.
import { pixDiscountCents } from '@vitrine/rules';

import type { ProductCardData } from '../../../components/storefront';
import type { StorefrontHomePageQuery } from '../../../graphql/generated';

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

export type ProductCardNode = StorefrontHomePageQuery['newest']['nodes'][number];

export interface ProductCardOptions {
  /** The store's Pix discount when Pix is offered with one (useCardPixDiscount); null: none. */
  pixDiscountPercent: number | null;
}

/**
 * A card from a product. The Pix price is the server's rule (@vitrine/rules) on the lowest price,
 * what cartPreview answers for one unit of it.
 */
export function toProductCardData(
  node: ProductCardNode,
  { pixDiscountPercent }: ProductCardOptions,
): ProductCardData {
  return {
    slug: node.slug,
    name: node.name,
    brandName: node.brand.name,
    image: node.images[0] ?? null,
    priceCents: node.minPriceCents,
    compareAtPriceCents: node.compareAtPriceCents,
    startingAt: node.maxPriceCents > node.minPriceCents,
    inStock: node.inStock,
    pix:
      pixDiscountPercent !== null && pixDiscountPercent > 0
        ? {
            priceCents:
              node.minPriceCents - pixDiscountCents(node.minPriceCents, pixDiscountPercent),
            discountPercent: pixDiscountPercent,
          }
        : null,
  };
}
