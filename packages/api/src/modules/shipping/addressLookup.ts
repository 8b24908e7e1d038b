// Address look-up by CEP. Purely a convenience: when the service is down or slow the shopper
// types the address. A CEP that does not exist answers null; a service that did not answer
// (timeout, network error, 5xx, a body that is not ViaCEP's) is logged and thrown as
// AddressLookupUnavailableError, so the shopper is never told their CEP is wrong for it.
import type { Uf } from '@vitrine/rules';
import { isUf } from '@vitrine/rules';
import { isValidCep, normaliseCep } from '@vitrine/rules';

export interface LookedUpAddress {
  cep: string;
  street: string;
  district: string;
  city: string;
  uf: Uf;
}

export interface AddressLookup {
  /** The address, or null for a CEP that does not exist; throws AddressLookupUnavailableError. */
  lookup(cep: string): Promise<LookedUpAddress | null>;
}

/** The look-up service did not answer usefully: not the shopper's fault. */
export class AddressLookupUnavailableError extends Error {
  override name = 'AddressLookupUnavailableError';
  constructor(readonly reason: string) {
    super(`Address look-up unavailable (${reason})`);
  }
}

/** The part of a pino/Fastify logger this needs. */
export interface WarnLogger {
  warn(context: object, message: string): void;
}

export interface ViaCepConfig {
  /** URL template with {cep}, e.g. 'https://viacep.com.br/ws/{cep}/json/'. */
  urlTemplate?: string;
  timeoutMs?: number;
  logger?: WarnLogger;
  fetch?: typeof fetch;
}

export const VIACEP_URL_TEMPLATE = 'https://viacep.com.br/ws/{cep}/json/';
export const ADDRESS_LOOKUP_TIMEOUT_MS = 3000;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** ViaCEP's JSON shape (and that of compatible services): logradouro, bairro, localidade, uf. */
export class ViaCepAddressLookup implements AddressLookup {
  private readonly urlTemplate: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly config: ViaCepConfig = {}) {
    this.urlTemplate = config.urlTemplate ?? VIACEP_URL_TEMPLATE;
    if (!this.urlTemplate.includes('{cep}')) throw new Error('The URL template needs {cep}');
    this.timeoutMs = config.timeoutMs ?? ADDRESS_LOOKUP_TIMEOUT_MS;
    this.fetchImpl = config.fetch ?? fetch;
  }

  async lookup(input: string): Promise<LookedUpAddress | null> {
    if (!isValidCep(input)) return null;
    const cep = normaliseCep(input);
    const url = this.urlTemplate.replace('{cep}', cep);
    let body: unknown;
    try {
      const response = await this.fetchImpl(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // ViaCEP answers 400 for a malformed CEP (checked above, so a CEP it cannot know).
      if (response.status === 400) return null;
      if (!response.ok) throw this.unavailable({ cep, status: response.status }, 'HTTP error');
      body = await response.json();
    } catch (error) {
      if (error instanceof AddressLookupUnavailableError) throw error;
      const name = error instanceof Error ? error.name : '';
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? 'timeout'
          : name === 'SyntaxError'
            ? 'invalid JSON'
            : 'network failure';
      throw this.unavailable({ cep, err: error }, reason);
    }
    if (typeof body !== 'object' || body === null) {
      throw this.unavailable({ cep }, 'unexpected body');
    }
    const record = body as Record<string, unknown>;
    // A well-formed CEP that does not exist: {"erro": true} (or "true" in the newer API).
    if (record.erro === true || record.erro === 'true') return null;
    const uf = text(record.uf).toUpperCase();
    const city = text(record.localidade);
    if (!isUf(uf) || city === '') throw this.unavailable({ cep }, 'unexpected body');
    return {
      cep,
      street: text(record.logradouro),
      district: text(record.bairro),
      city,
      uf,
    };
  }

  /** Logs the failure and returns the error to throw. */
  private unavailable(context: object, what: string): AddressLookupUnavailableError {
    this.config.logger?.warn(
      context,
      `Address look-up by CEP failed (${what}); the shopper types it`,
    );
    return new AddressLookupUnavailableError(what);
  }
}
