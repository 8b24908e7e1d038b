// MSW handlers for the staff image upload (the server's POST /media/: multipart with the image in
// "file", JPEG, PNG or WebP up to 10 MB; 201 with { id, url, srcSet, width, height }, or a 4xx
// with { detail } in Portuguese). The stored image is recorded so productSave accepts its id.
import { delay, http, HttpResponse, type HttpHandler } from 'msw';

import { productArtUrl } from './storefront.fixtures';
import { isLiveMockToken } from '../auth/jwt';
import { uploadedImages } from './staffProductEditor';

export const MEDIA_UPLOAD_URL = '*/media/';
export const MEDIA_TOO_LARGE = 'A imagem deve ter no máximo 10 MB.';
export const MEDIA_UNSUPPORTED =
  'Formato não suportado: envie uma imagem JPEG, PNG ou WebP (o conteúdo do arquivo foi verificado, não só a extensão).';
export const MEDIA_UNREADABLE = 'A imagem está corrompida ou incompleta; envie outro arquivo.';
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const FILLS = ['#0f766e', '#a16207', '#7c3aed', '#be123c', '#1d4ed8', '#15803d'];

function authorized(request: Request): boolean {
  const token = request.headers.get('Authorization')?.match(/^Bearer (.+)$/)?.[1];
  return token !== undefined && isLiveMockToken(token, 'access');
}

let uploads = 0;

function upload(options: { delayMs?: number } = {}): HttpHandler {
  return http.post(MEDIA_UPLOAD_URL, async ({ request }) => {
    if (!authorized(request)) {
      return HttpResponse.json(
        { detail: 'Autenticação necessária. Entre novamente.' },
        { status: 401 },
      );
    }
    const form = await request.formData().catch(() => null);
    const entry = form?.get('file');
    // Duck-typed: under jsdom the request's File is Node's, not the window's Blob.
    const file =
      typeof entry === 'object' && entry !== null && 'size' in entry && 'type' in entry
        ? (entry as Blob & { name?: string })
        : null;
    if (!form || !file) {
      return HttpResponse.json(
        { detail: 'Nenhum arquivo enviado: use o campo "file".' },
        { status: 400 },
      );
    }
    if (options.delayMs) await delay(options.delayMs);
    if (file.size > MAX_UPLOAD_BYTES) {
      return HttpResponse.json({ detail: MEDIA_TOO_LARGE }, { status: 413 });
    }
    if (!/^image\/(jpeg|png|webp)$/.test(file.type)) {
      return HttpResponse.json({ detail: MEDIA_UNSUPPORTED }, { status: 415 });
    }
    const name = file.name ?? '';
    if (name.includes('corrompida')) {
      return HttpResponse.json({ detail: MEDIA_UNREADABLE }, { status: 400 });
    }
    uploads += 1;
    const id = `upload-${uploads}`;
    const url = productArtUrl('tshirt', FILLS[uploads % FILLS.length] ?? '#0f766e');
    const image = { id, url, srcSet: `${url} 800w`, width: 800, height: 1000 };
    uploadedImages.set(id, { ...image, alt: '' });
    return HttpResponse.json(image, { status: 201 });
  });
}

/** The upload, answering at once. */
export const mediaHandlers: HttpHandler[] = [upload()];

export const mediaMock = {
  handlers: () => [upload()],
  /** Each upload answers after `ms` (the progress bar stays visible). */
  slow: (ms = 1500) => [upload({ delayMs: ms })],
  /** Uploads never answer: the progress state, frozen for screenshots. */
  pending: (): HttpHandler[] => [
    http.post(MEDIA_UPLOAD_URL, async () => {
      await delay('infinite');
      return HttpResponse.json({}, { status: 500 });
    }),
  ],
  /** Every upload fails on the server. */
  fails: (detail = 'Erro interno do servidor.'): HttpHandler[] => [
    http.post(MEDIA_UPLOAD_URL, () => HttpResponse.json({ detail }, { status: 500 })),
  ],
};
