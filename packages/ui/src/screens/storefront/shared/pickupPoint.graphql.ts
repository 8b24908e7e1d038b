// What the storefront reads of the server's PickupPoint: the address as lines, the hours, the
// store's instructions and what to bring (the fields one by one are the dashboard's).
export interface PickupPointNode {
  addressLines: string[];
  /** The address on one line. */
  address: string;
  /** Opening hours (may hold line breaks); null on an old one-line point. */
  hours: string | null;
  instructions: string | null;
  /** 'Leve um documento oficial com foto e o número do pedido (VT-10001).' */
  whatToBring: string;
}

export const PICKUP_POINT_SELECTION = `
  addressLines
  address
  hours
  instructions
  whatToBring
`;
