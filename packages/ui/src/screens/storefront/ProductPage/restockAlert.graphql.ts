// 'Avise-me quando chegar': the request on the product page and the confirmation link's page.
import { gql, type TypedDocumentNode } from '@apollo/client';

export const REQUEST_RESTOCK_ALERT: TypedDocumentNode<
  { requestRestockAlert: boolean },
  { variantId: string; email: string }
> = gql`
  mutation StorefrontRequestRestockAlert($variantId: ID!, $email: String!) {
    requestRestockAlert(variantId: $variantId, email: $email)
  }
`;

export interface RestockAlertConfirmationNode {
  productName: string;
  productSlug: string;
  size: string | null;
  color: string | null;
  /** The link had confirmed it before (a reload, a second click): nothing changed now. */
  alreadyConfirmed: boolean;
}

export const CONFIRM_RESTOCK_ALERT: TypedDocumentNode<
  { confirmRestockAlert: RestockAlertConfirmationNode },
  { token: string }
> = gql`
  mutation StorefrontConfirmRestockAlert($token: String!) {
    confirmRestockAlert(token: $token) {
      productName
      productSlug
      size
      color
      alreadyConfirmed
    }
  }
`;
