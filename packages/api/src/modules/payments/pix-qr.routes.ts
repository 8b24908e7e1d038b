// GET /pix/qr.svg?c=<BR Code>&s=<signature>: a Pix charge's QR code, drawn when a browser asks for
// it (issue 17, item 5) instead of in every placeOrder answer. PixCharge.qrCodeUrl hands out the
// signed link (auth/tokens signLink 'pix-qr'), so the server draws only codes it issued: no one
// can use it to draw arbitrary QR codes. The image of a code never changes: cached for a year by
// browsers and CDNs, and the last codes drawn are kept here for repeated views.
import type { FastifyInstance } from 'fastify';
import { brCodeQrSvg } from './brcode';

export const PIX_QR_PATH = '/pix/qr.svg';
export const PIX_QR_LINK_PURPOSE = 'pix-qr';
/** A BR Code is at most 512 characters (EMV QRCPS): anything longer is not one. */
const MAX_CODE_LENGTH = 512;
const KEPT = 256;

/** The image link of a Pix code, for the code's charge (relative, as /media/ links are). */
export function pixQrUrl(app: FastifyInstance, code: string): string {
  const signature = app.tokens.signLink(PIX_QR_LINK_PURPOSE, code);
  return `${PIX_QR_PATH}?c=${encodeURIComponent(code)}&s=${signature}`;
}

export async function pixQrRoutes(app: FastifyInstance) {
  const drawn = new Map<string, string>();

  app.get<{ Querystring: { c?: unknown; s?: unknown } }>(PIX_QR_PATH, async (request, reply) => {
    const { c: code, s: signature } = request.query;
    if (typeof code !== 'string' || typeof signature !== 'string' || code.length === 0) {
      return reply
        .code(400)
        .send({ detail: 'Informe o código Pix (c) e a assinatura (s) do link.' });
    }
    if (
      code.length > MAX_CODE_LENGTH ||
      !app.tokens.verifyLink(PIX_QR_LINK_PURPOSE, code, signature)
    ) {
      return reply.code(404).send({ detail: 'QR Code não encontrado.' });
    }
    let svg = drawn.get(code);
    if (svg === undefined) {
      svg = await brCodeQrSvg(code);
      if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
      drawn.set(code, svg);
    }
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
