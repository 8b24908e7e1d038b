// One photo to POST /media/ with XMLHttpRequest (fetch reports no upload progress), with the
// staff's Bearer token and anti-CSRF header as the auth client's fetch adds them, a refreshed
// token and one retry after a 401. Files the server would refuse are refused here first, with
// its messages: not an image, over 10 MB, over 50 megapixels.
import { XSRF_COOKIE, XSRF_HEADER, type Auth } from '@vitrine/auth';

export const MEDIA_PATH = '/media/';
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const NOT_AN_IMAGE = 'Não é uma imagem: envie JPEG, PNG ou WebP.';
export const TOO_LARGE = 'A imagem deve ter no máximo 10 MB.';
export const TOO_MANY_PIXELS = 'A imagem tem pixels demais: no máximo 50 megapixels.';
const UPLOAD_FAILED = 'Não foi possível enviar a foto. Verifique a conexão e tente de novo.';

export interface UploadedImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

export type UploadImage = (
  file: File,
  onProgress: (percent: number) => void,
) => Promise<UploadedImage>;

export class UploadError extends Error {}

/** The refusal of a file before any byte is sent, or null. */
export function fileRefusal(file: { type: string; size: number }): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > MAX_IMAGE_BYTES) return TOO_LARGE;
  return null;
}

/** Width x height read by the browser; null when it cannot tell (the server decides then). */
async function pixelCount(file: File): Promise<number | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const pixels = bitmap.width * bitmap.height;
    bitmap.close();
    return pixels;
  } catch {
    return null;
  }
}

function send(
  auth: Auth,
  file: File,
  token: string | null,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', auth.apiUrl(MEDIA_PATH));
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = auth.env.getCookie(XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_FAILED));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The uploader for the signed-in staff member. */
export function createImageUploader(auth: Auth): UploadImage {
  return async (file, onProgress) => {
    const refusal = fileRefusal(file);
    if (refusal) throw new UploadError(refusal);
    const pixels = await pixelCount(file);
    if (pixels !== null && pixels > MAX_IMAGE_PIXELS) throw new UploadError(TOO_MANY_PIXELS);
    let answer = await send(auth, file, auth.tokens.getAccessToken(), onProgress);
    if (answer.status === 401) {
      const fresh = await auth.refresh();
      if (fresh) answer = await send(auth, file, fresh, onProgress);
    }
    const body = answer.body as Partial<UploadedImage> & { detail?: string };
    if (answer.status >= 200 && answer.status < 300 && typeof body?.id === 'string') {
      onProgress(100);
      return {
        id: body.id,
        url: body.url ?? '',
        width: body.width ?? 0,
        height: body.height ?? 0,
      };
    }
    throw new UploadError(typeof body?.detail === 'string' ? body.detail : UPLOAD_FAILED);
  };
}
