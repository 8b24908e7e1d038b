// The PSP's Pix API settings from the environment (PIX_PSP_*), and the store's names for its
// charges and webhook. With none configured the store keeps its static BR Code and confirms Pix
// by hand or by bank statement.
import { readFileSync } from 'node:fs';

export interface PixPspSettings {
  /** The API's base URL (e.g. https://pix.example-psp.com.br/api). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The client certificate and its key (mTLS), when the PSP asks for one (most do). */
  cert: Buffer | null;
  key: Buffer | null;
  /** The shared secret the store registers in its webhook URL; no webhook without it. */
  webhookSecret: string | null;
  /** The token endpoint, when it is not `${url}/oauth/token` (Banco do Brasil's). */
  tokenUrl: string | null;
  /** Query parameters every API call carries (Banco do Brasil's `gw-dev-app-key`). */
  query: Record<string, string> | null;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/** The settings, or null when PIX_PSP_URL is not set; throws a Portuguese message on a half setup. */
export function pixPspSettingsFromEnv(
  env: Env,
  read: (path: string) => Buffer = (path) => readFileSync(path),
): PixPspSettings | null {
  const url = text(env, 'PIX_PSP_URL');
  const clientId = text(env, 'PIX_PSP_CLIENT_ID');
  const clientSecret = text(env, 'PIX_PSP_CLIENT_SECRET');
  const certPath = text(env, 'PIX_PSP_CERT');
  const keyPath = text(env, 'PIX_PSP_KEY');
  const webhookSecret = text(env, 'PIX_WEBHOOK_SECRET');
  const tokenUrl = text(env, 'PIX_PSP_TOKEN_URL');
  const queryText = text(env, 'PIX_PSP_QUERY');
  if (!url) {
    if (clientId || clientSecret || certPath || keyPath) {
      throw new Error('Configure PIX_PSP_URL junto com PIX_PSP_CLIENT_ID e PIX_PSP_CLIENT_SECRET.');
    }
    return null;
  }
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
  } catch {
    throw new Error(`PIX_PSP_URL deve ser uma URL completa (recebido: ${url}).`);
  }
  if (!clientId || !clientSecret) {
    throw new Error('Configure PIX_PSP_CLIENT_ID e PIX_PSP_CLIENT_SECRET junto com PIX_PSP_URL.');
  }
  if ((certPath === null) !== (keyPath === null)) {
    throw new Error('Configure PIX_PSP_CERT e PIX_PSP_KEY juntos (os arquivos do certificado).');
  }
  const file = (path: string | null, name: string): Buffer | null => {
    if (path === null) return null;
    try {
      return read(path);
    } catch {
      throw new Error(`Não foi possível ler ${name} (${path}).`);
    }
  };
  if (webhookSecret !== null && !/^[A-Za-z0-9_-]{16,128}$/.test(webhookSecret)) {
    throw new Error(
      'PIX_WEBHOOK_SECRET deve ter de 16 a 128 letras, números, "-" ou "_" (vai na URL do webhook).',
    );
  }
  if (tokenUrl !== null && !/^https?:\/\/[^\s]+$/.test(tokenUrl)) {
    throw new Error(`PIX_PSP_TOKEN_URL deve ser uma URL completa (recebido: ${tokenUrl}).`);
  }
  let query: Record<string, string> | null = null;
  if (queryText !== null) {
    const pairs = [...new URLSearchParams(queryText.replace(/^\?/, ''))];
    if (pairs.length === 0 || pairs.some(([name, value]) => name === '' || value === '')) {
      throw new Error(
        'PIX_PSP_QUERY deve ser como nome=valor&outro=valor (por exemplo gw-dev-app-key=SUA_CHAVE).',
      );
    }
    query = Object.fromEntries(pairs);
  }
  return {
    url: url.replace(/\/+$/, ''),
    clientId,
    clientSecret,
    cert: file(certPath, 'PIX_PSP_CERT'),
    key: file(keyPath, 'PIX_PSP_KEY'),
    webhookSecret,
    tokenUrl,
    query,
  };
}

export const PIX_WEBHOOK_PATH = '/webhooks/pix';

/**
 * The URL registered at the PSP: the secret in the query, and an empty `ignorar` last, because
 * PSPs append '/pix' to the registered URL as a string (it lands in `ignorar`); PSPs that append
 * to the path call /webhooks/pix/pix, served too.
 */
export function pixWebhookUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${PIX_WEBHOOK_PATH}?hmac=${encodeURIComponent(secret)}&ignorar=`;
}

/** The charge's txid: 'vt' and the order's id without dashes (34 letters and digits). */
export function pixChargeTxid(orderId: string): string {
  return `vt${orderId.replace(/-/g, '')}`;
}
