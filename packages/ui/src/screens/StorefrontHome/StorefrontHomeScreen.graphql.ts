import { gql, type TypedDocumentNode } from '@apollo/client';

export interface StorefrontHomeQuery {
  storeSettings: {
    storeName: string;
    pixDiscountPercent: number;
    freeShippingThresholdCents: number | null;
    installments: { maxInstallments: number };
  };
}

export const STOREFRONT_HOME_QUERY: TypedDocumentNode<
  StorefrontHomeQuery,
  Record<string, never>
> = gql`
  query StorefrontHome {
    storeSettings {
      storeName
      pixDiscountPercent
      freeShippingThresholdCents
      installments {
        maxInstallments
      }
    }
  }
`;
