// Staff authentication for every route: the token service, and the principal behind a request's
// `Authorization: Bearer <access token>` (checked against the database: active and token version).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { StaffPrincipal } from '../graphql/context';
import { PasswordHasher } from '../modules/staff/password';
import { loadSigningKey, TokenService } from '../modules/auth/tokens';
import { findStaffById } from '../modules/staff/staff.repository';
import { twoFactorSetupPending } from '../modules/auth/twofactor-guard';
import { SETUP_REQUIRED_MESSAGE } from '../modules/auth/twofactor.service';
import type { StaffRole } from '../modules/staff/staff.tables';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    passwords: PasswordHasher;
    clock: Clock;
  }
  interface FastifyRequest {
    /** The staff member of the request's Bearer access token, or null (memoised per request). */
    staffPrincipal(): Promise<StaffPrincipal | null>;
  }
}

const principalCache = new WeakMap<FastifyRequest, Promise<StaffPrincipal | null>>();

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

async function resolvePrincipal(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<StaffPrincipal | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await app.tokens.verify(token, 'access');
  if (!claims) return null;
  const row = await findStaffById(app.db, claims.sub);
  if (!row || !row.active || row.tokenVersion !== claims.ver) return null;
  return { id: row.id, role: row.role, brandIds: row.brandIds, name: row.name, email: row.email };
}

/**
 * For REST routes (e.g. POST /media/): the principal, or a 401/403 JSON answer already sent
 * (then returns null and the handler must stop). 403 {detail, code: TWO_FACTOR_SETUP_REQUIRED}
 * while the store requires two-factor sign-in and the account has not enrolled.
 */
export async function requireStaffHttp(
  request: FastifyRequest,
  reply: FastifyReply,
  roles?: readonly StaffRole[],
): Promise<StaffPrincipal | null> {
  const principal = await request.staffPrincipal();
  if (!principal) {
    await reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer')
      .send({ detail: 'Faça login para continuar.' });
    return null;
  }
  if (roles && !roles.includes(principal.role)) {
    await reply.code(403).send({ detail: 'Você não tem permissão para esta ação.' });
    return null;
  }
  // The store requires two-factor sign-in and this account has not enrolled yet.
  if (await twoFactorSetupPending(request)) {
    await reply
      .code(403)
      .send({ detail: SETUP_REQUIRED_MESSAGE, code: 'TWO_FACTOR_SETUP_REQUIRED' });
    return null;
  }
  return principal;
}

export interface AuthPluginOptions {
  jwtSecret: string | null;
  clock: Clock;
  /** Defaults to scrypt bounded by config.passwordHashing; tests hold theirs open. */
  passwords?: PasswordHasher;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, opts) => {
    const key = await loadSigningKey(app.db, opts.jwtSecret);
    app.decorate('clock', opts.clock);
    app.decorate('tokens', new TokenService(key, opts.clock));
    const passwords =
      opts.passwords ??
      new PasswordHasher(app.config.scrypt, {
        concurrency: app.config.passwordHashing.concurrency,
        maxWaiting: app.config.passwordHashing.queue,
      });
    // The throwaway hash of unknown-e-mail logins is made in the background, not awaited: on a
    // loaded machine one N=2^17 hash outlasts the start-up time-out of a plugin (10 s), and the
    // server would not start. The first unknown-e-mail login waits for it.
    passwords.prepare().catch((err: unknown) => {
      app.log.warn({ err }, 'password hasher: the throwaway hash failed; made at the next use');
    });
    app.decorate('passwords', passwords);
    app.decorateRequest('staffPrincipal', function (this: FastifyRequest) {
      let cached = principalCache.get(this);
      if (!cached) {
        cached = resolvePrincipal(app, this);
        principalCache.set(this, cached);
      }
      return cached;
    });
  },
  { name: 'vitrine-auth', dependencies: ['vitrine-db'] },
);
