// The contract of an invoicing provider (NF-e modelo 55): the store sends the invoice's JSON with
// its own reference (ref, idempotent: the same ref is the same invoice at the provider), and the
// provider signs it with the store's A1 certificate, talks to SEFAZ and answers asynchronously
// (webhook or polling). One adapter per provider behind this interface (focusnfe-client.ts: Focus
// NFe's REST API v2); a local stand-in (standin.ts) implements the same subset for the tests.
import type { NfePayload } from './payload';

export type ProviderInvoiceStatus =
  | 'PROCESSING' // processando_autorizacao
  | 'AUTHORIZED' // autorizado
  | 'REJECTED' // erro_autorizacao (SEFAZ refused it: its code and message)
  | 'CANCELED'; // cancelado

export interface ProviderInvoice {
  ref: string;
  status: ProviderInvoiceStatus;
  /** chave de acesso (44 digits), once authorised. */
  accessKey: string | null;
  protocol: string | null;
  series: number | null;
  number: number | null;
  /** SEFAZ's cStat and xMotivo of a rejection. */
  sefazCode: string | null;
  sefazMessage: string | null;
  /** Absolute URLs of the DANFE (PDF) and the XML, once authorised. */
  danfeUrl: string | null;
  xmlUrl: string | null;
}

export interface ProviderCancellation {
  protocol: string | null;
}

export interface ProviderCorrection {
  sequence: number;
  protocol: string | null;
}

export interface InvoiceProvider {
  /** 'focusnfe'. */
  readonly name: string;
  /** Sends the invoice (POST /v2/nfe?ref=REF); answers its state right after. */
  issue(payload: NfePayload, ref: string): Promise<ProviderInvoice>;
  /** GET /v2/nfe/REF; NOT_FOUND when the provider never got it. */
  status(ref: string): Promise<ProviderInvoice>;
  /** DELETE /v2/nfe/REF {justificativa}: the cancellation at SEFAZ. */
  cancel(ref: string, reason: string): Promise<ProviderCancellation>;
  /** POST /v2/nfe/REF/carta_correcao {correcao}: a CC-e. */
  correct(ref: string, text: string): Promise<ProviderCorrection>;
  /** Downloads a file the provider serves (the DANFE, the XML). */
  download(url: string): Promise<Uint8Array>;
}

export type InvoiceProviderErrorCode =
  | 'UNAVAILABLE' // network failure, timeout, 429 or a 5xx: safe to retry
  | 'UNAUTHORIZED' // a bad token: a configuration problem (retried: it may be fixed)
  | 'NOT_FOUND'
  | 'REJECTED_REQUEST' // the provider or SEFAZ refused the request (its message in Portuguese)
  | 'BAD_RESPONSE'; // an answer we cannot read

export class InvoiceProviderError extends Error {
  override name = 'InvoiceProviderError';
  constructor(
    readonly code: InvoiceProviderErrorCode,
    message: string,
    readonly httpStatus: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether a failure is worth another try later (the provider down, a bad configuration). */
export function isRetryable(error: unknown): boolean {
  return (
    !(error instanceof InvoiceProviderError) ||
    error.code === 'UNAVAILABLE' ||
    error.code === 'UNAUTHORIZED' ||
    error.code === 'BAD_RESPONSE'
  );
}
