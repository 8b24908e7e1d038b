// The invoicing provider from the environment (NFE_*). With none configured the store issues no
// invoice and says so in the dashboard ("Emissão de NF-e não configurada"); orders never fail.
import { DEFAULT_RATES, type ReformRates } from './taxes';

export const NFE_PROVIDERS = ['focusnfe'] as const;
export type NfeProviderName = (typeof NFE_PROVIDERS)[number];
export type NfeEnvironment = 'homologacao' | 'producao';

export interface NfeSettings {
  provider: NfeProviderName;
  url: string;
  token: string;
  environment: NfeEnvironment;
  /** The secret the provider sends with each webhook (Authorization header); no webhook without. */
  webhookSecret: string | null;
  rates: ReformRates;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function percent(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  const number = Number(value.replace(',', '.'));
  if (
    !Number.isFinite(number) ||
    number < 0 ||
    number > 100 ||
    !/^\d+([.,]\d{1,4})?$/.test(value)
  ) {
    throw new Error(
      `${name} deve ser um percentual de 0 a 100 com até 4 casas, como 0.9 (recebido: ${value}).`,
    );
  }
  return number;
}

/** The rates of the 2026 reform's IBS/CBS and the ICMS inside the UF (taxes.ts). */
export function ratesFromEnv(env: Env): ReformRates {
  return {
    cbs: percent(env, 'NFE_CBS_RATE', DEFAULT_RATES.cbs),
    ibsUf: percent(env, 'NFE_IBS_UF_RATE', DEFAULT_RATES.ibsUf),
    ibsMun: percent(env, 'NFE_IBS_MUN_RATE', DEFAULT_RATES.ibsMun),
    icmsInside: percent(env, 'NFE_ICMS_RATE', DEFAULT_RATES.icmsInside),
  };
}

/** The settings, or null when NFE_PROVIDER is not set; throws a Portuguese message on a half setup. */
export function nfeSettingsFromEnv(env: Env): NfeSettings | null {
  const provider = text(env, 'NFE_PROVIDER');
  const url = text(env, 'NFE_API_URL');
  const token = text(env, 'NFE_API_TOKEN');
  if (!provider) {
    if (url || token)
      throw new Error('Configure NFE_PROVIDER (focusnfe) junto com NFE_API_URL e NFE_API_TOKEN.');
    return null;
  }
  if (!(NFE_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(
      `NFE_PROVIDER deve ser um de: ${NFE_PROVIDERS.join(', ')} (recebido: ${provider}).`,
    );
  }
  if (!url || !token)
    throw new Error('Configure NFE_API_URL e NFE_API_TOKEN junto com NFE_PROVIDER.');
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
  } catch {
    throw new Error(`NFE_API_URL deve ser uma URL completa (recebido: ${url}).`);
  }
  const environment = text(env, 'NFE_ENVIRONMENT') ?? 'homologacao';
  if (environment !== 'homologacao' && environment !== 'producao') {
    throw new Error(`NFE_ENVIRONMENT deve ser homologacao ou producao (recebido: ${environment}).`);
  }
  const webhookSecret = text(env, 'NFE_WEBHOOK_SECRET');
  if (webhookSecret !== null && !/^[\x21-\x7e]{16,200}$/.test(webhookSecret)) {
    throw new Error('NFE_WEBHOOK_SECRET deve ter de 16 a 200 caracteres, sem espaços.');
  }
  return {
    provider: provider as NfeProviderName,
    url: url.replace(/\/+$/, ''),
    token,
    environment,
    webhookSecret,
    rates: ratesFromEnv(env),
  };
}

export const NFE_WEBHOOK_PATH = '/webhooks/nfe';

/** The provider's ref of an order's invoice: 'vt' and the order's id without dashes. */
export function invoiceRef(orderId: string): string {
  return `vt${orderId.replace(/-/g, '')}`;
}

/** The provider's ref of a return's NF-e de devolução: 'vtd' and the return's id without dashes. */
export function returnInvoiceRef(returnId: string): string {
  return `vtd${returnId.replace(/-/g, '')}`;
}

/** The shopper's links (public, by the invoice's unguessable token). */
export const danfePath = (token: string) => `/nfe/${token}/danfe.pdf`;
export const xmlPath = (token: string) => `/nfe/${token}/nfe.xml`;
