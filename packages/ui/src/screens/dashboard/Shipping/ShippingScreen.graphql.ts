// The Frete screens' documents (ADMIN): the caller's role, the shipping methods as the list shows
// them, one method with its whole price table, the store's free-shipping threshold, the carriers
// this server may ask for quotes, the simulator's quote and the method mutations.
import { gql, type TypedDocumentNode } from '@apollo/client';

export type ShippingKind = 'DELIVERY' | 'PICKUP';

/** A carrier that may quote a delivery method (its API configured on the server). */
export type ShippingCarrier = 'MELHOR_ENVIO' | 'CORREIOS';

/** shippingCarriers: a carrier, its name, and whether this server may ask it for quotes. */
export interface ShippingCarrierInfo {
  carrier: ShippingCarrier;
  label: string;
  configured: boolean;
}

export interface ShippingBand {
  upToGrams: number;
  priceCents: number;
}

export interface ShippingRate {
  bands: ShippingBand[];
  extraKgPriceCents: number | null;
  businessDays: number;
}

/** What the list shows of a rate: its prices and days (the editor loads the whole table). */
export interface ShippingRateSummary {
  bands: { priceCents: number }[];
  businessDays: number;
}

/** A method as the list shows it: coverage, price and day ranges, rules, status, order. */
export interface ShippingMethodSummary {
  id: string;
  name: string;
  kind: ShippingKind;
  byRegion: { region: number; rate: ShippingRateSummary }[];
  byUf: { uf: string; rate: ShippingRateSummary }[];
  handlingBusinessDays: number;
  readyInBusinessDays: number;
  pickupAddress: string | null;
  freeShippingThresholdCents: number | null;
  excludedFromFreeShipping: boolean;
  active: boolean;
  position: number;
  /** Delivery: the carrier that quotes it (its table when the carrier fails); null: the table. */
  carrier: ShippingCarrier | null;
  /** The carrier's service code (Melhor Envio '1', Correios '03298'); null without a carrier. */
  carrierService: string | null;
}

/** A method with its whole price table (the editor, and the input an update replaces). */
/** A pickup method's counter as the API answers it (fields null on a point kept as one line). */
export interface ShippingPickupPoint {
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  uf: string | null;
  postalCode: string | null;
  hours: string | null;
  instructions: string | null;
  addressLines: string[];
}

/** The counter as the editor sends it (required to offer a pickup method). */
export interface PickupPointInput {
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  uf: string;
  postalCode: string;
  hours: string;
  instructions: string | null;
}

export interface ShippingMethod extends ShippingMethodSummary {
  description: string;
  pickupPoint: ShippingPickupPoint | null;
  byRegion: { region: number; rate: ShippingRate }[];
  byUf: { uf: string; rate: ShippingRate }[];
  updatedAt: string;
}

export interface ShippingOptionQuote {
  methodId: string;
  name: string;
  kind: ShippingKind;
  priceCents: number;
  fullPriceCents: number;
  freeShipping: boolean;
  businessDays: number;
  billableWeightGrams: number;
  pickupAddress: string | null;
}

export interface ShippingRateInput {
  bands: ShippingBand[];
  extraKgPriceCents: number | null;
  businessDays: number;
}

export interface ShippingMethodInput {
  name: string;
  kind: ShippingKind;
  description: string;
  byRegion: { region: number; rate: ShippingRateInput }[];
  byUf: { uf: string; rate: ShippingRateInput }[];
  handlingBusinessDays: number;
  readyInBusinessDays: number;
  /** Pickup: the counter; null on a delivery (and on an inactive pickup saved without one). */
  pickupPoint: PickupPointInput | null;
  freeShippingThresholdCents: number | null;
  excludedFromFreeShipping: boolean;
  active: boolean;
  position: number;
  /** Delivery only; with carrierService, or both null. */
  carrier: ShippingCarrier | null;
  carrierService: string | null;
}

export const SHIPPING_ME_QUERY: TypedDocumentNode<
  { me: { id: string; role: 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT' } },
  Record<string, never>
> = gql`
  query ShippingMe {
    me {
      id
      role
    }
  }
`;

const RATE_FIELDS = `
  bands {
    upToGrams
    priceCents
  }
  extraKgPriceCents
  businessDays
`;

// What the list needs of a rate: its prices and days.
const RATE_SUMMARY_FIELDS = `
  bands {
    priceCents
  }
  businessDays
`;

/** A method's fields, its rates read with `rateFields`; the whole method adds `extra`. */
function methodFields(rateFields: string, extra = ''): string {
  return `
  id
  name
  kind
  byRegion {
    region
    rate {
      ${rateFields}
    }
  }
  byUf {
    uf
    rate {
      ${rateFields}
    }
  }
  handlingBusinessDays
  readyInBusinessDays
  pickupAddress
  freeShippingThresholdCents
  excludedFromFreeShipping
  active
  position
  carrier
  carrierService
  ${extra}
`;
}

const METHOD_FIELDS = methodFields(
  RATE_FIELDS,
  `description
  updatedAt
  pickupPoint {
    street
    number
    complement
    district
    city
    uf
    postalCode
    hours
    instructions
    addressLines
  }`,
);

// The list asks for the prices and days only: every method's whole table (methods × regions and
// UFs × weight bands) is over the API's query cost limit; the editor loads one method's.
export const SHIPPING_METHODS_QUERY: TypedDocumentNode<
  {
    shippingMethods: ShippingMethodSummary[];
    storeSettings: { freeShippingThresholdCents: number | null };
  },
  Record<string, never>
> = gql`
  query ShippingMethods {
    shippingMethods {
      ${methodFields(RATE_SUMMARY_FIELDS)}
    }
    storeSettings {
      freeShippingThresholdCents
    }
  }
`;

export const SHIPPING_METHOD_QUERY: TypedDocumentNode<
  { shippingMethod: ShippingMethod | null },
  { id: string }
> = gql`
  query ShippingMethod($id: ID!) {
    shippingMethod(id: $id) {
      ${METHOD_FIELDS}
    }
  }
`;

// The editor's carrier section: which carriers this server is configured to ask.
export const SHIPPING_CARRIERS_QUERY: TypedDocumentNode<
  { shippingCarriers: ShippingCarrierInfo[] },
  Record<string, never>
> = gql`
  query ShippingCarriers {
    shippingCarriers {
      carrier
      label
      configured
    }
  }
`;

export interface ShippingSimulateVariables {
  postalCode: string;
  weightGrams: number;
  subtotalCents: number | null;
}

export const SHIPPING_SIMULATE_QUERY: TypedDocumentNode<
  { shippingSimulate: ShippingOptionQuote[] },
  ShippingSimulateVariables
> = gql`
  query ShippingSimulate($postalCode: String!, $weightGrams: Int!, $subtotalCents: Int) {
    shippingSimulate(
      postalCode: $postalCode
      weightGrams: $weightGrams
      subtotalCents: $subtotalCents
    ) {
      methodId
      name
      kind
      priceCents
      fullPriceCents
      freeShipping
      businessDays
      billableWeightGrams
      pickupAddress
    }
  }
`;

export const SHIPPING_METHOD_CREATE_MUTATION: TypedDocumentNode<
  { shippingMethodCreate: ShippingMethod },
  { input: ShippingMethodInput }
> = gql`
  mutation ShippingMethodCreate($input: ShippingMethodInput!) {
    shippingMethodCreate(input: $input) {
      ${METHOD_FIELDS}
    }
  }
`;

export const SHIPPING_METHOD_UPDATE_MUTATION: TypedDocumentNode<
  { shippingMethodUpdate: ShippingMethod },
  { id: string; input: ShippingMethodInput }
> = gql`
  mutation ShippingMethodUpdate($id: ID!, $input: ShippingMethodInput!) {
    shippingMethodUpdate(id: $id, input: $input) {
      ${METHOD_FIELDS}
    }
  }
`;

export const SHIPPING_METHOD_DELETE_MUTATION: TypedDocumentNode<
  { shippingMethodDelete: boolean },
  { id: string }
> = gql`
  mutation ShippingMethodDelete($id: ID!) {
    shippingMethodDelete(id: $id)
  }
`;
