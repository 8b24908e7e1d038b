import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import type { StaffRole } from '../modules/staff/staff.tables';
import type { ExecutionDeadline } from './deadline';

/** The signed-in staff member behind a request's Bearer access token. */
export interface StaffPrincipal {
  id: string;
  role: StaffRole;
  brandIds: string[];
  name: string;
  email: string;
}

/** Per-request cache of loaders (DataLoader-style batchers), created on first use. */
export class LoaderRegistry {
  readonly #loaders = new Map<string, unknown>();
  get<T>(key: string, create: () => T): T {
    if (!this.#loaders.has(key)) this.#loaders.set(key, create());
    return this.#loaders.get(key) as T;
  }
}

export interface GraphQLContext {
  db: Database;
  config: Config;
  staff: StaffPrincipal | null;
  request: FastifyRequest;
  reply: FastifyReply;
  loaders: LoaderRegistry;
  /** The operation's time budget (GRAPHQL_TIMEOUT_MS); every resolver is raced against it. */
  deadline?: ExecutionDeadline;
}
