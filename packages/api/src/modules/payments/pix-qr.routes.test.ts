// GET /pix/qr.svg (issue 17, item 5): the QR code of a Pix code the server issued, drawn when the
// browser asks for it; nothing for a code it did not sign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { buildPixBrCode, brCodeQrSvg } from './brcode';
import { PIX_QR_LINK_PURPOSE, pixQrUrl } from './pix-qr.routes';

let ctx: TestContext;
const code = buildPixBrCode({
  key: 'financeiro@vitrine.test',
  merchantName: 'Vitrine Moda',
  merchantCity: 'Sao Paulo',
  amountCents: 12990,
  txid: 'VT10042',
  description: 'Pedido VT-10042',
});

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /pix/qr.svg', () => {
  it('draws the QR code of a signed link, as the server would inline it, cacheable for a year', async () => {
    const url = pixQrUrl(ctx.app, code);
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toBe(await brCodeQrSvg(code));
    // Again: the same image (kept, not drawn twice).
    expect((await ctx.app.inject({ method: 'GET', url })).body).toBe(response.body);
  });

  it('answers 404 to a code it did not sign or a changed code, 400 without the parameters', async () => {
    const signature = ctx.app.tokens.signLink(PIX_QR_LINK_PURPOSE, code);
    expect(code).toContain('129.90');
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/pix/qr.svg?c=${encodeURIComponent(code.replace('129.90', '999.90'))}&s=${signature}`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ detail: 'QR Code não encontrado.' });
    const otherPurpose = ctx.app.tokens.signLink('outra-coisa', code);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/pix/qr.svg?c=${encodeURIComponent(code)}&s=${otherPurpose}`,
        })
      ).statusCode,
    ).toBe(404);
    const bare = await ctx.app.inject({ method: 'GET', url: '/pix/qr.svg' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ detail: 'Informe o código Pix (c) e a assinatura (s) do link.' });
  });
});
