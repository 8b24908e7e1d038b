// Runs the tracking worker when a carrier that tracks parcels is configured (the Correios
// contract, Melhor Envio): every TRACKING_POLL_SECONDS the shipped orders due are read (each
// parcel again after TRACKING_RECHECK_MINUTES), and Melhor Envio's webhooks (with
// MELHOR_ENVIO_WEBHOOK_SECRET) have a parcel read at once. Tests call
// `app.shipmentTracking.runDue()` themselves.
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import type { CarrierTracker } from '../shipping/carriers/provider';
import { melhorEnvioWebhook } from './tracking.webhook';
import { DEFAULT_TRACKING_RECHECK_MS, ShipmentTracking } from './tracking.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when a carrier tracks parcels (CORREIOS_*). */
    shipmentTracking?: ShipmentTracking;
  }
}

export interface TrackingPluginOptions {
  /** The trackers to use (tests); the carriers plugin's when undefined. */
  trackers?: CarrierTracker[];
  /** Melhor Envio's webhook secret (tests); MELHOR_ENVIO_WEBHOOK_SECRET when undefined. */
  melhorEnvioWebhookSecret?: string | null;
  /** Run on a timer (the server); off in tests. */
  poll?: boolean;
  now?: () => Date;
}

type Env = Record<string, string | undefined>;

/**
 * TRACKING_POLL_SECONDS / TRACKING_RECHECK_SECONDS (journeys, which cannot wait minutes) win over
 * the minutes; 1 to 86400.
 */
function seconds(env: Env, name: string): number | null {
  const value = env[name]?.trim();
  if (!value) return null;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1 || number > 86_400) {
    throw new Error(`${name} deve ser um número inteiro de 1 a 86400 (recebido: ${value}).`);
  }
  return number;
}

function minutes(env: Env, name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1 || number > 1440) {
    throw new Error(`${name} deve ser um número inteiro de 1 a 1440 (recebido: ${value}).`);
  }
  return number;
}

export const trackingPlugin = fp<TrackingPluginOptions>(
  async (app, opts) => {
    if (app.hasDecorator('shipmentTracking')) return;
    const trackers = opts.trackers ?? app.carrierTrackers ?? [];
    if (trackers.length === 0) return;
    const tracking = new ShipmentTracking({
      db: app.db,
      trackers,
      publicUrl: app.config.publicUrl,
      now: opts.now ?? (() => new Date(app.hasDecorator('clock') ? app.clock.now() : Date.now())),
      recheckMs:
        (seconds(process.env, 'TRACKING_RECHECK_SECONDS') ??
          minutes(process.env, 'TRACKING_RECHECK_MINUTES', DEFAULT_TRACKING_RECHECK_MS / 60_000) *
            60) * 1000,
      log: app.log,
    });
    app.decorate('shipmentTracking', tracking);
    if (trackers.some((tracker) => tracker.name === 'melhorenvio')) {
      const secret =
        opts.melhorEnvioWebhookSecret !== undefined
          ? opts.melhorEnvioWebhookSecret
          : process.env.MELHOR_ENVIO_WEBHOOK_SECRET?.trim() || null;
      if (secret) app.register(melhorEnvioWebhook, { tracking, secret });
    }
    // One run at a time per instance; instances keep apart by SKIP LOCKED (claimDueShipments).
    periodicJob(app, {
      name: 'tracking run',
      work: () => tracking.runDue(),
      fallback: { checked: 0, delivered: 0, problems: 0 },
      enabled: opts.poll === true,
      intervalMs:
        (seconds(process.env, 'TRACKING_POLL_SECONDS') ??
          minutes(process.env, 'TRACKING_POLL_MINUTES', 5) * 60) * 1000,
    });
  },
  { name: 'tracking' },
);
