// The store's shipping methods as the staff API returns them (shippingMethods): PAC (quoted by
// Melhor Envio, service 1) and SEDEX with their price tables by postal region and state, pickup at
// the shop (its counter's address and hours), and an inactive courier.
import { pickupAddressText, type PickupPoint } from '@vitrine/rules';

import { makePickupPoint, type PickupPointFixture } from '../catalog/storefront.fixtures';
import type { ShippingCarrier, ShippingMethodKind } from '../../graphql/generated';
import type {
  ShippingBand,
  ShippingRate,
} from '../../screens/dashboard/Shipping/ShippingScreen.graphql';

export type ShippingMethodKindFixture = ShippingMethodKind;

export type ShippingCarrierFixture = ShippingCarrier;

export type ShippingBandFixture = ShippingBand;

export type ShippingRateFixture = ShippingRate;

export interface ShippingMethodFixture {
  id: string;
  name: string;
  kind: ShippingMethodKindFixture;
  description: string;
  byRegion: { region: number; rate: ShippingRateFixture }[];
  byUf: { uf: string; rate: ShippingRateFixture }[];
  handlingBusinessDays: number;
  readyInBusinessDays: number;
  pickupAddress: string | null;
  /** Pickup: the counter, as the API answers it (null on a delivery). */
  pickupPoint: PickupPointFixture | null;
  freeShippingThresholdCents: number | null;
  excludedFromFreeShipping: boolean;
  active: boolean;
  position: number;
  /** Delivery: the carrier that quotes it, and its service code; both null: the table always. */
  carrier: ShippingCarrierFixture | null;
  carrierService: string | null;
  createdAt: string;
  updatedAt: string;
}

const CREATED = '2025-03-10T13:00:00.000Z';
const UPDATED = '2025-05-20T17:30:00.000Z';

/** A rate with bands of 300 g, 1 kg, 5 kg and 10 kg at these prices. */
function rate(prices: [number, number, number, number], extraKg: number | null, days: number) {
  const limits = [300, 1000, 5000, 10000];
  return {
    bands: limits.map((upToGrams, index) => ({ upToGrams, priceCents: prices[index] ?? 0 })),
    extraKgPriceCents: extraKg,
    businessDays: days,
  } satisfies ShippingRateFixture;
}

/** Cheaper and slower the closer the region is to São Paulo (the store ships from SP). */
function byRegion(base: number, step: number, days: number, dayStep: number, extraKg: number) {
  return Array.from({ length: 10 }, (_, region) => {
    const distance = [0, 0, 1, 1, 3, 4, 5, 3, 2, 2][region] ?? 0;
    const first = base + step * distance;
    return {
      region,
      rate: rate(
        [first, first + 500, first + 1800, first + 3500],
        extraKg,
        days + dayStep * distance,
      ),
    };
  });
}

export function makeShippingMethod(
  overrides: Partial<ShippingMethodFixture> = {},
): ShippingMethodFixture {
  return {
    id: 'ship-pac',
    name: 'PAC',
    kind: 'DELIVERY',
    description: 'Correios, entrega econômica.',
    byRegion: byRegion(1990, 600, 4, 2, 450),
    byUf: [{ uf: 'AM', rate: rate([4990, 5990, 8990, 12990], null, 15) }],
    handlingBusinessDays: 1,
    readyInBusinessDays: 1,
    pickupAddress: null,
    pickupPoint: null,
    freeShippingThresholdCents: null,
    excludedFromFreeShipping: false,
    active: true,
    position: 0,
    carrier: null,
    carrierService: null,
    createdAt: CREATED,
    updatedAt: UPDATED,
    ...overrides,
  };
}

/** The shop's counter in Vila Madalena. */
export const VILA_MADALENA: PickupPoint = {
  street: 'Rua Harmonia',
  number: '123',
  complement: null,
  district: 'Vila Madalena',
  city: 'São Paulo',
  uf: 'SP',
  postalCode: '05435000',
  hours: 'Seg. a sáb., 10h às 19h',
  instructions: 'Toque a campainha da loja; a retirada é no balcão.',
};

/**
 * PAC (all of Brazil, AM by state; quoted by Melhor Envio's service 1), SEDEX (Sudeste + 3 states,
 * never free), pickup, a courier off.
 */
export function makeShippingMethods(): ShippingMethodFixture[] {
  return [
    makeShippingMethod({ carrier: 'MELHOR_ENVIO', carrierService: '1' }),
    makeShippingMethod({
      id: 'ship-sedex',
      name: 'SEDEX',
      description: 'Correios, entrega expressa.',
      byRegion: byRegion(2990, 900, 1, 1, 800).filter((entry) => entry.region <= 3),
      byUf: [
        { uf: 'PR', rate: rate([3990, 4590, 6590, 8990], 900, 3) },
        { uf: 'SC', rate: rate([3990, 4590, 6590, 8990], 900, 3) },
        { uf: 'RS', rate: rate([4290, 4990, 6990, 9490], 900, 3) },
      ],
      excludedFromFreeShipping: true,
      position: 1,
    }),
    makeShippingMethod({
      id: 'ship-pickup',
      name: 'Retirada na loja',
      kind: 'PICKUP',
      description: 'Retire na loja da Vila Madalena, de segunda a sábado.',
      byRegion: [],
      byUf: [],
      handlingBusinessDays: 0,
      readyInBusinessDays: 2,
      pickupAddress: pickupAddressText(VILA_MADALENA),
      pickupPoint: makePickupPoint(VILA_MADALENA),
      position: 2,
    }),
    makeShippingMethod({
      id: 'ship-moto',
      name: 'Motoboy SP',
      description: 'Entrega no mesmo dia na capital paulista.',
      byRegion: [
        {
          region: 0,
          rate: {
            bands: [{ upToGrams: 5000, priceCents: 2500 }],
            extraKgPriceCents: null,
            businessDays: 0,
          },
        },
      ],
      byUf: [],
      handlingBusinessDays: 0,
      freeShippingThresholdCents: 50000,
      active: false,
      position: 3,
    }),
  ];
}
