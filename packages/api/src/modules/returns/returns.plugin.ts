// Wires the returns into the server: `app.orderReturns` with the reverse carrier (the Correios'
// logística reversa when the contract is configured, CORREIOS_*; none otherwise: staff type the
// code) and its worker, run every RETURNS_POLL_SECONDS and kicked after each request. Tests
// register it with a stand-in and call `app.orderReturns.runDue()` themselves.
import fp from 'fastify-plugin';
import { normaliseCep } from '@vitrine/rules';
import { periodicJob } from '../../lib/periodic-job';
import { parseStoreAddress } from '../labels/sender';
import { getStoreSettings } from '../settings/settings.repository';
import { CorreiosQuoter } from '../shipping/carriers/correios';
import { CorreiosReverseLogistics } from './correios-reverse';
import { returnsSettingsFromEnv } from './returns.config';
import { ReturnAuthorizations, type AuthorizationsRun } from './returns.worker';
import type { ReverseLogistics, ReverseParty } from './reverse-logistics';

export interface ReturnsHandle {
  /** The reverse carrier; null when none is configured. */
  readonly logistics: ReverseLogistics | null;
  /** One pass of the worker (tests, and the timer). */
  runDue(): Promise<AuthorizationsRun>;
  /** Runs a pass soon, without waiting (after a request was committed). */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    orderReturns: ReturnsHandle;
  }
}

export interface ReturnsPluginOptions {
  /** The reverse carrier (tests); from the environment and the Correios contract otherwise. */
  logistics?: ReverseLogistics | null;
  /** The store as the return's addressee (tests); from Settings otherwise. */
  storeParty?: () => Promise<ReverseParty | null>;
  /** Run the worker on a timer (the server); off in tests. */
  poll?: boolean;
  now?: () => Date;
}

function cepOrNull(value: string | undefined): string | null {
  try {
    return value?.trim() ? normaliseCep(value) : null;
  } catch {
    return null;
  }
}

export const returnsPlugin = fp<ReturnsPluginOptions>(
  async (app, opts) => {
    if (app.hasDecorator('orderReturns')) return;
    const settings = returnsSettingsFromEnv(process.env);
    const now =
      opts.now ?? (() => new Date(app.hasDecorator('clock') ? app.clock.now() : Date.now()));
    // The contract's client is the carriers plugin's (one token for quotes, tracking and labels).
    const correios = app.carrierTracker instanceof CorreiosQuoter ? app.carrierTracker : null;
    const logistics =
      opts.logistics !== undefined
        ? opts.logistics
        : correios && settings.correios
          ? new CorreiosReverseLogistics(correios, settings.correios, now)
          : null;
    const originCep = cepOrNull(process.env.SHIPPING_ORIGIN_CEP);
    const storeParty =
      opts.storeParty ?? (async () => parseStoreAddress(await getStoreSettings(app.db), originCep));
    const worker = new ReturnAuthorizations({
      db: app.db,
      logistics,
      publicUrl: app.config.publicUrl,
      now,
      storeParty,
      onIssued: () => app.mail.kick(),
      log: app.log,
    });
    const run = periodicJob(app, {
      name: 'returns authorizations',
      work: () => worker.runDue(),
      fallback: { issued: 0, failed: 0 },
      enabled: opts.poll === true && logistics !== null,
      intervalMs: settings.pollSeconds * 1000,
    });
    app.decorate('orderReturns', {
      logistics,
      runDue: run,
      kick: () => {
        if (logistics && opts.poll === true) void run();
      },
    } satisfies ReturnsHandle);
  },
  { name: 'returns', dependencies: ['vitrine-db', 'vitrine-mail'] },
);
