// GraphQL resolvers of the public checkout: cartPreview, shippingQuote, addressByCep, placeOrder
// and orderStatus. Domain errors become BAD_USER_INPUT / NOT_FOUND naming the field.
import type { Resolvers } from '../../graphql/resolvers.generated';
import { systemClock } from '../../clock';
import type { GraphQLContext } from '../../graphql/context';
import { AppGraphQLError, notFound } from '../../graphql/errors';
import { brCodeQrSvg } from '../payments/brcode';
import { pixQrUrl } from '../payments/pix-qr.routes';
import {
  AddressLookupUnavailableError,
  ViaCepAddressLookup,
  type AddressLookup,
  type LookedUpAddress,
} from '../shipping/addressLookup';
import { pickupPointGraphQL } from '../shipping/shipping.pickup';
import type { ShippingOption } from '@vitrine/rules';
import {
  loadCustomerOrder,
  type CustomerOrderView,
  type PixChargeView,
} from '../orders/orders.service';
import { trackOrder } from '../orders/orders.tracking';
import { CheckoutError } from './checkout.errors';
import { cartPreview, shippingQuote } from './checkout.cart';
import { placeOrder, type CheckoutDeps } from './checkout.service';
import { validateCep } from './checkout.validation';

type Ctx = GraphQLContext;

/** How long placeOrder waits for the PSP to create the Pix charge before answering. */
const PIX_CHARGE_WAIT_MS = 2_000;

export const ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE =
  'Não conseguimos buscar o endereço agora. Preencha abaixo.';

/** Used when the checkout plugin is not registered (e.g. a bare test app). */
let fallbackLookup: AddressLookup | null = null;

function deps(ctx: Ctx): CheckoutDeps {
  const server = ctx.request.server;
  return {
    db: ctx.db,
    config: ctx.config,
    clock: server.hasDecorator('clock') ? server.clock : systemClock,
    gatewayConfigured: Boolean(server.payments?.provider),
    ...(server.carrierQuotes ? { carriers: server.carrierQuotes } : {}),
    guest: {
      limits: ctx.config.checkoutLimits,
      clientAddress: ctx.request.ip,
      counters: server.hasDecorator('rateLimits') ? server.rateLimits : null,
    },
  };
}

/** Runs a service call, turning its domain errors into GraphQL errors with a code and field. */
async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CheckoutError) {
      throw new AppGraphQLError(error.message, error.code, {
        ...(error.field ? { field: error.field } : {}),
        ...error.details,
      });
    }
    throw error;
  }
}

/** A quoted option as the GraphQL ShippingOption (also the staff's shipping simulator). */
export function shippingOptionView(option: ShippingOption) {
  return {
    methodId: option.methodId,
    name: option.name,
    kind: option.kind === 'pickup' ? ('PICKUP' as const) : ('DELIVERY' as const),
    priceCents: option.priceCents,
    fullPriceCents: option.fullPriceCents,
    freeShipping: option.freeShipping,
    businessDays: option.businessDays,
    billableWeightGrams: option.billableWeightGrams,
    pickupAddress: option.address ?? null,
    pickupPoint: option.pickupPoint ? pickupPointGraphQL(option.pickupPoint) : null,
    carrierQuoted: option.carrierQuoted === true,
  };
}

function cepAddressView(address: LookedUpAddress) {
  return {
    postalCode: address.cep,
    street: address.street,
    district: address.district,
    city: address.city,
    uf: address.uf,
  };
}

/** What these resolvers hand on as the schema's objects (mappers of resolvers.generated.ts). */
export type { CustomerOrderView, PixChargeView };

export const resolvers: Resolvers = {
  Query: {
    cartPreview: (_root, args, ctx) =>
      run(async () => {
        const preview = await cartPreview(deps(ctx), args);
        return { ...preview, shippingOptions: preview.shippingOptions.map(shippingOptionView) };
      }),
    shippingQuote: (_root, args, ctx) =>
      run(async () => (await shippingQuote(deps(ctx), args)).map(shippingOptionView)),
    addressByCep: (_root, args, ctx) =>
      run(async () => {
        const cep = validateCep(args.postalCode, 'postalCode');
        const server = ctx.request.server;
        const lookup =
          server.addressLookup ??
          (fallbackLookup ??= new ViaCepAddressLookup({ logger: server.log }));
        try {
          const address = await lookup.lookup(cep);
          return address ? cepAddressView(address) : null;
        } catch (error) {
          // The service did not answer: the shopper types the address, never told it is wrong.
          if (error instanceof AddressLookupUnavailableError) {
            throw new AppGraphQLError(ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE');
          }
          throw error;
        }
      }),
    orderStatus: async (_root, args, ctx) => {
      const server = ctx.request.server;
      const order = await trackOrder(
        ctx.db,
        {
          limits: server.rateLimits,
          clientAddress: ctx.request.ip,
          now: (server.hasDecorator('clock') ? server.clock : systemClock).now(),
        },
        args.number,
        args.email,
      );
      if (!order) {
        throw notFound(
          'Pedido não encontrado: confira o número do pedido e o e-mail usado na compra.',
        );
      }
      // Tracking reveals what a shopper needs, not what a guesser could use (issue 11, item 4):
      // the city and UF of the delivery, never the street, number, district or CEP.
      const view = await loadCustomerOrder(ctx.db, order);
      return {
        ...view,
        address: {
          postalCode: '',
          street: '',
          number: '',
          complement: null,
          district: '',
          city: view.address.city,
          uf: view.address.uf,
        },
      };
    },
  },
  Mutation: {
    placeOrder: (_root, args, ctx) =>
      run(async () => {
        const placed = await placeOrder(deps(ctx), args.input);
        // With a PSP, the charge is created for a moment first, so the page and the mail carry
        // the code the bank confirms on its own (the worker goes on if the PSP is slow).
        const charges =
          !placed.replayed && placed.order.paymentMethod === 'PIX'
            ? await ctx.request.server.pixCharges?.current()
            : null;
        const order = charges
          ? await charges.chargeNow(placed.order, PIX_CHARGE_WAIT_MS)
          : placed.order;
        // The order-placed mail (with the Pix code) was committed to the outbox: send it now.
        if (!placed.replayed) ctx.request.server.mail.kick();
        return loadCustomerOrder(ctx.db, order, placed.lines, placed.events);
      }),
  },
  PixCharge: {
    qrCodeUrl: (pix, _args, ctx) => pixQrUrl(ctx.request.server, pix.code),
    qrCodeSvg: (pix) => brCodeQrSvg(pix.code),
  },
};
