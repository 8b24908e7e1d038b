// The storefront's uncached catalog reads on a read replica (DATABASE_READ_URL). An anonymous
// GraphQL query whose root fields all read the public catalog (the same decision as the catalog
// cache's, tags.ts) and that the cache did not answer runs on the replica; everything else (staff,
// checkout, orders, mutations) on the primary. A read goes back to the primary while the replica
// is behind: its lag, measured every second, over DATABASE_READ_MAX_LAG_MS (or not measured for 3
// intervals), and for DATABASE_READ_MAX_LAG_MS after each catalog change announced on the
// primary, so the catalog cache never keeps an answer the replica computed before replaying the
// change that emptied it.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db';
import { CatalogReadDecisions, isAnonymousGraphqlRead, requestParts } from './catalog-cache.plugin';
import { replicaLagMs } from './read-replica.repository';

declare module 'fastify' {
  interface FastifyInstance {
    readReplica: ReadReplica;
  }
}

export interface ReadReplicaStats {
  /** Operations sent to the replica, and catalog reads kept on the primary (and why). */
  replica: number;
  primaryLagging: number;
  primaryAfterChange: number;
}

export class ReadReplica {
  lagMs: number | null = null;
  checkedAt = 0;
  readonly stats: ReadReplicaStats = { replica: 0, primaryLagging: 0, primaryAfterChange: 0 };
  private readonly routed = new WeakSet<FastifyRequest>();

  constructor(
    readonly db: Database | null,
    private readonly maxLagMs: number,
    private readonly checkIntervalMs: number,
    private readonly lastChangeAt: () => number | null,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.db !== null;
  }

  /** Measures the lag; a failure leaves the replica unusable until the next success. */
  async check(): Promise<void> {
    if (!this.db) return;
    try {
      this.lagMs = await replicaLagMs(this.db);
      this.checkedAt = this.now();
    } catch {
      this.lagMs = null;
    }
  }

  /** Whether a catalog read may go to the replica now (and counts the answer). */
  admit(): boolean {
    const now = this.now();
    const fresh = this.lagMs !== null && now - this.checkedAt <= this.checkIntervalMs * 3;
    if (!fresh || this.lagMs! > this.maxLagMs) {
      this.stats.primaryLagging += 1;
      return false;
    }
    const changed = this.lastChangeAt();
    if (changed !== null && now - changed < this.maxLagMs) {
      this.stats.primaryAfterChange += 1;
      return false;
    }
    this.stats.replica += 1;
    return true;
  }

  route(request: FastifyRequest): void {
    this.routed.add(request);
  }

  /** The database a request's GraphQL operation reads: the replica when routed there. */
  dbFor(request: FastifyRequest, primary: Database): Database {
    return this.db && this.routed.has(request) ? this.db : primary;
  }
}

export interface ReadReplicaPluginOptions {
  /** The replica's connection (DATABASE_READ_URL opened); null or absent: none. */
  db?: Database | null;
  /** How often the lag is measured (default 1 s). */
  checkIntervalMs?: number;
}

export const readReplicaPlugin = fp<ReadReplicaPluginOptions>(
  async (app, opts) => {
    const replica = new ReadReplica(
      opts.db ?? null,
      app.config.databaseReadMaxLagMs,
      opts.checkIntervalMs ?? 1_000,
      () => app.catalogCache?.lastInvalidationAt ?? null,
    );
    app.decorate('readReplica', replica);
    if (!replica.enabled) return;
    await replica.check();
    const timer = setInterval(() => void replica.check(), opts.checkIntervalMs ?? 1_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    const decisions = new CatalogReadDecisions();
    // After the catalog cache's own preHandler: a cached answer never reaches here.
    app.addHook('preHandler', async (request) => {
      if (!(await isAnonymousGraphqlRead(request))) return;
      const parts = requestParts(request);
      if (!parts || !decisions.decide(parts.source, parts.operationName)) return;
      if (replica.admit()) replica.route(request);
    });
  },
  {
    name: 'vitrine-read-replica',
    dependencies: ['vitrine-db', 'vitrine-graphql', 'vitrine-catalog-cache'],
  },
);
