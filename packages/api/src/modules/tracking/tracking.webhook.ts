// Melhor Envio's webhook (POST /webhooks/melhor-envio): signed by X-ME-Signature, the base64
// HMAC-SHA256 of the raw body with the application's secret. Its body is never believed: it only
// names the shipment, which is read back from Melhor Envio (ShipmentTracking.readBack) before
// anything changes. A bad signature is 401; a shipment no shipped order has is acknowledged (200)
// and logged, so Melhor Envio does not send it again and again.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ShipmentTracking } from './tracking.service';

export const MELHOR_ENVIO_WEBHOOK_PATH = '/webhooks/melhor-envio';

function signatureOk(raw: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function melhorEnvioWebhook(
  app: FastifyInstance,
  opts: { tracking: ShipmentTracking; secret: string },
): Promise<void> {
  // The raw bytes, for the signature (this plugin's routes only).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(MELHOR_ENVIO_WEBHOOK_PATH, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!signatureOk(raw, request.headers['x-me-signature'], opts.secret)) {
      request.log.warn('Melhor Envio webhook with a bad signature');
      return reply.code(401).send({ detail: 'Assinatura do webhook inválida.' });
    }
    let id: unknown;
    try {
      id = (JSON.parse(raw.toString('utf8')) as { data?: { id?: unknown } }).data?.id;
    } catch {
      id = undefined;
    }
    if (typeof id !== 'string' || id === '' || id.length > 100) {
      return reply.code(400).send({ detail: 'Webhook sem o envio (data.id).' });
    }
    try {
      const known = await opts.tracking.readBack(id);
      if (!known) request.log.warn({ shipment: id }, 'Melhor Envio webhook for no shipped order');
      return reply.code(200).send({ status: known ? 'read' : 'ignored' });
    } catch (error) {
      // 5xx: Melhor Envio delivers it again later.
      request.log.error({ err: error }, 'Melhor Envio webhook: the shipment could not be read');
      return reply.code(503).send({ detail: 'Não foi possível ler o envio agora.' });
    }
  });
}
