import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
  }
}

export interface DbPluginOptions {
  db: Database;
  config: Config;
}

/** Makes the database and the configuration reachable from every route and plugin. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('config', opts.config);
  },
  { name: 'vitrine-db' },
);
