// POST /media/ (staff upload: JPEG, PNG or WebP up to 10 MB, stored as WebP renditions) and
// GET /media/<file> (the stored files, cached for a year: names never change meaning). Both go
// through app.mediaStorage: the local disk, or an S3 store every instance shares.
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { WorkLimiter, WorkLimiterFullError } from '../../lib/work-limiter';
import { requireStaffHttp } from '../../plugins/auth';
import { auditActorOfRequest, recordAudit } from '../audit/audit';
import { imageUrls } from '../catalog/catalog.images';
import {
  isServableMediaName,
  MAX_UPLOAD_BYTES,
  sniffImageFormat,
  storeWebpRenditions,
  MAX_IMAGE_MEGAPIXELS,
  TooManyPixelsError,
  UnreadableImageError,
} from './media.service';
import { insertUploadedImage } from './media.repository';

function problem(reply: FastifyReply, status: number, detail: string) {
  return reply.code(status).send({ detail });
}

function isFastifyError(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

export const TOO_LARGE = 'A imagem deve ter no máximo 10 MB.';
export const TOO_BUSY = 'Muitas imagens sendo processadas agora; tente novamente em instantes.';
/** Images re-encoded at once, per process: each decoded image may take a few hundred MB. */
export const IMAGE_WORK_CONCURRENCY = 2;
/** Uploads waiting for their turn (each holds up to 10 MB); beyond that, 503. */
export const IMAGE_WORK_MAX_WAITING = 8;

/**
 * The whole file, or null when it is over MAX_UPLOAD_BYTES. Not `file.toBuffer()`: busboy marks
 * a file truncated without handing over another chunk when a network chunk ends exactly at the
 * limit, and toBuffer() then returned the first 10 MB as if complete. Here the flag is checked
 * once the part has ended, and the byte count besides.
 */
async function readWhole(file: MultipartFile): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  // Read to the end even when too large, so the request is consumed before the answer.
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) tooLarge = true;
    if (!tooLarge) chunks.push(chunk);
  }
  if (tooLarge || file.file.truncated) return null;
  return Buffer.concat(chunks, size);
}

/** Registered without fastify-plugin: the multipart parser stays inside these routes. */
export async function mediaRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    // readWhole() decides on the size itself, after the part has ended.
    throwFileSizeLimit: false,
  });
  // Concurrent large images are re-encoded a few at a time, so memory stays bounded.
  const imageWork = new WorkLimiter(IMAGE_WORK_CONCURRENCY, IMAGE_WORK_MAX_WAITING);

  app.post('/media/', async (request, reply) => {
    const staff = await requireStaffHttp(request, reply, ['ADMIN', 'BRAND_MANAGER']);
    if (!staff) return reply;
    if (!request.isMultipart()) {
      return problem(
        reply,
        415,
        'Envie a imagem como multipart/form-data, no campo "file" (JPEG, PNG ou WebP).',
      );
    }
    let buffer: Buffer;
    try {
      const file = await request.file();
      if (!file) return problem(reply, 400, 'Nenhum arquivo enviado: use o campo "file".');
      const whole = await readWhole(file);
      if (!whole) return problem(reply, 413, TOO_LARGE);
      buffer = whole;
    } catch (error) {
      if (isFastifyError(error, 'FST_REQ_FILE_TOO_LARGE')) return problem(reply, 413, TOO_LARGE);
      if (isFastifyError(error, 'FST_FILES_LIMIT') || isFastifyError(error, 'FST_PARTS_LIMIT')) {
        return problem(reply, 413, 'Envie uma imagem por vez.');
      }
      if (isFastifyError(error, 'FST_INVALID_MULTIPART_CONTENT_TYPE')) {
        return problem(reply, 415, 'Envie a imagem como multipart/form-data.');
      }
      request.log.warn({ err: error }, 'media upload: unreadable multipart body');
      return problem(reply, 400, 'Não foi possível ler o envio; tente novamente.');
    }
    if (!sniffImageFormat(buffer)) {
      return problem(
        reply,
        415,
        'Formato não suportado: envie uma imagem JPEG, PNG ou WebP (o conteúdo do arquivo foi verificado, não só a extensão).',
      );
    }
    let stored;
    try {
      stored = await imageWork.run(() => storeWebpRenditions(app.mediaStorage, buffer));
    } catch (error) {
      if (error instanceof WorkLimiterFullError) {
        return reply.code(503).header('Retry-After', '5').send({ detail: TOO_BUSY });
      }
      if (error instanceof TooManyPixelsError) {
        const megapixels = Math.round((error.width * error.height) / 1_000_000);
        return problem(
          reply,
          400,
          `A imagem tem ${megapixels} megapixels (${error.width} × ${error.height}); o máximo é ${MAX_IMAGE_MEGAPIXELS}. Reduza a imagem e envie de novo.`,
        );
      }
      if (error instanceof UnreadableImageError) {
        return problem(reply, 400, 'A imagem está corrompida ou incompleta; envie outro arquivo.');
      }
      throw error;
    }
    await app.db.transaction(async (tx) => {
      await insertUploadedImage(tx, {
        id: stored.id,
        width: stored.width,
        height: stored.height,
        sources: stored.sources,
        uploadedBy: staff.id,
      });
      // Not a product's yet (a product save attaches it): the entry names the image itself.
      await recordAudit(tx, auditActorOfRequest(request, staff), {
        action: 'media.upload',
        entity: 'PRODUCT',
        entityLabel: `Imagem ${stored.width} × ${stored.height}`,
        brandIds: staff.role === 'BRAND_MANAGER' ? staff.brandIds : [],
        summary: `Imagem enviada (${stored.width} × ${stored.height})`,
        after: { imageId: stored.id, width: stored.width, height: stored.height },
      });
    });
    const urls = imageUrls(stored);
    return reply.code(201).send({
      id: stored.id,
      url: urls.url,
      srcSet: urls.srcSet,
      width: stored.width,
      height: stored.height,
    });
  });

  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const name = request.params.file;
    const file = isServableMediaName(name) ? await app.mediaStorage.get(name) : null;
    if (!file) return problem(reply, 404, 'Arquivo não encontrado.');
    const svg = name.endsWith('.svg');
    reply
      .header('Content-Type', svg ? 'image/svg+xml' : 'image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff');
    if (file.size !== null) reply.header('Content-Length', file.size);
    // Our SVGs are generated, never uploaded; still, opened directly they must not run anything.
    if (svg)
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.send(file.body);
  });
}
