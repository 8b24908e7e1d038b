import { gql, type TypedDocumentNode } from '@apollo/client';

import { INSTALLMENT_OFFER_SELECTION } from '../shared/installmentOffer.graphql';
import { PRODUCT_CARD_SELECTION } from '../shared/productCard.graphql';
import type {
  CartItemInput,
  StorefrontProductOfferQuery,
  StorefrontProductOfferQueryVariables,
  StorefrontProductQuery,
  StorefrontProductQueryVariables,
  StorefrontRelatedProductsQuery,
  StorefrontRelatedProductsQueryVariables,
  StorefrontShippingQuoteQuery,
  StorefrontShippingQuoteQueryVariables,
} from '../../../graphql/generated';

export type ProductPageVariant = NonNullable<StorefrontProductQuery['product']>['variants'][number];

export type ProductPageNode = NonNullable<StorefrontProductQuery['product']>;

export type ProductPageQuery = StorefrontProductQuery;

export const PRODUCT_PAGE_QUERY: TypedDocumentNode<
  StorefrontProductQuery,
  StorefrontProductQueryVariables
> = gql`
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

export type { CartItemInput };

export type ProductOfferQuery = StorefrontProductOfferQuery;

/** The server's offer for one unit: Pix price and installments are never computed here. */
export const PRODUCT_OFFER_QUERY: TypedDocumentNode<
  StorefrontProductOfferQuery,
  StorefrontProductOfferQueryVariables
> = gql`
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

export type RelatedProductsQuery = StorefrontRelatedProductsQuery;

export const RELATED_PRODUCTS_QUERY: TypedDocumentNode<
  StorefrontRelatedProductsQuery,
  StorefrontRelatedProductsQueryVariables
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

export type ShippingOptionNode = StorefrontShippingQuoteQuery['shippingQuote'][number];

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

export type ShippingQuoteQuery = StorefrontShippingQuoteQuery;

export const SHIPPING_QUOTE_QUERY: TypedDocumentNode<
  StorefrontShippingQuoteQuery,
  StorefrontShippingQuoteQueryVariables
> = gql`
  query StorefrontShippingQuote($postalCode: String!, $items: [CartItemInput!]!) {
    shippingQuote(postalCode: $postalCode, items: $items) {
      ${SHIPPING_OPTION_SELECTION}
    }
  }
`;
