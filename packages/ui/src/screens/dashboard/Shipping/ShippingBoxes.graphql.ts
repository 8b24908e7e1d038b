// The store's boxes (Frete > Caixas, ADMIN): the list in the order the packing tries them and the
// box mutations (schema.graphql, ShippingBox).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ShippingBoxCreateMutation,
  ShippingBoxCreateMutationVariables,
  ShippingBoxDeleteMutation,
  ShippingBoxDeleteMutationVariables,
  ShippingBoxInput,
  ShippingBoxUpdateMutation,
  ShippingBoxUpdateMutationVariables,
  ShippingBoxesQuery,
  ShippingBoxesQueryVariables,
} from '../../../graphql/generated';

export type ShippingBox = ShippingBoxesQuery['shippingBoxes'][number];

export type { ShippingBoxInput };

const BOX_FIELDS = `
  id
  name
  lengthCm
  widthCm
  heightCm
  weightGrams
  maxWeightGrams
`;

export const SHIPPING_BOXES_QUERY: TypedDocumentNode<
  ShippingBoxesQuery,
  ShippingBoxesQueryVariables
> = gql`
  query ShippingBoxes {
    shippingBoxes {
      ${BOX_FIELDS}
    }
  }
`;

export const SHIPPING_BOX_CREATE_MUTATION: TypedDocumentNode<
  ShippingBoxCreateMutation,
  ShippingBoxCreateMutationVariables
> = gql`
  mutation ShippingBoxCreate($input: ShippingBoxInput!) {
    shippingBoxCreate(input: $input) {
      ${BOX_FIELDS}
    }
  }
`;

export const SHIPPING_BOX_UPDATE_MUTATION: TypedDocumentNode<
  ShippingBoxUpdateMutation,
  ShippingBoxUpdateMutationVariables
> = gql`
  mutation ShippingBoxUpdate($id: ID!, $input: ShippingBoxInput!) {
    shippingBoxUpdate(id: $id, input: $input) {
      ${BOX_FIELDS}
    }
  }
`;

export const SHIPPING_BOX_DELETE_MUTATION: TypedDocumentNode<
  ShippingBoxDeleteMutation,
  ShippingBoxDeleteMutationVariables
> = gql`
  mutation ShippingBoxDelete($id: ID!) {
    shippingBoxDelete(id: $id)
  }
`;
