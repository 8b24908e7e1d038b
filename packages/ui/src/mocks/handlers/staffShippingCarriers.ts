// The carriers that quote shipping methods, as the server has them (shipping.staff.service.ts
// validateCarrier, shipping.staff.graphql.ts shippingCarriers): a delivery method's carrier and
// service code, both or neither, with the server's messages at its fields; and which carriers this
// server is configured to ask. The default mock world has Melhor Envio configured and the Correios
// not; a story or test gives its own with
// `checkoutMock.answers(withShippingCarriers(['CORREIOS'], withShippingMethods([...])))`.
import type { ShippingCarrierFixture } from '../fixtures/shipping';
import { badInput, type MockWorld } from './graphqlDomain';

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

export interface CarrierInputArgs {
  carrier?: ShippingCarrierFixture | null;
  carrierService?: string | null;
}

/** As the server: the carrier and its service code, both or neither, only on a delivery. */
export function validateCarrier(
  input: CarrierInputArgs,
  pickup: boolean,
): { carrier: ShippingCarrierFixture | null; carrierService: string | null } {
  const carrier = input.carrier ?? null;
  const service = typeof input.carrierService === 'string' ? input.carrierService.trim() : '';
  if (carrier === null) {
    if (service !== '') {
      throw badInput('Escolha a transportadora deste código de serviço.', 'carrier');
    }
    return { carrier: null, carrierService: null };
  }
  if (!CARRIERS.includes(carrier)) throw badInput('Transportadora inválida.', 'carrier');
  if (pickup) throw badInput('Retirada na loja não é cotada por transportadora.', 'carrier');
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(service)) {
    throw badInput(
      carrier === 'CORREIOS'
        ? 'Informe o código do serviço nos Correios, como 03298 (PAC) ou 03220 (SEDEX).'
        : 'Informe o id do serviço no Melhor Envio, como 1 (PAC) ou 2 (SEDEX).',
      'carrierService',
    );
  }
  return { carrier, carrierService: service };
}
