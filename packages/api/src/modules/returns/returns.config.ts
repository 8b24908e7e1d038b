// The returns' settings from the environment: the Correios' reverse service and how long its
// authorisation is valid (used when the Correios contract is configured, CORREIOS_*), where the
// reverse pre-postagens go when not at CORREIOS_URL (the local stand-in), and how often the
// worker asks the carrier for the codes due.
import {
  DEFAULT_CORREIOS_REVERSE_DAYS,
  DEFAULT_CORREIOS_REVERSE_SERVICE,
  type CorreiosReverseSettings,
} from './correios-reverse';

type Env = Record<string, string | undefined>;

export interface ReturnsSettings {
  /** null: the Correios' reverse logistics is off (CORREIOS_REVERSE_SERVICE=none). */
  correios: CorreiosReverseSettings | null;
  pollSeconds: number;
}

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new Error(`${name} deve ser um número inteiro de ${min} a ${max} (recebido: ${value}).`);
  }
  return number;
}

export function returnsSettingsFromEnv(env: Env): ReturnsSettings {
  const service = text(env, 'CORREIOS_REVERSE_SERVICE') ?? DEFAULT_CORREIOS_REVERSE_SERVICE;
  if (service.toLowerCase() !== 'none' && !/^\d{5}$/.test(service)) {
    throw new Error(
      `CORREIOS_REVERSE_SERVICE deve ser o código de 5 dígitos do serviço reverso do contrato, ou none (recebido: ${service}).`,
    );
  }
  const baseUrl = text(env, 'CORREIOS_REVERSE_URL');
  if (baseUrl !== null) {
    try {
      const parsed = new URL(baseUrl);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
    } catch {
      throw new Error(`CORREIOS_REVERSE_URL deve ser uma URL completa (recebido: ${baseUrl}).`);
    }
  }
  return {
    correios:
      service.toLowerCase() === 'none'
        ? null
        : {
            service,
            validityDays: integer(
              env,
              'CORREIOS_REVERSE_DAYS',
              DEFAULT_CORREIOS_REVERSE_DAYS,
              1,
              60,
            ),
            baseUrl,
          },
    pollSeconds: integer(env, 'RETURNS_POLL_SECONDS', 30, 1, 86_400),
  };
}
