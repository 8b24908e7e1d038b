// The PSP's settings from the environment: none without PIX_PSP_URL, the certificate files read,
// Banco do Brasil's token URL and developer key, and a Portuguese message for each half setup.
import { describe, expect, it } from 'vitest';
import { pixChargeTxid, pixPspSettingsFromEnv, pixWebhookUrl } from './pix-psp.config';

const BASE = {
  PIX_PSP_URL: 'https://api.hm.bb.com.br/pix/',
  PIX_PSP_CLIENT_ID: 'app',
  PIX_PSP_CLIENT_SECRET: 'segredo',
};

describe('pixPspSettingsFromEnv', () => {
  it('is null without PIX_PSP_URL, and refuses credentials without it', () => {
    expect(pixPspSettingsFromEnv({})).toBeNull();
    expect(() => pixPspSettingsFromEnv({ PIX_PSP_CLIENT_ID: 'app' })).toThrow(
      'Configure PIX_PSP_URL junto com PIX_PSP_CLIENT_ID e PIX_PSP_CLIENT_SECRET.',
    );
  });

  it('reads a Banco do Brasil setup: token URL, developer key, certificate files', () => {
    const files: Record<string, string> = { '/c.pem': 'CERT', '/k.pem': 'KEY' };
    const settings = pixPspSettingsFromEnv(
      {
        ...BASE,
        PIX_PSP_TOKEN_URL: 'https://oauth.hm.bb.com.br/oauth/token',
        PIX_PSP_QUERY: 'gw-dev-app-key=abc123',
        PIX_PSP_CERT: '/c.pem',
        PIX_PSP_KEY: '/k.pem',
        PIX_WEBHOOK_SECRET: 'segredo-do-webhook-123',
      },
      (path) => Buffer.from(files[path]!),
    );
    expect(settings).toMatchObject({
      url: 'https://api.hm.bb.com.br/pix',
      tokenUrl: 'https://oauth.hm.bb.com.br/oauth/token',
      query: { 'gw-dev-app-key': 'abc123' },
      webhookSecret: 'segredo-do-webhook-123',
    });
    expect(settings!.cert?.toString()).toBe('CERT');
    expect(settings!.key?.toString()).toBe('KEY');
  });

  it.each([
    [{ PIX_PSP_URL: 'pix.example.com' }, 'PIX_PSP_URL deve ser uma URL completa'],
    [{ PIX_PSP_CLIENT_SECRET: '' }, 'Configure PIX_PSP_CLIENT_ID e PIX_PSP_CLIENT_SECRET'],
    [{ PIX_PSP_CERT: '/c.pem' }, 'Configure PIX_PSP_CERT e PIX_PSP_KEY juntos'],
    [{ PIX_PSP_TOKEN_URL: 'oauth/token' }, 'PIX_PSP_TOKEN_URL deve ser uma URL completa'],
    [{ PIX_PSP_QUERY: 'gw-dev-app-key=' }, 'PIX_PSP_QUERY deve ser como nome=valor'],
    [{ PIX_WEBHOOK_SECRET: 'curto' }, 'PIX_WEBHOOK_SECRET deve ter de 16 a 128'],
  ])('refuses %o in Portuguese', (env, message) => {
    expect(() => pixPspSettingsFromEnv({ ...BASE, ...env }, () => Buffer.from(''))).toThrow(
      message,
    );
  });
});

describe('names of the store’s charges and webhook', () => {
  it('registers the secret in the query and leaves room for the PSP’s /pix', () => {
    expect(pixWebhookUrl('https://loja.com.br/', 's3gr3do-s3gr3do-1')).toBe(
      'https://loja.com.br/webhooks/pix?hmac=s3gr3do-s3gr3do-1&ignorar=',
    );
  });

  it('makes a txid of 34 letters and digits from the order’s id', () => {
    const txid = pixChargeTxid('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed');
    expect(txid).toBe('vt1b9d6bcdbbfd4b2d9b5dab8dfbbd4bed');
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
  });
});
