// What the printable packing slip and content declaration need of an order.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  DashboardOrderPrintQuery,
  DashboardOrderPrintQueryVariables,
} from '../../../graphql/generated';

export type PrintOrder = NonNullable<DashboardOrderPrintQuery['order']>;

export const ORDER_PRINT_QUERY: TypedDocumentNode<
  DashboardOrderPrintQuery,
  DashboardOrderPrintQueryVariables
> = gql`
  query DashboardOrderPrint($id: ID!) {
    order(id: $id) {
      id
      number
      createdAt
      customer {
        name
        cpf
        phone
      }
      address {
        postalCode
        street
        number
        complement
        district
        city
        uf
      }
      shippingMethodName
      shippingMethodKind
      weightGrams
      parcel {
        lengthCm
        widthCm
        heightCm
      }
      totalCents
      trackingCode
      lines {
        id
        brandName
        productName
        variantLabel
        sku
        quantity
        unitPriceCents
        lineTotalCents
        discountCents
      }
    }
  }
`;
