// Makes the configured carriers available to the checkout (app.carrierQuotes) and tells the
// dashboard which ones are (Query.shippingCarriers). Tests register it with stand-ins.
import fp from 'fastify-plugin';
import { CarrierQuotes, type CarrierQuotesOptions } from './carrier-quotes';
import { carrierSettingsFromEnv } from './carriers.config';
import type { LabelBuyer } from './labels';
import type { CarrierName, CarrierQuoter, CarrierTracker } from './provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when a carrier is configured (MELHOR_ENVIO_TOKEN, CORREIOS_*). */
    carrierQuotes?: CarrierQuotes;
    /** Present when the Correios are configured (their SRO tracks parcels). */
    carrierTracker?: CarrierTracker;
    /** Every configured carrier that tracks parcels: the Correios, Melhor Envio (its labels). */
    carrierTrackers?: readonly CarrierTracker[];
    /** The carriers that sell labels, by name (the same credentials as their quotes). */
    labelBuyers?: ReadonlyMap<CarrierName, LabelBuyer>;
    /** The store's dispatch CEP (SHIPPING_ORIGIN_CEP), when a carrier is configured. */
    shippingOriginCep?: string;
  }
}

export interface CarriersPluginOptions {
  /** The carriers to use (tests); from the environment when undefined. */
  quoters?: CarrierQuoter[];
  /** The carriers' label buyers (tests); from the environment when `quoters` is undefined. */
  labelBuyers?: LabelBuyer[];
  /** Trackers besides the quoters that track (tests: Melhor Envio's). */
  trackers?: CarrierTracker[];
  options?: Omit<CarrierQuotesOptions, 'onFailure'>;
}

export const carriersPlugin = fp<CarriersPluginOptions>(
  async (app, opts) => {
    if (app.hasDecorator('carrierQuotes')) return;
    const settings = opts.quoters ? null : carrierSettingsFromEnv(process.env);
    const quoters = opts.quoters ?? settings?.quoters ?? [];
    if (quoters.length === 0) return;
    const buyers = opts.quoters ? (opts.labelBuyers ?? []) : (settings?.labelBuyers ?? []);
    if (buyers.length > 0 && !app.hasDecorator('labelBuyers')) {
      app.decorate('labelBuyers', new Map(buyers.map((buyer) => [buyer.name, buyer])));
    }
    const options: CarrierQuotesOptions = opts.options ?? {
      originCep: settings!.originCep,
      timeoutMs: settings!.timeoutMs,
      cacheTtlMs: settings!.cacheTtlMs,
    };
    // The Correios also tell where a parcel is (the tracking worker reads them), and Melhor
    // Envio where the parcels of its labels are.
    const tracker = quoters.find((quoter) => 'track' in quoter) as CarrierTracker | undefined;
    if (tracker && !app.hasDecorator('carrierTracker')) app.decorate('carrierTracker', tracker);
    const trackers = opts.quoters
      ? [...(tracker ? [tracker] : []), ...(opts.trackers ?? [])]
      : (settings?.trackers ?? []);
    if (trackers.length > 0 && !app.hasDecorator('carrierTrackers')) {
      app.decorate('carrierTrackers', trackers);
    }
    if (!app.hasDecorator('shippingOriginCep'))
      app.decorate('shippingOriginCep', options.originCep);
    app.decorate(
      'carrierQuotes',
      new CarrierQuotes(quoters, {
        ...options,
        onFailure: (carrier, error) =>
          app.log.warn(
            { carrier, err: error },
            'carrier quote failed: the method’s own table priced it',
          ),
      }),
    );
  },
  { name: 'carriers' },
);
