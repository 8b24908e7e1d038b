// The NF-e of the staff order fixtures (invoices/staffInvoices.ts): each order paid, shipped or
// delivered has an authorised invoice, numbered by the order, unless it carries its own
// (`seededInvoice`, stories and tests) or the mock world's demo gives it another state
// (DEMO_INVOICES: two rejected, one waiting for the provider, one old order without any); the
// View's stories build every state with makeInvoice. Whether the store issues at all is the
// orders fixtures' `invoicing` (InvoicingFixture).
import type { OrderInvoiceNode } from '../../screens/dashboard/Orders/OrderInvoice.graphql';
import { STAFF_ORDERS_NOW } from '../orders/staffOrders.fixtures';

export type WithInvoice<T> = T & { seededInvoice?: OrderInvoiceNode | null };

/** Query.invoicing's configuration part (the counts come from the invoices). */
export interface InvoicingFixture {
  /** false: 'Emissão de NF-e não configurada' (no invoice is issued). */
  configured: boolean;
  environment: 'homologacao' | 'producao';
  /** NFE_WEBHOOK_SECRET is set: SEFAZ's answers come by webhook, else by polling. */
  webhookConfigured: boolean;
}

export const DEFAULT_INVOICING: InvoicingFixture = {
  configured: true,
  environment: 'homologacao',
  webhookConfigured: true,
};

/**
 * The mock world's invoices that are not simply authorised, by order id: null is a paid order
 * without an invoice (paid before the store began issuing: "Emitir NF-e").
 */
export const DEMO_INVOICES: Readonly<Record<string, keyof typeof INVOICE_STATES | null>> = {
  'order-10022': 'rejectedBySefaz',
  'order-10020': 'pending',
  'order-10018': 'rejectedLocally',
  'order-10001': null,
};

/** makeInvoice's number, whose chave de acesso is the literal one (stories and tests read it). */
export const DEFAULT_INVOICE_NUMBER = 1042;

/** The number the order's invoice took: one per order, VT-10028's being the default 1042. */
export function invoiceNumberOf(orderNumber: string): number {
  const sequence = Number(orderNumber.replace(/\D/g, ''));
  return DEFAULT_INVOICE_NUMBER + sequence - 10028;
}

/** A chave de acesso of the fixtures' store (SP, 03/2026, series 1) with its check digit. */
export function accessKeyOf(number: number, series = 1): string {
  const body = `35260311222333000181550${String(series).padStart(3, '0')}${String(number).padStart(9, '0')}100007919`;
  let sum = 0;
  let weight = 2;
  for (let index = body.length - 1; index >= 0; index -= 1) {
    sum += Number(body[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return `${body}${rest < 2 ? 0 : 11 - rest}`;
}

const AUTHORIZED_AT = new Date(Date.parse(STAFF_ORDERS_NOW) - 2 * 3600_000).toISOString();
const STATUS_LABELS: Record<OrderInvoiceNode['status'], string> = {
  PENDING: 'Aguardando envio',
  PROCESSING: 'Processando',
  AUTHORIZED: 'Autorizada',
  REJECTED: 'Rejeitada',
  CANCELED: 'Cancelada',
};

export const INVOICE_STATES = {
  authorized: {},
  pending: {
    status: 'PENDING',
    attempts: 2,
    lastError: 'Provedor de NF-e indisponível (HTTP 503): Serviço temporariamente indisponível.',
    nextAttemptAt: new Date(Date.parse(STAFF_ORDERS_NOW) + 60_000).toISOString(),
  },
  processing: { status: 'PROCESSING', attempts: 1 },
  rejectedLocally: {
    status: 'REJECTED',
    number: null,
    series: null,
    rejectionMessage: 'Preencha o NCM (8 dígitos) no cadastro do produto: "Camiseta Básica".',
  },
  rejectedBySefaz: {
    status: 'REJECTED',
    rejectionCode: '778',
    rejectionMessage: 'Rejeição: Informado NCM inexistente',
  },
  canceled: {
    status: 'CANCELED',
    canceledAt: new Date(Date.parse(STAFF_ORDERS_NOW) - 3600_000).toISOString(),
    cancelReason: 'Pedido cancelado a pedido do cliente antes do envio',
  },
  corrected: {
    corrections: [
      {
        sequence: 1,
        text: 'Complemento do endereço do destinatário: apartamento 12, bloco B',
        protocol: '135260000000011',
        staffName: 'Ana Admin',
        createdAt: new Date(Date.parse(STAFF_ORDERS_NOW) - 1800_000).toISOString(),
      },
    ],
  },
  cancelSuggested: { cancelSuggested: true },
} satisfies Record<string, Partial<OrderInvoiceNode>>;

/** An invoice in a state, with the actions an ADMIN has in it (override them for others). */
export function makeInvoice(
  state: keyof typeof INVOICE_STATES = 'authorized',
  overrides: Partial<OrderInvoiceNode> = {},
): OrderInvoiceNode {
  const fields: Partial<OrderInvoiceNode> = INVOICE_STATES[state];
  const status = fields.status ?? 'AUTHORIZED';
  const authorised = status === 'AUTHORIZED' || status === 'CANCELED';
  const base: OrderInvoiceNode = {
    id: 'inv-1',
    status,
    statusLabel: STATUS_LABELS[status],
    environment: 'homologacao',
    series: 1,
    number: DEFAULT_INVOICE_NUMBER,
    accessKey: authorised ? '35260311222333000181550010000010421000079196' : null,
    protocol: authorised ? '135260000000001' : null,
    rejectionCode: null,
    rejectionMessage: null,
    danfeUrl: status === 'AUTHORIZED' ? 'https://loja.exemplo.com.br/nfe/abc/danfe.pdf' : null,
    xmlUrl: status === 'AUTHORIZED' ? 'https://loja.exemplo.com.br/nfe/abc/nfe.xml' : null,
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    authorizedAt: authorised ? AUTHORIZED_AT : null,
    cancelDeadline: authorised
      ? new Date(Date.parse(AUTHORIZED_AT) + 24 * 3600_000).toISOString()
      : null,
    canceledAt: null,
    cancelReason: null,
    cancelSuggested: false,
    corrections: [],
    allowedActions:
      status === 'AUTHORIZED'
        ? ['CANCEL', 'CORRECT']
        : status === 'REJECTED' || status === 'PENDING'
          ? ['RETRY']
          : [],
  };
  return { ...base, ...fields, ...overrides };
}
