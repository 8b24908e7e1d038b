// The carriers that quote parcels, from the environment: Melhor Envio (MELHOR_ENVIO_*) and the
// Correios contract API (CORREIOS_*), and the store's dispatch CEP (SHIPPING_ORIGIN_CEP), which
// every quote needs. None configured: every method is priced by its own table, as before.
import { normaliseCep } from '@vitrine/rules';
import { CorreiosQuoter } from './correios';
import type { LabelBuyer } from './labels';
import { CorreiosLabels } from './labels-correios';
import { MelhorEnvioLabels } from './labels-melhorenvio';
import { MelhorEnvioQuoter } from './melhorenvio';
import { MelhorEnvioTracker } from './melhorenvio-tracking';
import type { CarrierQuoter, CarrierTracker } from './provider';
import { DEFAULT_CARRIER_CACHE_TTL_MS, DEFAULT_CARRIER_TIMEOUT_MS } from './carrier-quotes';

type Env = Record<string, string | undefined>;

export interface CarrierSettings {
  quoters: CarrierQuoter[];
  /** The same carriers' labels (the same credentials). */
  labelBuyers: LabelBuyer[];
  /** The carriers that tell where a parcel is: the Correios' SRO, Melhor Envio's labels. */
  trackers: CarrierTracker[];
  originCep: string;
  timeoutMs: number;
  cacheTtlMs: number;
}

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function url(env: Env, name: string, fallback: string): string {
  const value = text(env, name) ?? fallback;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
  } catch {
    throw new Error(`${name} deve ser uma URL completa (recebido: ${value}).`);
  }
  return value;
}

function milliseconds(env: Env, name: string, fallback: number, max: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1 || number > max) {
    throw new Error(`${name} deve ser um número inteiro de 1 a ${max} (recebido: ${value}).`);
  }
  return number;
}

/** The carriers configured, or null when none is; throws a Portuguese message on a half setup. */
export function carrierSettingsFromEnv(env: Env): CarrierSettings | null {
  const quoters: CarrierQuoter[] = [];
  const labelBuyers: LabelBuyer[] = [];
  const trackers: CarrierTracker[] = [];
  const meToken = text(env, 'MELHOR_ENVIO_TOKEN');
  if (meToken) {
    const melhorEnvio = {
      baseUrl: url(env, 'MELHOR_ENVIO_URL', 'https://melhorenvio.com.br'),
      token: meToken,
      userAgent: text(env, 'MELHOR_ENVIO_USER_AGENT') ?? 'Vitrine (loja)',
    };
    quoters.push(new MelhorEnvioQuoter(melhorEnvio));
    labelBuyers.push(new MelhorEnvioLabels(melhorEnvio));
    trackers.push(new MelhorEnvioTracker(melhorEnvio));
  }
  const user = text(env, 'CORREIOS_USER');
  const accessCode = text(env, 'CORREIOS_ACCESS_CODE');
  const postageCard = text(env, 'CORREIOS_POSTAGE_CARD');
  if (user || accessCode || postageCard) {
    if (!user || !accessCode || !postageCard) {
      throw new Error(
        'Configure CORREIOS_USER, CORREIOS_ACCESS_CODE e CORREIOS_POSTAGE_CARD juntos (o contrato dos Correios).',
      );
    }
    const correios = new CorreiosQuoter({
      baseUrl: url(env, 'CORREIOS_URL', 'https://api.correios.com.br'),
      user,
      accessCode,
      postageCard,
    });
    quoters.push(correios);
    labelBuyers.push(new CorreiosLabels(correios));
    trackers.push(correios);
  }
  if (quoters.length === 0) return null;
  const origin = text(env, 'SHIPPING_ORIGIN_CEP');
  let originCep: string;
  try {
    if (!origin) throw new Error('missing');
    originCep = normaliseCep(origin);
  } catch {
    throw new Error(
      'Configure SHIPPING_ORIGIN_CEP (o CEP de onde a loja despacha, 8 dígitos) para cotar com as transportadoras.',
    );
  }
  return {
    quoters,
    labelBuyers,
    trackers,
    originCep,
    timeoutMs: milliseconds(env, 'CARRIER_QUOTE_TIMEOUT_MS', DEFAULT_CARRIER_TIMEOUT_MS, 10_000),
    cacheTtlMs:
      milliseconds(
        env,
        'CARRIER_QUOTE_CACHE_SECONDS',
        DEFAULT_CARRIER_CACHE_TTL_MS / 1000,
        86_400,
      ) * 1000,
  };
}
