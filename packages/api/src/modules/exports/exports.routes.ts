// REST routes of the orders CSV export. POST /admin/exports/orders (Bearer access token, JSON
// {filter, sort}) answers {url, expiresInSeconds}; GET /admin/exports/orders.csv?ticket=... streams
// the file. The ticket, not the session token, goes into the URL: a browser can download it
// with a plain link, and the token never lands in a URL, a history or a log.
import type { FastifyInstance } from 'fastify';
import { requireStaffHttp } from '../../plugins/auth';
import { recordExportDone } from '../audit/audit.record-export';
import { saoPauloIsoDay } from './exports.csv';
import { productExportRoutes } from './exports.products.routes';
import {
  createExportTicket,
  EXPORT_FILE_PATH,
  ExportInputError,
  ordersCsvStream,
  parseExportRequest,
  recordRowsExported,
  redeemExportTicket,
} from './exports.service';

export const INVALID_TICKET_MESSAGE = 'Link de exportação inválido ou expirado.';

export async function exportsRoutes(app: FastifyInstance): Promise<void> {
  app.post('/admin/exports/orders', async (request, reply) => {
    const principal = await requireStaffHttp(request, reply);
    if (!principal) return reply;
    let parsed;
    try {
      parsed = parseExportRequest(request.body);
    } catch (error) {
      if (error instanceof ExportInputError) {
        return reply.code(400).send({ detail: error.message, field: error.field });
      }
      throw error;
    }
    const answer = await createExportTicket(app.db, principal, parsed, new Date(app.clock.now()));
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.get<{ Querystring: { ticket?: string } }>(EXPORT_FILE_PATH, async (request, reply) => {
    const ticket = typeof request.query.ticket === 'string' ? request.query.ticket : '';
    const now = new Date(app.clock.now());
    const redeemed = await redeemExportTicket(app.db, ticket, now);
    if (!redeemed) return reply.code(404).send({ detail: INVALID_TICKET_MESSAGE });
    const stream = ordersCsvStream(app.db, redeemed.principal, redeemed.request, {
      onDone: (rows) =>
        recordExportDone(
          app.db,
          request,
          redeemed.principal,
          'orders',
          { filter: redeemed.request.filter, sort: redeemed.request.sort, rows },
          (tx) => recordRowsExported(tx, redeemed.ticketHash, rows),
        ),
    });
    stream.on('error', (err) => request.log.error({ err }, 'orders export failed mid-stream'));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="pedidos-${saoPauloIsoDay(now)}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });

  // The products CSV (exports.products.routes.ts).
  await productExportRoutes(app);
}
