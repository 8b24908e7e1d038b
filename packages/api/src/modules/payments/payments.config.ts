// The card/boleto gateway's settings from the environment. Both credentials or neither: without
// them the store offers only Pix.
import { MercadoPagoProvider } from './mercadopago';
import type { PaymentProvider } from './provider';

export interface MercadoPagoSettings {
  accessToken: string;
  webhookSecret: string;
  /** The API origin; Mercado Pago's own when null (a stand-in in tests and staging). */
  apiUrl: string | null;
  /**
   * The public key the browser SDK tokenises cards with (MERCADOPAGO_PUBLIC_KEY); public by
   * design. Without it the storefront cannot take cards (boleto still works).
   */
  publicKey: string | null;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

export function mercadoPagoSettingsFromEnv(env: Env): MercadoPagoSettings | null {
  const accessToken = text(env, 'MERCADOPAGO_ACCESS_TOKEN');
  const webhookSecret = text(env, 'MERCADOPAGO_WEBHOOK_SECRET');
  const apiUrl = text(env, 'MERCADOPAGO_API_URL');
  const publicKey = text(env, 'MERCADOPAGO_PUBLIC_KEY');
  if (!accessToken && !webhookSecret) return null;
  if (!accessToken || !webhookSecret) {
    throw new Error(
      'Configure MERCADOPAGO_ACCESS_TOKEN e MERCADOPAGO_WEBHOOK_SECRET juntos (ou nenhum dos dois para aceitar só Pix).',
    );
  }
  if (apiUrl !== null) {
    try {
      new URL(apiUrl);
    } catch {
      throw new Error(`MERCADOPAGO_API_URL deve ser uma URL completa (recebido: ${apiUrl}).`);
    }
  }
  return { accessToken, webhookSecret, apiUrl, publicKey };
}

export const MERCADO_PAGO_WEBHOOK_PATH = '/webhooks/mercadopago/';

/** The configured gateway, or null (Pix only). */
export function createPaymentProvider(
  settings: MercadoPagoSettings | null,
  publicUrl: string,
): PaymentProvider | null {
  if (!settings) return null;
  return new MercadoPagoProvider({
    accessToken: settings.accessToken,
    webhookSecret: settings.webhookSecret,
    ...(settings.apiUrl ? { baseUrl: settings.apiUrl } : {}),
    // No timestamp tolerance: a replayed notification can do no harm, because the status and
    // amount are read back from the gateway and events are deduplicated by their id.
    notificationUrl: `${publicUrl}${MERCADO_PAGO_WEBHOOK_PATH}`,
  });
}
