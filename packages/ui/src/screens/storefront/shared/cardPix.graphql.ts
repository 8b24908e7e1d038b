// What product cards need to show a Pix price: the store's Pix discount and whether Pix is offered.
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CardPixQuery {
  storeSettings: { pixDiscountPercent: number };
  paymentMethods: { method: 'PIX' | 'CARD' | 'BOLETO' }[];
}

export const CARD_PIX_QUERY: TypedDocumentNode<CardPixQuery, Record<string, never>> = gql`
  query StorefrontCardPix {
    storeSettings {
      pixDiscountPercent
    }
    paymentMethods {
      method
    }
  }
`;
