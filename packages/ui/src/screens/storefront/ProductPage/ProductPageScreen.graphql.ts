import { gql, type TypedDocumentNode } from '@apollo/client';

import {
  INSTALLMENT_OFFER_SELECTION,
  type InstallmentOfferData,
} from '../shared/installmentOffer.graphql';
import { PRODUCT_CARD_SELECTION, type ProductCardNode } from '../shared/productCard.graphql';

export interface ProductPageVariant {
  id: string;
  sku: string;
  size: string | null;
  color: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  stock: number;
  available: boolean;
}

export interface ProductPageNode {
  id: string;
  slug: string;
  name: string;
  description: string;
  brand: { id: string; slug: string; name: string; color: string };
  category: { id: string; slug: string; name: string; path: { slug: string; name: string }[] };
  images: { id: string; url: string; srcSet: string; alt: string; width: number; height: number }[];
  variants: ProductPageVariant[];
  minPriceCents: number;
  maxPriceCents: number;
  compareAtPriceCents: number | null;
  inStock: boolean;
}

export interface ProductPageQuery {
  product: ProductPageNode | null;
}

export const PRODUCT_PAGE_QUERY: TypedDocumentNode<ProductPageQuery, { slug: string }> = gql`
  query StorefrontProduct($slug: String!) {
    product(slug: $slug) {
      id
      slug
      name
      description
      brand {
        id
        slug
        name
        color
      }
      category {
        id
        slug
        name
        path {
          slug
          name
        }
      }
      images {
        id
        url
        srcSet
        alt
        width
        height
      }
      variants {
        id
        sku
        size
        color
        priceCents
        compareAtPriceCents
        stock
        available
      }
      minPriceCents
      maxPriceCents
      compareAtPriceCents
      inStock
    }
  }
`;

export interface CartItemInput {
  variantId: string;
  quantity: number;
}

export interface ProductOfferQuery {
  cartPreview: {
    totalCents: number;
    pixTotalCents: number;
    pixDiscountPercent: number;
    installments: InstallmentOfferData;
    installmentsWithInterest: InstallmentOfferData | null;
  };
}

/** The server's offer for one unit: Pix price and installments are never computed here. */
export const PRODUCT_OFFER_QUERY: TypedDocumentNode<ProductOfferQuery, { items: CartItemInput[] }> =
  gql`
    query StorefrontProductOffer($items: [CartItemInput!]!) {
      cartPreview(items: $items) {
        totalCents
        pixTotalCents
        pixDiscountPercent
        installments {
          ${INSTALLMENT_OFFER_SELECTION}
        }
        installmentsWithInterest {
          ${INSTALLMENT_OFFER_SELECTION}
        }
      }
    }
  `;

export interface RelatedProductsQuery {
  sameCategory: { nodes: ProductCardNode[] };
  sameBrand: { nodes: ProductCardNode[] };
}

export const RELATED_PRODUCTS_QUERY: TypedDocumentNode<
  RelatedProductsQuery,
  { categorySlug: string; brandSlugs: string[] }
> = gql`
  query StorefrontRelatedProducts($categorySlug: String!, $brandSlugs: [String!]!) {
    sameCategory: products(filter: { categorySlug: $categorySlug, inStock: true }, first: 9) {
      nodes {
        ${PRODUCT_CARD_SELECTION}
      }
    }
    sameBrand: products(filter: { brandSlugs: $brandSlugs, inStock: true }, first: 9) {
      nodes {
        ${PRODUCT_CARD_SELECTION}
      }
    }
  }
`;

export interface ShippingOptionNode {
  methodId: string;
  name: string;
  kind: 'DELIVERY' | 'PICKUP';
  priceCents: number;
  fullPriceCents: number;
  freeShipping: boolean;
  businessDays: number;
  pickupAddress: string | null;
}

export const SHIPPING_OPTION_SELECTION = `
  methodId
  name
  kind
  priceCents
  fullPriceCents
  freeShipping
  businessDays
  pickupAddress
`;

export interface ShippingQuoteQuery {
  shippingQuote: ShippingOptionNode[];
}

export const SHIPPING_QUOTE_QUERY: TypedDocumentNode<
  ShippingQuoteQuery,
  { postalCode: string; items: CartItemInput[] }
> = gql`
  query StorefrontShippingQuote($postalCode: String!, $items: [CartItemInput!]!) {
    shippingQuote(postalCode: $postalCode, items: $items) {
      ${SHIPPING_OPTION_SELECTION}
    }
  }
`;
