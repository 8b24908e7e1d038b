import { gql, type TypedDocumentNode } from '@apollo/client';

import { PRODUCT_CARD_SELECTION } from '../shared/productCard.graphql';
import type {
  StorefrontHomePageQuery,
  StorefrontHomePageQueryVariables,
} from '../../../graphql/generated';

export type HomeQuery = StorefrontHomePageQuery;

export const HOME_QUERY: TypedDocumentNode<
  StorefrontHomePageQuery,
  StorefrontHomePageQueryVariables
> = gql`
  query StorefrontHomePage {
    storeSettings {
      storeName
      pixDiscountPercent
      installments {
        maxInstallments
      }
      freeShippingThresholdCents
      heroTitle
      heroSubtitle
    }
    paymentMethods {
      method
    }
    brands {
      id
      slug
      name
      color
      logoUrl
      description
      productCount
    }
    categories {
      id
      slug
      name
      productCount
    }
    newest: products(sort: NEWEST, first: 16, filter: { inStock: true }) {
      nodes {
        ${PRODUCT_CARD_SELECTION}
      }
    }
    featured: products(sort: NEWEST, first: 8, filter: { featured: true }) {
      nodes {
        ${PRODUCT_CARD_SELECTION}
      }
    }
    bestSellers(first: 8) {
      ${PRODUCT_CARD_SELECTION}
    }
  }
`;
