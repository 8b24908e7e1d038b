// The NF-e inputs, once for the server, the ui's mocks and the order page's dialogs: the list's
// page (first, offset) and filter, a cancellation's reason (15 to 255 characters) and a carta de
// correção's text (15 to 1.000), each counted with its spaces collapsed as SEFAZ receives it, and
// each refusal in the server's Portuguese words on its field, in the server's order. The answers
// that need the store (an invoice not authorised, past its 24 hours, already canceled) stay each
// side's own question, in the words written here once (INVOICE_MESSAGES).
import type { RuleResult } from './variant';
import { checkWholeNumber, ruleRefusal as refuse } from './rule';

export const INVOICE_INPUT_LIMITS = {
  defaultPageSize: 50,
  pageSize: 100,
  cancelReasonMin: 15,
  cancelReasonMax: 255,
  correctionMin: 15,
  correctionMax: 1000,
  /** Cartas de correção per NF-e (SEFAZ's limit). */
  corrections: 20,
} as const;

const L = INVOICE_INPUT_LIMITS;

export const INVOICE_STATUS_NAMES = [
  'PENDING',
  'PROCESSING',
  'AUTHORIZED',
  'REJECTED',
  'CANCELED',
] as const;
export const INVOICE_KIND_NAMES = ['SALE', 'RETURN'] as const;

export const INVOICE_MESSAGES = {
  pageSize: `Peça de 1 a ${L.pageSize} notas por página.`,
  offset: 'O deslocamento deve ser zero ou mais.',
  status: 'Situação de nota fiscal inválida.',
  kind: 'Tipo de nota fiscal inválido.',
  cancelReason: `A justificativa do cancelamento deve ter de ${L.cancelReasonMin} a ${L.cancelReasonMax} caracteres.`,
  correction: `A carta de correção deve ter de ${L.correctionMin} a 1.000 caracteres.`,
  // The store's answers.
  notFound: 'Nota fiscal não encontrada.',
  notConfigured: 'Emissão de NF-e não configurada.',
  onlyPaidOrders: 'Só pedidos pagos têm nota fiscal.',
  stillProcessing: 'A SEFAZ ainda está processando esta nota: aguarde a resposta.',
  nothingToResend: 'Esta nota fiscal já foi autorizada ou cancelada: não há o que reenviar.',
  onlyAuthorized: 'Só uma nota fiscal autorizada pode ser cancelada ou corrigida.',
  cancelWindowPassed:
    'Passou o prazo de 24 horas para cancelar esta NF-e: emita uma NF-e de devolução pelo emissor do seu contador.',
  alreadyCanceled: 'Esta nota fiscal já foi cancelada.',
  tooManyCorrections: `Esta nota já tem ${L.corrections} cartas de correção, o limite da SEFAZ.`,
} as const;

const M = INVOICE_MESSAGES;

/** The `invoices` list's page: 1 to 100 invoices (50 by default), from 0 on. */
export function checkInvoicePage(
  first: number | null | undefined,
  offset: number | null | undefined,
): RuleResult<{ first: number; offset: number }> {
  const size = checkWholeNumber(first, {
    fallback: L.defaultPageSize,
    min: 1,
    max: L.pageSize,
    field: 'first',
    message: M.pageSize,
  });
  if (!size.ok) return size;
  const skip = checkWholeNumber(offset, {
    fallback: 0,
    min: 0,
    max: Number.POSITIVE_INFINITY,
    field: 'offset',
    message: M.offset,
  });
  if (!skip.ok) return skip;
  return { ok: true, value: { first: size.value, offset: skip.value } };
}

export type InvoiceStatusName = (typeof INVOICE_STATUS_NAMES)[number];
export type InvoiceKindName = (typeof INVOICE_KIND_NAMES)[number];

/** The `invoices` list's filter: a status and a kind of the schema's, or none. */
export function checkInvoiceFilter(
  filter: { status?: string | null; kind?: string | null } | null | undefined,
): RuleResult<{ status: InvoiceStatusName | null; kind: InvoiceKindName | null }> {
  const status = filter?.status ?? null;
  if (status !== null && !(INVOICE_STATUS_NAMES as readonly string[]).includes(status)) {
    return refuse('filter.status', M.status);
  }
  const kind = filter?.kind ?? null;
  if (kind !== null && !(INVOICE_KIND_NAMES as readonly string[]).includes(kind)) {
    return refuse('filter.kind', M.kind);
  }
  return {
    ok: true,
    value: { status: status as InvoiceStatusName | null, kind: kind as InvoiceKindName | null },
  };
}

/** A text as SEFAZ receives it: trimmed, each run of spaces and line breaks one space. */
export function invoiceText(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ');
}

/** A cancellation's reason (invoiceText): 15 to 255 characters. On 'reason'. */
export function checkInvoiceCancelReason(reason: string | null | undefined): RuleResult<string> {
  const text = invoiceText(reason);
  if (text.length < L.cancelReasonMin || text.length > L.cancelReasonMax) {
    return refuse('reason', M.cancelReason);
  }
  return { ok: true, value: text };
}

/** A carta de correção's text (invoiceText): 15 to 1.000 characters. On 'text'. */
export function checkInvoiceCorrection(text: string | null | undefined): RuleResult<string> {
  const clean = invoiceText(text);
  if (clean.length < L.correctionMin || clean.length > L.correctionMax) {
    return refuse('text', M.correction);
  }
  return { ok: true, value: clean };
}
