// The designers' workshop (Storybook, built by `npm run workshop:build`), served at /workshop/ by
// the store's own server, so a designer reviews every component and screen from the running store.
// It is a separate set of files under its own path: no shopper's page loads anything from it, and
// its mock service worker (MSW, which answers the stories' /graphql and /auth calls) is registered
// with the scope /workshop/, so it can never answer a request of the store's own pages.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const WORKSHOP_PREFIX = '/workshop';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Storybook's pages start with inline scripts (its globals) and frame the stories' page
 * (iframe.html) from the same origin: the store's strict policy (scripts from files only, no
 * framing at all) would leave them blank. Everything else stays as strict.
 */
export const WORKSHOP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const WORKSHOP_NOT_BUILT =
  'A oficina de design (Storybook) não foi gerada neste servidor. ' +
  'Gere-a com "npm run workshop:build" e reinicie o servidor.';
export const WORKSHOP_OFF = 'A oficina de design não é servida por este servidor (WORKSHOP=false).';

/** Registers /workshop/ when `workshopDist` holds a built workshop; otherwise a 404 that says why. */
export function registerWorkshop(app: FastifyInstance, workshopDist: string | null): void {
  if (workshopDist === null || !existsSync(path.join(workshopDist, 'index.html'))) {
    const reason = workshopDist === null ? WORKSHOP_OFF : WORKSHOP_NOT_BUILT;
    const notBuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).type('text/plain; charset=utf-8').send(reason);
    app.get(WORKSHOP_PREFIX, notBuilt);
    app.get(`${WORKSHOP_PREFIX}/*`, notBuilt);
    return;
  }
  app.log.info({ workshopDist }, 'serving the workshop at /workshop/');

  app.register(
    async (scope) => {
      // Storybook's pages link their files relatively: /workshop must become /workshop/ (the
      // router takes both as one path, so the redirect is made here).
      scope.addHook('onRequest', async (request, reply) => {
        const [pathname, query] = request.url.split('?', 2) as [string, string | undefined];
        if (pathname === WORKSHOP_PREFIX)
          return reply.redirect(
            `${WORKSHOP_PREFIX}/${query === undefined ? '' : `?${query}`}`,
            301,
          );
      });
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('content-security-policy', WORKSHOP_CSP);
        reply.header('x-frame-options', 'SAMEORIGIN');
      });
      await scope.register(fastifyStatic, {
        root: workshopDist,
        prefix: '/',
        decorateReply: false,
        // The bare directory is answered by the route below (the wildcard does not serve it).
        index: false,
        wildcard: true,
        setHeaders(reply, filePath) {
          // Vite fingerprints the stories' bundles under assets/; everything else revalidates.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', immutable ? IMMUTABLE : REVALIDATE);
        },
      });
      // The static plugin's wildcard does not answer the bare directory: its page, read each
      // time (a rebuilt workshop is served without a restart).
      scope.get('/', async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', REVALIDATE)
          .send(await readFile(path.join(workshopDist, 'index.html'))),
      );
      scope.setNotFoundHandler((_request, reply) =>
        reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('Arquivo não encontrado na oficina.'),
      );
    },
    { prefix: WORKSHOP_PREFIX },
  );
}
