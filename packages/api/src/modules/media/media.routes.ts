// POST /media/ (staff upload: JPEG, PNG or WebP up to 10 MB, stored as WebP renditions) and
// GET /media/<file> (the stored files, cached for a year: names never change meaning).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireStaffHttp } from '../../plugins/auth';
import { images } from '../catalog/catalog.tables';
import { imageUrls } from '../catalog/catalog.images';
import {
  MAX_UPLOAD_BYTES,
  mediaFilePath,
  sniffImageFormat,
  storeWebpRenditions,
  UnreadableImageError,
} from './media.service';

function problem(reply: FastifyReply, status: number, detail: string) {
  return reply.code(status).send({ detail });
}

function isFastifyError(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

/** Registered without fastify-plugin: the multipart parser stays inside these routes. */
export async function mediaRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

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
      buffer = await file.toBuffer();
    } catch (error) {
      if (isFastifyError(error, 'FST_REQ_FILE_TOO_LARGE')) {
        return problem(reply, 413, 'A imagem deve ter no máximo 10 MB.');
      }
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
      stored = await storeWebpRenditions(app.config.mediaDir, buffer);
    } catch (error) {
      if (error instanceof UnreadableImageError) {
        return problem(reply, 400, 'A imagem está corrompida ou incompleta; envie outro arquivo.');
      }
      throw error;
    }
    await app.db.insert(images).values({
      id: stored.id,
      width: stored.width,
      height: stored.height,
      sources: stored.sources,
      uploadedBy: staff.id,
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
    const file = mediaFilePath(app.config.mediaDir, request.params.file);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) return problem(reply, 404, 'Arquivo não encontrado.');
    const svg = file.endsWith('.svg');
    reply
      .header('Content-Type', svg ? 'image/svg+xml' : 'image/webp')
      .header('Content-Length', info.size)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff');
    // Our SVGs are generated, never uploaded; still, opened directly they must not run anything.
    if (svg)
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.send(createReadStream(file));
  });
}
