// The contract of a Pix provider (PSP) that implements the Banco Central's Pix API (API Pix,
// "padrão Bacen" v2): immediate charges (cob) with a dynamic QR code, their status, webhooks and
// refunds (devolução), in the store's own terms (centavos, Date). One client of that standard
// (bacen-client.ts) serves every PSP that follows it (Itaú, BB, Bradesco, Santander, Sicoob, Inter,
// Efí...); a local stand-in (standin.ts) implements the same subset for the tests and the e2e run.

/** The charge's status as the standard names it. */
export type PixChargeStatus =
  'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export type PixRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

export interface PixRefund {
  /** Our id of the refund (the {id} of PUT /v2/pix/{e2eid}/devolucao/{id}). */
  id: string;
  /** The PSP's return id (rtrId), once it has one. */
  rtrId: string | null;
  amountCents: number;
  status: PixRefundStatus;
  reason: string | null;
}

/** A Pix received for a charge (the `pix` array of GET /v2/cob/{txid}). */
export interface ReceivedPix {
  endToEndId: string;
  txid: string | null;
  amountCents: number;
  paidAt: Date;
  /** infoPagador: the payer's message, if any. */
  payerInfo: string | null;
  refunds: PixRefund[];
}

export interface PixCharge {
  txid: string;
  status: PixChargeStatus;
  amountCents: number;
  /** The payload's location (the dynamic QR code's URL, without https://). */
  location: string | null;
  /** The "Pix Copia e Cola" the PSP built for the charge (its BR Code, carrying the location). */
  pixCopiaECola: string | null;
  createdAt: Date;
  expiresInSeconds: number;
  pix: ReceivedPix[];
}

export interface CreateChargeInput {
  /** 26 to 35 letters and digits (the standard's rule for cob txids). */
  txid: string;
  amountCents: number;
  expiresInSeconds: number;
  /** The payer, when known (devedor: name with CPF). */
  payer?: { name: string; cpf: string } | null;
  /** solicitacaoPagador: shown to the payer in their bank's app (at most 140 characters). */
  description?: string | null;
}

/** One notification of the webhook body ({"pix":[...]}): never trusted, only a hint to read back. */
export interface PixNotification {
  endToEndId: string;
  txid: string | null;
  amountCents: number | null;
  paidAt: Date | null;
}

export interface PixProvider {
  readonly name: string;
  /** PUT /v2/cob/{txid}; creating a txid that exists answers that charge (idempotent by txid). */
  createCharge(input: CreateChargeInput): Promise<PixCharge>;
  /** GET /v2/cob/{txid}. */
  getCharge(txid: string): Promise<PixCharge>;
  /** PATCH /v2/cob/{txid} {status: REMOVIDA_PELO_USUARIO_RECEBEDOR}. */
  cancelCharge(txid: string): Promise<PixCharge>;
  /** PUT /v2/webhook/{chave} {webhookUrl}. */
  registerWebhook(webhookUrl: string): Promise<void>;
  /** PUT /v2/pix/{e2eid}/devolucao/{id} {valor}; the same id again answers the same refund. */
  refund(input: { endToEndId: string; refundId: string; amountCents: number }): Promise<PixRefund>;
  /** GET /v2/pix/{e2eid}/devolucao/{id}. */
  getRefund(endToEndId: string, refundId: string): Promise<PixRefund>;
}

export type PixProviderErrorCode =
  | 'UNAVAILABLE' // network failure, timeout, 429 or a 5xx: safe to retry
  | 'UNAUTHORIZED' // bad credentials or certificate: a configuration problem
  | 'NOT_FOUND'
  | 'REJECTED_REQUEST' // the PSP refused the request as invalid (4xx with its problem+json)
  | 'BAD_RESPONSE'; // an answer we cannot read

export class PixProviderError extends Error {
  override name = 'PixProviderError';
  constructor(
    readonly code: PixProviderErrorCode,
    message: string,
    readonly httpStatus: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Reads a webhook body ({"pix":[{endToEndId, txid, valor, horario, infoPagador}]}); [] if none. */
export function notificationsOf(body: unknown): PixNotification[] {
  const list = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): PixNotification[] => {
    const entry = item as Record<string, unknown> | null;
    const endToEndId = typeof entry?.endToEndId === 'string' ? entry.endToEndId : null;
    if (!endToEndId || !/^[A-Za-z0-9]{1,35}$/.test(endToEndId)) return [];
    const txid =
      typeof entry?.txid === 'string' && /^[A-Za-z0-9]{1,35}$/.test(entry.txid) ? entry.txid : null;
    const amountCents = typeof entry?.valor === 'string' ? centsOfValor(entry.valor) : null;
    const paidAt = typeof entry?.horario === 'string' ? new Date(entry.horario) : null;
    return [
      {
        endToEndId,
        txid,
        amountCents,
        paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
      },
    ];
  });
}

/** The standard's money: a decimal string with 2 places ('123.45'); null when it is not. */
export function centsOfValor(valor: string): number | null {
  if (!/^\d{1,10}\.\d{2}$/.test(valor)) return null;
  return Number(valor.replace('.', ''));
}

/** Centavos as the standard writes money ('123.45'). */
export function valorOfCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
