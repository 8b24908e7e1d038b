// REST routes of the products CSV export, as the orders one: POST /admin/exports/products (Bearer
// access token, JSON {filter}; every staff role, SUPPORT included: it only reads) answers
// {url, expiresInSeconds}; GET /admin/exports/products.csv?ticket=... streams the file.
import type { FastifyInstance } from 'fastify';
import { requireStaffHttp } from '../../plugins/auth';
import { recordExportDone } from '../audit/audit.record-export';
import { saoPauloIsoDay } from './exports.csv';
import {
  createProductExportTicket,
  parseProductExportRequest,
  productsCsvStream,
  PRODUCTS_EXPORT_FILE_PATH,
  recordProductRowsExported,
  redeemProductExportTicket,
} from './exports.products';
import { INVALID_TICKET_MESSAGE } from './exports.routes';
import { ExportInputError } from './exports.service';

export async function productExportRoutes(app: FastifyInstance): Promise<void> {
  app.post('/admin/exports/products', async (request, reply) => {
    const principal = await requireStaffHttp(request, reply);
    if (!principal) return reply;
    let parsed;
    try {
      parsed = parseProductExportRequest(request.body);
    } catch (error) {
      if (error instanceof ExportInputError) {
        return reply.code(400).send({ detail: error.message, field: error.field });
      }
      throw error;
    }
    const answer = await createProductExportTicket(
      app.db,
      principal,
      parsed,
      new Date(app.clock.now()),
    );
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.get<{ Querystring: { ticket?: string } }>(
    PRODUCTS_EXPORT_FILE_PATH,
    async (request, reply) => {
      const ticket = typeof request.query.ticket === 'string' ? request.query.ticket : '';
      const now = new Date(app.clock.now());
      const redeemed = await redeemProductExportTicket(app.db, ticket, now);
      if (!redeemed) return reply.code(404).send({ detail: INVALID_TICKET_MESSAGE });
      const stream = productsCsvStream(app.db, redeemed.principal, redeemed.request, {
        onDone: (rows) =>
          recordExportDone(
            app.db,
            request,
            redeemed.principal,
            'products',
            { filter: redeemed.request.filter, rows },
            (tx) => recordProductRowsExported(tx, redeemed.ticketHash, rows),
          ),
      });
      stream.on('error', (err) => request.log.error({ err }, 'products export failed mid-stream'));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="produtos-${saoPauloIsoDay(now)}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}
