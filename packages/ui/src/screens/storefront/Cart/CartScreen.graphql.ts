// The cart as the server prices it: the cart page, the drawer and the checkout all read their
// lines and totals from this one query, never from prices the client remembers.
import { gql, type TypedDocumentNode } from '@apollo/client';

import { INSTALLMENT_OFFER_SELECTION } from '../shared/installmentOffer.graphql';
import { PICKUP_POINT_SELECTION } from '../shared/pickupPoint.graphql';
import type {
  CartItemInput,
  CartLineAvailability,
  StorefrontCartPreviewQuery,
  StorefrontCartPreviewQueryVariables,
} from '../../../graphql/generated';

export type { CartItemInput };

export type { CartLineAvailability };

export type CartPreviewLine = StorefrontCartPreviewQuery['cartPreview']['lines'][number];

export type CartShippingOption =
  StorefrontCartPreviewQuery['cartPreview']['shippingOptions'][number];

export type CartPreviewNode = StorefrontCartPreviewQuery['cartPreview'];

export type CartPreviewQuery = StorefrontCartPreviewQuery;

export type CartPreviewVariables = StorefrontCartPreviewQueryVariables;

export const CART_PREVIEW_QUERY: TypedDocumentNode<
  StorefrontCartPreviewQuery,
  StorefrontCartPreviewQueryVariables
> = gql`
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
