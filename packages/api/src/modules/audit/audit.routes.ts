// REST routes of the audit log's CSV export, as the orders one: POST /admin/exports/audit
// (Bearer access token, JSON {filter}; ADMIN) answers {url, expiresInSeconds};
// GET /admin/exports/audit.csv?ticket=... streams the file. The export itself is recorded in the
// log (export.audit) once the file has been streamed.
import type { FastifyInstance } from 'fastify';
import { requireStaffHttp } from '../../plugins/auth';
import { saoPauloIsoDay } from '../../lib/csv';
import {
  AuditExportInputError,
  AUDIT_EXPORT_FILE_PATH,
  AUDIT_INVALID_TICKET_MESSAGE,
  auditCsvStream,
  createAuditExportTicket,
  parseAuditExportRequest,
  recordAuditRowsExported,
  redeemAuditExportTicket,
} from './audit.export';
import { recordExportDone } from './audit.record-export';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.post('/admin/exports/audit', async (request, reply) => {
    const principal = await requireStaffHttp(request, reply, ['ADMIN']);
    if (!principal) return reply;
    let parsed;
    try {
      parsed = parseAuditExportRequest(request.body);
    } catch (error) {
      if (error instanceof AuditExportInputError) {
        return reply.code(400).send({ detail: error.message, field: error.field });
      }
      throw error;
    }
    const answer = await createAuditExportTicket(
      app.db,
      principal,
      parsed.request,
      new Date(app.clock.now()),
    );
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.get<{ Querystring: { ticket?: string } }>(AUDIT_EXPORT_FILE_PATH, async (request, reply) => {
    const ticket = typeof request.query.ticket === 'string' ? request.query.ticket : '';
    const now = new Date(app.clock.now());
    const redeemed = await redeemAuditExportTicket(app.db, ticket, now);
    if (!redeemed) return reply.code(404).send({ detail: AUDIT_INVALID_TICKET_MESSAGE });
    const stream = auditCsvStream(app.db, redeemed.filter, {
      onDone: (rows) =>
        recordExportDone(
          app.db,
          request,
          redeemed.principal,
          'audit',
          { filter: redeemed.request.filter, rows },
          (tx) => recordAuditRowsExported(tx, redeemed.ticketHash, rows),
        ),
    });
    stream.on('error', (err) => request.log.error({ err }, 'audit export failed mid-stream'));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="auditoria-${saoPauloIsoDay(now)}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });
}
