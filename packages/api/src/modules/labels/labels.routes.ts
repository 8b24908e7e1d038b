// The labels' PDFs (Bearer access token, ADMIN or SUPPORT): GET /admin/labels/{id}.pdf (one
// order's label) and GET /admin/label-batches/{id}.pdf (a batch: its labels, then the content
// declarations). The dashboard fetches them with its token and opens the file.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StaffRole } from '../staff/staff.tables';
import { isUuid } from '../../lib/ids';
import { requireStaffHttp } from '../../plugins/auth';
import { batchPdf, labelPdf } from './labels.repository';

export const LABEL_ROLES: readonly StaffRole[] = ['ADMIN', 'SUPPORT'];
const NOT_FOUND = 'Etiqueta não encontrada.';

export const labelPdfPath = (id: string) => `/admin/labels/${id}.pdf`;
export const batchPdfPath = (id: string) => `/admin/label-batches/${id}.pdf`;

function sendPdf(reply: FastifyReply, pdf: Uint8Array, fileName: string) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(pdf));
}

export async function labelRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/admin/labels/:id.pdf', async (request, reply) => {
    if (!(await requireStaffHttp(request, reply, LABEL_ROLES))) return reply;
    const found = isUuid(request.params.id) ? await labelPdf(app.db, request.params.id) : null;
    if (!found) return reply.code(404).send({ detail: NOT_FOUND });
    return sendPdf(reply, found.pdf, `etiqueta-${found.trackingCode ?? request.params.id}.pdf`);
  });
  app.get<{ Params: { id: string } }>('/admin/label-batches/:id.pdf', async (request, reply) => {
    if (!(await requireStaffHttp(request, reply, LABEL_ROLES))) return reply;
    const found = isUuid(request.params.id) ? await batchPdf(app.db, request.params.id) : null;
    if (!found) return reply.code(404).send({ detail: NOT_FOUND });
    return sendPdf(reply, found.pdf, `etiquetas-${found.createdAt.toISOString().slice(0, 10)}.pdf`);
  });
}
