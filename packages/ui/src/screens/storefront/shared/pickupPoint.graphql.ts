import type { StorefrontCartPreviewQuery } from '../../../graphql/generated';
// What the storefront reads of the server's PickupPoint: the address as lines, the hours, the
// store's instructions and what to bring (the fields one by one are the dashboard's).
export type PickupPointNode = NonNullable<
  StorefrontCartPreviewQuery['cartPreview']['shippingOptions'][number]['pickupPoint']
>;

export const PICKUP_POINT_SELECTION = `
  addressLines
  address
  hours
  instructions
  whatToBring
`;
