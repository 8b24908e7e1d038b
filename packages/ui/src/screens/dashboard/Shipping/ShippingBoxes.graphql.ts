// The store's boxes (Frete > Caixas, ADMIN): the list in the order the packing tries them and the
// box mutations (schema.graphql, ShippingBox).
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface ShippingBox {
  id: string;
  name: string;
  /** The inside, in whole centimetres. */
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  /** The empty box, in grams. */
  weightGrams: number;
  /** The most its contents may weigh, in grams (the box not counted). */
  maxWeightGrams: number;
}

export interface ShippingBoxInput {
  name: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  weightGrams: number | null;
  maxWeightGrams: number;
}

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
  { shippingBoxes: ShippingBox[] },
  Record<string, never>
> = gql`
  query ShippingBoxes {
    shippingBoxes {
      ${BOX_FIELDS}
    }
  }
`;

export const SHIPPING_BOX_CREATE_MUTATION: TypedDocumentNode<
  { shippingBoxCreate: ShippingBox },
  { input: ShippingBoxInput }
> = gql`
  mutation ShippingBoxCreate($input: ShippingBoxInput!) {
    shippingBoxCreate(input: $input) {
      ${BOX_FIELDS}
    }
  }
`;

export const SHIPPING_BOX_UPDATE_MUTATION: TypedDocumentNode<
  { shippingBoxUpdate: ShippingBox },
  { id: string; input: ShippingBoxInput }
> = gql`
  mutation ShippingBoxUpdate($id: ID!, $input: ShippingBoxInput!) {
    shippingBoxUpdate(id: $id, input: $input) {
      ${BOX_FIELDS}
    }
  }
`;

export const SHIPPING_BOX_DELETE_MUTATION: TypedDocumentNode<
  { shippingBoxDelete: boolean },
  { id: string }
> = gql`
  mutation ShippingBoxDelete($id: ID!) {
    shippingBoxDelete(id: $id)
  }
`;
