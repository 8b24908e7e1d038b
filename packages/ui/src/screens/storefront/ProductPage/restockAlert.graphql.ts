// 'Avise-me quando chegar': the request on the product page and the confirmation link's page.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  StorefrontConfirmRestockAlertMutation,
  StorefrontConfirmRestockAlertMutationVariables,
  StorefrontRequestRestockAlertMutation,
  StorefrontRequestRestockAlertMutationVariables,
} from '../../../graphql/generated';

export const REQUEST_RESTOCK_ALERT: TypedDocumentNode<
  StorefrontRequestRestockAlertMutation,
  StorefrontRequestRestockAlertMutationVariables
> = gql`
  mutation StorefrontRequestRestockAlert($variantId: ID!, $email: String!) {
    requestRestockAlert(variantId: $variantId, email: $email)
  }
`;

export type RestockAlertConfirmationNode =
  StorefrontConfirmRestockAlertMutation['confirmRestockAlert'];

export const CONFIRM_RESTOCK_ALERT: TypedDocumentNode<
  StorefrontConfirmRestockAlertMutation,
  StorefrontConfirmRestockAlertMutationVariables
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
