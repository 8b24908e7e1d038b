// The Frete screens' documents (ADMIN): the caller's role, the shipping methods as the list shows
// them, one method with its whole price table, the store's free-shipping threshold, the carriers
// this server may ask for quotes, the simulator's quote and the method mutations.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ShippingCarrier,
  ShippingCarriersQuery,
  ShippingCarriersQueryVariables,
  ShippingMeQuery,
  ShippingMeQueryVariables,
  ShippingMethodCreateMutation,
  ShippingMethodCreateMutationVariables,
  ShippingMethodDeleteMutation,
  ShippingMethodDeleteMutationVariables,
  ShippingMethodInput,
  ShippingRateInput,
  ShippingMethodKind,
  ShippingMethodQuery,
  ShippingMethodQueryVariables,
  ShippingMethodUpdateMutation,
  ShippingMethodUpdateMutationVariables,
  ShippingMethodsQuery,
  ShippingMethodsQueryVariables,
  ShippingSimulateQuery,
  ShippingSimulateQueryVariables,
} from '../../../graphql/generated';

export type ShippingKind = ShippingMethodKind;

/** A carrier that may quote a delivery method (its API configured on the server). */
export type { ShippingCarrier };

/** shippingCarriers: a carrier, its name, and whether this server may ask it for quotes. */
export type ShippingCarrierInfo = ShippingCarriersQuery['shippingCarriers'][number];

export type ShippingBand = NonNullable<
  ShippingMethodQuery['shippingMethod']
>['byRegion'][number]['rate']['bands'][number];

export type ShippingRate = NonNullable<
  ShippingMethodQuery['shippingMethod']
>['byRegion'][number]['rate'];

/** What the list shows of a rate: its prices and days (the editor loads the whole table). */
export type ShippingRateSummary =
  ShippingMethodsQuery['shippingMethods'][number]['byRegion'][number]['rate'];

/** A method as the list shows it: coverage, price and day ranges, rules, status, order. */
export type ShippingMethodSummary = ShippingMethodsQuery['shippingMethods'][number];

/** A method with its whole price table (the editor, and the input an update replaces). */
/** A pickup method's counter as the API answers it (fields null on a point kept as one line). */
export type ShippingPickupPoint = NonNullable<
  NonNullable<ShippingMethodQuery['shippingMethod']>['pickupPoint']
>;

/** The counter as the editor sends it (required to offer a pickup method). */
export type PickupPointInput = NonNullable<
  ShippingMethodCreateMutationVariables['input']['pickupPoint']
>;

export type ShippingMethod = NonNullable<ShippingMethodQuery['shippingMethod']>;

export type ShippingOptionQuote = ShippingSimulateQuery['shippingSimulate'][number];

export type { ShippingRateInput };

export type { ShippingMethodInput };

export const SHIPPING_ME_QUERY: TypedDocumentNode<ShippingMeQuery, ShippingMeQueryVariables> = gql`
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
  ShippingMethodsQuery,
  ShippingMethodsQueryVariables
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
  ShippingMethodQuery,
  ShippingMethodQueryVariables
> = gql`
  query ShippingMethod($id: ID!) {
    shippingMethod(id: $id) {
      ${METHOD_FIELDS}
    }
  }
`;

// The editor's carrier section: which carriers this server is configured to ask.
export const SHIPPING_CARRIERS_QUERY: TypedDocumentNode<
  ShippingCarriersQuery,
  ShippingCarriersQueryVariables
> = gql`
  query ShippingCarriers {
    shippingCarriers {
      carrier
      label
      configured
    }
  }
`;

export type ShippingSimulateVariables = ShippingSimulateQueryVariables;

export const SHIPPING_SIMULATE_QUERY: TypedDocumentNode<
  ShippingSimulateQuery,
  ShippingSimulateQueryVariables
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
  ShippingMethodCreateMutation,
  ShippingMethodCreateMutationVariables
> = gql`
  mutation ShippingMethodCreate($input: ShippingMethodInput!) {
    shippingMethodCreate(input: $input) {
      ${METHOD_FIELDS}
    }
  }
`;

export const SHIPPING_METHOD_UPDATE_MUTATION: TypedDocumentNode<
  ShippingMethodUpdateMutation,
  ShippingMethodUpdateMutationVariables
> = gql`
  mutation ShippingMethodUpdate($id: ID!, $input: ShippingMethodInput!) {
    shippingMethodUpdate(id: $id, input: $input) {
      ${METHOD_FIELDS}
    }
  }
`;

export const SHIPPING_METHOD_DELETE_MUTATION: TypedDocumentNode<
  ShippingMethodDeleteMutation,
  ShippingMethodDeleteMutationVariables
> = gql`
  mutation ShippingMethodDelete($id: ID!) {
    shippingMethodDelete(id: $id)
  }
`;
