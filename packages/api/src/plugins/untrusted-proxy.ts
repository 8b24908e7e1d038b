// Behind a load balancer or reverse proxy without TRUST_PROXY, every request's address is the
// proxy's: all shoppers share one address's rate limit, requests in flight and server time
// (client-limits.ts), and the store refuses them with 429 as soon as a few browse at once. The
// first request that arrives through a proxy (it carries X-Forwarded-For) while TRUST_PROXY is not
// set is logged as a warning, once per process.
import type { FastifyInstance } from 'fastify';

export const UNTRUSTED_PROXY_WARNING =
  'Requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client ' +
  "behind it counts as the proxy's address for the rate limits and the per-address limits. Set " +
  'TRUST_PROXY to the proxy (docs/deployment.md).';

export function warnOfUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn({ proxyAddress: request.socket.remoteAddress }, UNTRUSTED_PROXY_WARNING);
  });
}
