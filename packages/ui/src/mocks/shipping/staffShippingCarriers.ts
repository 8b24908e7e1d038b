// The carriers that quote shipping methods, as the server has them (shipping.staff.graphql.ts
// shippingCarriers): which carriers this server is configured to ask (a delivery method's carrier
// and service code are checked with the rest of its input, @vitrine/rules
// checkShippingMethodInput). The default mock world has Melhor Envio configured and the Correios
// not; a story or test gives its own with
// `checkoutMock.answers(withShippingCarriers(['CORREIOS'], withShippingMethods([...])))`.
import type { ShippingCarrierFixture } from './shipping.fixtures';
import type { MockWorld } from '../shared/graphqlDomain';

export const SHIPPING_CARRIER_LABELS: Record<ShippingCarrierFixture, string> = {
  MELHOR_ENVIO: 'Melhor Envio',
  CORREIOS: 'Correios',
};

const CARRIERS: ShippingCarrierFixture[] = ['MELHOR_ENVIO', 'CORREIOS'];
const DEFAULT_CONFIGURED: ShippingCarrierFixture[] = ['MELHOR_ENVIO'];

const CONFIGURED_CARRIERS = Symbol('configuredCarriers');

type WithCarriers<T> = T & { [CONFIGURED_CARRIERS]?: ShippingCarrierFixture[] };

/**
 * The checkout mock's input with these carriers configured (the others not):
 * `checkoutMock.answers(withShippingCarriers([]))` is a server with no carrier's API.
 */
export function withShippingCarriers<T extends object>(
  configured: ShippingCarrierFixture[],
  checkout: T = {} as T,
): T {
  return { ...checkout, [CONFIGURED_CARRIERS]: configured };
}

export interface ShippingCarrierAnswer {
  carrier: ShippingCarrierFixture;
  label: string;
  configured: boolean;
}

/** shippingCarriers: every carrier, and whether this (mock) server may ask it for quotes. */
export function shippingCarriersOf(world: MockWorld): ShippingCarrierAnswer[] {
  const given = (world.checkout as WithCarriers<MockWorld['checkout']>)[CONFIGURED_CARRIERS];
  const configured = given ?? DEFAULT_CONFIGURED;
  return CARRIERS.map((carrier) => ({
    carrier,
    label: SHIPPING_CARRIER_LABELS[carrier],
    configured: configured.includes(carrier),
  }));
}
