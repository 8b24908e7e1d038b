// The cart as the server prices it: the cart page, the drawer and the checkout all read their
// lines and totals from this one query, never from prices the client remembers.
import { gql, type TypedDocumentNode } from '@apollo/client';

import {
  INSTALLMENT_OFFER_SELECTION,
  type InstallmentOfferData,
} from '../shared/installmentOffer.graphql';
import { PICKUP_POINT_SELECTION, type PickupPointNode } from '../shared/pickupPoint.graphql';

export interface CartItemInput {
  variantId: string;
  quantity: number;
}

export type CartLineAvailability = 'AVAILABLE' | 'INSUFFICIENT_STOCK' | 'OUT_OF_STOCK';

export interface CartPreviewLine {
  variantId: string;
  productSlug: string;
  productName: string;
  brandName: string;
  variantLabel: string;
  sku: string;
  imageUrl: string | null;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  quantity: number;
  availableQuantity: number;
  availability: CartLineAvailability;
  lineTotalCents: number;
}

export interface CartShippingOption {
  methodId: string;
  name: string;
  kind: 'DELIVERY' | 'PICKUP';
  priceCents: number;
  fullPriceCents: number;
  freeShipping: boolean;
  businessDays: number;
  pickupAddress: string | null;
  /** Pickup: where, its hours and what to bring. */
  pickupPoint: PickupPointNode | null;
}

export interface CartPreviewNode {
  lines: CartPreviewLine[];
  unavailableVariantIds: string[];
  itemCount: number;
  subtotalCents: number;
  coupon: { code: string; discountCents: number; freeShipping: boolean } | null;
  couponError: string | null;
  discountCents: number;
  shippingOptions: CartShippingOption[];
  selectedShippingMethodId: string | null;
  shippingCents: number | null;
  totalCents: number;
  pixDiscountPercent: number;
  pixDiscountCents: number;
  pixTotalCents: number;
  installments: InstallmentOfferData;
  installmentsWithInterest: InstallmentOfferData | null;
  installmentOptions: InstallmentOfferData[];
  canCheckout: boolean;
}

export interface CartPreviewQuery {
  cartPreview: CartPreviewNode;
}

export interface CartPreviewVariables {
  items: CartItemInput[];
  postalCode?: string | null;
  couponCode?: string | null;
  shippingMethodId?: string | null;
}

export const CART_PREVIEW_QUERY: TypedDocumentNode<CartPreviewQuery, CartPreviewVariables> = gql`
  query StorefrontCartPreview(
    $items: [CartItemInput!]!
    $postalCode: String
    $couponCode: String
    $shippingMethodId: ID
  ) {
    cartPreview(
      items: $items
      postalCode: $postalCode
      couponCode: $couponCode
      shippingMethodId: $shippingMethodId
    ) {
      lines {
        variantId
        productSlug
        productName
        brandName
        variantLabel
        sku
        imageUrl
        unitPriceCents
        compareAtPriceCents
        quantity
        availableQuantity
        availability
        lineTotalCents
      }
      unavailableVariantIds
      itemCount
      subtotalCents
      coupon {
        code
        discountCents
        freeShipping
      }
      couponError
      discountCents
      shippingOptions {
        methodId
        name
        kind
        priceCents
        fullPriceCents
        freeShipping
        businessDays
        pickupAddress
        pickupPoint {
          ${PICKUP_POINT_SELECTION}
        }
      }
      selectedShippingMethodId
      shippingCents
      totalCents
      pixDiscountPercent
      pixDiscountCents
      pixTotalCents
      installments {
        ${INSTALLMENT_OFFER_SELECTION}
      }
      installmentsWithInterest {
        ${INSTALLMENT_OFFER_SELECTION}
      }
      installmentOptions {
        ${INSTALLMENT_OFFER_SELECTION}
      }
      canCheckout
    }
  }
`;
