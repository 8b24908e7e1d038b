// POST /admin/imports/products?fileName=produtos.csv: a product CSV uploaded as it is (the body is
// the file, Content-Type text/csv; Bearer access token of an ADMIN or BRAND_MANAGER), for files
// past what productImportCreate's base64 carries (5 MB, 20,000 rows): up to 100 MB and 200,000
// rows. Answers 202 with the import, PREVIEWING; the preview is read in the background and the
// dashboard asks for the import (productImport) until it is READY or FAILED. Errors are
// {detail, field?} with 400, 401, 403, 413, 415 or 503.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { requireStaffHttp } from '../../plugins/auth';
import { auditActorOfRequest } from '../audit/audit';
import { PreviewsBusyError } from './imports.plugin';
import { cleanFileName, IMPORT_ROLES } from './imports.service';
import { spoolUpload, UploadTooLargeError } from './imports.stream';
import { MAX_STREAMED_IMPORT_BYTES } from './products.csv';

export const PRODUCT_IMPORT_UPLOAD_PATH = '/admin/imports/products';

/** The types a browser or a script may give a CSV. */
export const CSV_CONTENT_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

export interface ProductImportRoutesOptions {
  /** The largest file taken (MAX_STREAMED_IMPORT_BYTES; tests pass less). */
  maxBytes?: number;
  /** Where uploads wait for their preview (the system's temporary folder). */
  spoolDir?: string;
}

const TOO_LARGE = (maxBytes: number) =>
  `O arquivo pode ter no máximo ${
    maxBytes >= 1024 * 1024
      ? `${Math.floor(maxBytes / (1024 * 1024))} MB`
      : `${Math.floor(maxBytes / 1024)} KB`
  }.`;

function problem(reply: FastifyReply, status: number, detail: string, field?: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send(field ? { detail, field } : { detail });
}

export async function productImportRoutes(
  app: FastifyInstance,
  opts: ProductImportRoutesOptions,
): Promise<void> {
  const maxBytes = opts.maxBytes ?? MAX_STREAMED_IMPORT_BYTES;
  // The body stays a stream: the handler writes it to disk as it arrives.
  app.addContentTypeParser(CSV_CONTENT_TYPES, (_request, payload, done) => done(null, payload));

  app.post<{ Querystring: { fileName?: string } }>(
    PRODUCT_IMPORT_UPLOAD_PATH,
    async (request, reply) => {
      const body = request.body as Readable | undefined;
      const staff = await requireStaffHttp(request, reply, IMPORT_ROLES);
      if (!staff) return reply;
      if (!body || typeof body.pipe !== 'function') {
        return problem(
          reply,
          415,
          'Envie o arquivo como o corpo da requisição, com Content-Type text/csv.',
        );
      }
      let fileName: string;
      try {
        fileName = cleanFileName(request.query.fileName);
      } catch (error) {
        return problem(reply, 400, (error as Error).message, 'fileName');
      }
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        return problem(reply, 413, TOO_LARGE(maxBytes));
      }
      let file;
      try {
        file = await spoolUpload(body, maxBytes, opts.spoolDir);
      } catch (error) {
        if (error instanceof UploadTooLargeError) return problem(reply, 413, TOO_LARGE(maxBytes));
        request.log.warn({ err: error }, 'product import upload: body not received');
        return problem(reply, 400, 'O envio do arquivo foi interrompido; envie de novo.');
      }
      if (file.bytes === 0) {
        await unlink(file.path).catch(() => {});
        return problem(reply, 400, 'O arquivo está vazio.');
      }
      const { ip, userAgent } = auditActorOfRequest(request, null);
      try {
        const record = await app.productImports.startPreview({
          principal: { ...staff, origin: { ip, userAgent } },
          fileName,
          file,
          now: new Date(app.clock.now()),
        });
        return reply
          .code(202)
          .header('Cache-Control', 'no-store')
          .send({ id: record.id, status: record.status, fileName: record.fileName });
      } catch (error) {
        await unlink(file.path).catch(() => {});
        if (error instanceof PreviewsBusyError) {
          return reply.code(503).header('Retry-After', '10').send({
            detail: 'Outros arquivos estão sendo lidos agora; envie de novo em instantes.',
          });
        }
        throw error;
      }
    },
  );
}
