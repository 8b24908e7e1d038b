import { gql, type TypedDocumentNode } from '@apollo/client';

import { PRODUCT_CARD_SELECTION, type ProductCardNode } from '../shared/productCard.graphql';

export interface HomeQuery {
  storeSettings: {
    storeName: string;
    pixDiscountPercent: number;
    installments: { maxInstallments: number };
    freeShippingThresholdCents: number | null;
    heroTitle: string;
    heroSubtitle: string;
  };
  /** Installments are promised only when CARD is among them (a gateway is configured). */
  paymentMethods: { method: 'PIX' | 'CARD' | 'BOLETO' }[];
  brands: {
    id: string;
    slug: string;
    name: string;
    color: string;
    logoUrl: string | null;
    description: string;
    productCount: number;
  }[];
  categories: { id: string; slug: string; name: string; productCount: number }[];
  newest: { nodes: ProductCardNode[] };
  featured: { nodes: ProductCardNode[] };
  bestSellers: ProductCardNode[];
}

export const HOME_QUERY: TypedDocumentNode<HomeQuery, Record<string, never>> = gql`
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
