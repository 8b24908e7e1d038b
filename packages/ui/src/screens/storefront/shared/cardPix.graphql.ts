// What product cards need to show a Pix price: the store's Pix discount and whether Pix is offered.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  StorefrontCardPixQuery,
  StorefrontCardPixQueryVariables,
} from '../../../graphql/generated';

export type CardPixQuery = StorefrontCardPixQuery;

export const CARD_PIX_QUERY: TypedDocumentNode<
  StorefrontCardPixQuery,
  StorefrontCardPixQueryVariables
> = gql`
  query StorefrontCardPix {
    storeSettings {
      pixDiscountPercent
    }
    paymentMethods {
      method
    }
  }
`;
