import fp from 'fastify-plugin';
import {
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type RateLimitStore,
} from '../modules/auth/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimitStore;
  }
}

export interface RateLimitPluginOptions {
  store?: RateLimitStore;
}

/** The limits' store: Redis when REDIS_URL is set (shared by every instance), memory otherwise. */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, opts) => {
    const owned = !opts.store;
    const store =
      opts.store ??
      (app.config.redisUrl
        ? new RedisRateLimitStore(app.config.redisUrl)
        : new MemoryRateLimitStore());
    app.decorate('rateLimits', store);
    if (owned) app.addHook('onClose', () => store.close());
  },
  { name: 'vitrine-rate-limit', dependencies: ['vitrine-db'] },
);
