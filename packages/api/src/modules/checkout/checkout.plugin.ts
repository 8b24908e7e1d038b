// The checkout's server-side pieces that live beside the GraphQL resolvers: the address look-up by
// CEP (a ViaCEP-compatible HTTP service) and the periodic expiry of unpaid Pix orders.
import fp from 'fastify-plugin';
import {
  ViaCepAddressLookup,
  VIACEP_URL_TEMPLATE,
  type AddressLookup,
} from '../shipping/addressLookup';
import { pixExpiryPlugin, type PixExpiryOptions } from './pixExpiry';

declare module 'fastify' {
  interface FastifyInstance {
    /** Finds the address of a CEP; absent until the checkout plugin is registered. */
    addressLookup?: AddressLookup;
  }
}

export interface CheckoutPluginOptions {
  pixExpiry: PixExpiryOptions;
  /** URL template with {cep}; ViaCEP's public service by default. */
  addressLookupUrl?: string | null;
  /** A ready-made look-up (tests); wins over addressLookupUrl. */
  addressLookup?: AddressLookup;
}

export const checkoutPlugin = fp<CheckoutPluginOptions>(
  async (app, opts) => {
    const explicit = opts.addressLookup !== undefined || Boolean(opts.addressLookupUrl);
    const lookup =
      opts.addressLookup ??
      new ViaCepAddressLookup({
        urlTemplate: opts.addressLookupUrl ?? VIACEP_URL_TEMPLATE,
        logger: app.log,
      });
    // Registered twice (the app's own registration, then a test's), the explicit choice wins.
    if (!app.hasDecorator('addressLookup')) app.decorate('addressLookup', lookup);
    else if (explicit) app.addressLookup = lookup;
    await app.register(pixExpiryPlugin, opts.pixExpiry);
  },
  { name: 'vitrine-checkout', dependencies: ['vitrine-db', 'vitrine-auth'] },
);
