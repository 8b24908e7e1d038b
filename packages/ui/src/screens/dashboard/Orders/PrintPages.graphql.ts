// What the printable packing slip and content declaration need of an order.
import { gql, type TypedDocumentNode } from '@apollo/client';

import type { OrderAddressNode } from './OrderScreen.graphql';

export interface PrintOrder {
  id: string;
  number: string;
  createdAt: string;
  customer: { name: string; cpf: string | null; phone: string | null };
  address: OrderAddressNode;
  shippingMethodName: string;
  shippingMethodKind: 'DELIVERY' | 'PICKUP';
  /** The parcel's weight in grams (0: not known). */
  weightGrams: number;
  /** The parcel by the stacking rule (null: a line's variant has no dimensions). */
  parcel: { lengthCm: number; widthCm: number; heightCm: number } | null;
  totalCents: number;
  trackingCode: string | null;
  lines: {
    id: string;
    brandName: string;
    productName: string;
    variantLabel: string;
    sku: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    discountCents: number;
  }[];
}

export const ORDER_PRINT_QUERY: TypedDocumentNode<{ order: PrintOrder | null }, { id: string }> =
  gql`
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
