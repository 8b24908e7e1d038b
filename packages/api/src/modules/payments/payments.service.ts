// Card/boleto payments through the configured gateway: what the store offers, and the webhook
// that applies the gateway's verdict to an order exactly once per event.
import type { Database, Transaction } from '../../db';
import type { OrderRow } from '../orders/orders.tables';
import {
  countEndedPaymentAttempts,
  findNewestPaymentInStatus,
  findPendingBoletoPaymentRaw,
  findStorePixKey,
  insertPaymentEventOnce,
  lockOrderByNumber,
  markPaymentEventProcessed,
  orderStatusOf,
  setCardInstallmentPlan,
  setPendingOrderPaymentStatus,
  upsertProviderPayment,
} from './payments.repository';
import { badUserInput, notFound } from '../../graphql/errors';
import {
  appendOrderEvent,
  applyOrderPaid,
  applyProviderRefund,
  type Actor,
} from '../orders/orders.transitions';
import { findOrderForCustomer } from '../orders/orders.service';
import {
  checkCardToken,
  checkPaymentMethodId,
  describeOrderInstallments,
  formatBRL,
  installmentOptionFor,
  installmentsRefusalMessage,
  installmentTable,
  PAYMENT_MESSAGES as M,
} from '@vitrine/rules';
import type {
  GatewayPaymentMethod,
  PaymentEvent,
  PaymentProvider,
  PaymentStatus,
  ProviderPayment,
  WebhookRequest,
} from './provider';
import { PaymentProviderError } from './provider';
import { getStoreSettings } from '../settings/settings.repository';
import { installmentSettingsOf } from '../settings/settings.service';

export type PaymentMethodCode = 'PIX' | 'CARD' | 'BOLETO';

export interface PaymentMethodOption {
  method: PaymentMethodCode;
  label: string;
  provider: string | null;
  /** The key the gateway's browser SDK tokenises cards with; null for Pix and boleto. */
  publicKey: string | null;
}

/** A boleto waiting to be paid, as the shopper needs it. */
export interface BoletoView {
  url: string | null;
  barcode: string | null;
  expiresAt: string | null;
}

export interface PayOrderInput {
  number: string;
  email: string;
  method: PaymentMethodCode;
  /** Made by the gateway's browser SDK; raw card data never reaches the server. */
  cardToken?: string | null;
  /** The gateway's brand or method id: 'visa', 'master', 'bolbradesco', ... */
  paymentMethodId?: string | null;
  installments?: number | null;
}

export interface PayOrderResult {
  status: PaymentStatus;
  providerPaymentId: string;
  statusDetail: string | null;
  orderStatus: OrderRow['status'];
  boletoUrl: string | null;
  boletoBarcode: string | null;
  boletoExpiresAt: string | null;
}

/** Statuses of a payment that may still take (or has taken) the money: never start another. */
const LIVE_PAYMENT_STATUSES: PaymentStatus[] = ['pending', 'authorized', 'approved'];

/**
 * The boleto of an order still waiting for it (the shopper's confirmation and tracking pages), or
 * null: other methods, paid or canceled orders, or no boleto issued yet.
 */
export async function pendingBoletoOf(
  db: Database,
  orderNumber: string,
): Promise<BoletoView | null> {
  const raw = await findPendingBoletoPaymentRaw(db, orderNumber);
  const boleto = (raw as Partial<ProviderPayment> | undefined)?.boleto;
  return boleto && (boleto.barcode || boleto.url)
    ? {
        url: boleto.url ?? null,
        barcode: boleto.barcode ?? null,
        expiresAt: boleto.expiresAt ?? null,
      }
    : null;
}

export const ORDER_NOT_FOUND_FOR_CUSTOMER = 'Pedido não encontrado. Confira o número e o e-mail.';

export type WebhookOutcome =
  | { kind: 'ignored' }
  | { kind: 'duplicate'; eventId: string }
  | { kind: 'unknown-order'; eventId: string }
  | { kind: 'processed'; eventId: string; orderId: string; change: string };

/** The order's payment status for a gateway status, when that status moves it forward. */
const PAYMENT_STATUS_BY_PROVIDER: Partial<Record<PaymentStatus, OrderRow['paymentStatus']>> = {
  authorized: 'AUTHORIZED',
  rejected: 'FAILED',
  cancelled: 'CANCELED',
};

const PROVIDER_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'pendente',
  authorized: 'autorizado',
  approved: 'aprovado',
  rejected: 'recusado',
  cancelled: 'cancelado',
  refunded: 'devolvido',
};

export class PaymentsService {
  constructor(
    readonly provider: PaymentProvider | null,
    /** The gateway's public key for the browser SDK (card tokenisation). */
    readonly publicKey: string | null = null,
  ) {}

  /** Pix when the store has a Pix key; card and boleto only with a gateway configured. */
  async availableMethods(db: Database): Promise<PaymentMethodOption[]> {
    const pixKey = await findStorePixKey(db);
    const options: PaymentMethodOption[] = [];
    if (pixKey) {
      options.push({ method: 'PIX', label: 'Pix', provider: null, publicKey: null });
    }
    if (this.provider) {
      const provider = this.provider.name;
      options.push(
        { method: 'CARD', label: 'Cartão de crédito', provider, publicKey: this.publicKey },
        { method: 'BOLETO', label: 'Boleto bancário', provider, publicKey: null },
      );
    }
    return options;
  }

  /**
   * Verifies the call with the adapter (throws WebhookSignatureError when it is not from the
   * gateway), then applies the event in one transaction keyed by its id: the same event
   * delivered ten times at once makes one payment record, one state change and one mail.
   */
  async handleWebhook(
    db: Database,
    publicUrl: string,
    request: WebhookRequest,
  ): Promise<WebhookOutcome> {
    const provider = this.provider;
    if (!provider) return { kind: 'ignored' };
    const event = await provider.verifyWebhook(request);
    if (!event) return { kind: 'ignored' };
    return db.transaction((tx) => applyPaymentEvent(tx, provider.name, publicUrl, event));
  }

  /**
   * Pays a waiting card or boleto order at the gateway (the shopper proves the order is theirs
   * with its number and e-mail). Cards are captured at once; the verdict goes through the same
   * path as the webhook, which then finds the event already applied.
   */
  async payOrder(db: Database, publicUrl: string, input: PayOrderInput): Promise<PayOrderResult> {
    const provider = this.provider;
    if (input.method === 'PIX' || !provider) {
      throw badUserInput(M.methodUnavailable, 'method');
    }
    const order = await findOrderForCustomer(db, input.number, input.email);
    if (!order) throw notFound(ORDER_NOT_FOUND_FOR_CUSTOMER);
    if (order.status !== 'PENDING_PAYMENT') {
      throw badUserInput(M.orderNotWaitingForPayment, 'number');
    }
    if (order.paymentMethod !== input.method) throw badUserInput(M.otherMethod, 'method');
    const method: GatewayPaymentMethod = input.method === 'CARD' ? 'card' : 'boleto';
    let cardToken = '';
    if (method === 'card') {
      const token = checkCardToken(input.cardToken);
      if (!token.ok) throw badUserInput(token.issue.message, token.issue.field);
      cardToken = token.value;
    }
    const methodId = checkPaymentMethodId(input.paymentMethodId);
    if (!methodId.ok) throw badUserInput(methodId.issue.message, methodId.issue.field);
    const paymentMethodId = methodId.value ?? undefined;
    const plan = await cardPlanFor(db, order, method, input.installments);
    // A payment still alive (a boleto issued, a card in review or approved) is answered again,
    // never created twice: a second click or a retry after a lost answer charges nothing more.
    const live = await findNewestPaymentInStatus(
      db,
      order.id,
      provider.name,
      LIVE_PAYMENT_STATUSES,
    );
    if (live) {
      const raw = (live.raw ?? {}) as Partial<ProviderPayment>;
      const boleto = raw.boleto ?? null;
      return {
        status: live.status as PaymentStatus,
        providerPaymentId: live.providerPaymentId,
        statusDetail: raw.statusDetail ?? null,
        orderStatus: order.status,
        boletoUrl: boleto?.url ?? null,
        boletoBarcode: boleto?.barcode ?? null,
        boletoExpiresAt: boleto?.expiresAt ?? null,
      };
    }
    // One key per attempt: two calls at once share the attempt (and the gateway answers both with
    // one payment), a retry after a refusal is new. Only ended attempts are counted: counting the
    // payment a concurrent call had just recorded gave the second call a key of its own, and the
    // card was charged twice (seen on PostgreSQL).
    const attempts = await countEndedPaymentAttempts(
      db,
      order.id,
      provider.name,
      LIVE_PAYMENT_STATUSES,
    );
    // Another plan than the order's re-prices it first (its interest and total), under the
    // order's lock and only while it waits: the card is charged what the shopper was shown.
    if (
      plan.changed &&
      !(await db.transaction((tx) => setCardInstallmentPlan(tx, order.id, plan)))
    ) {
      throw badUserInput(M.orderNotWaitingForPayment, 'number');
    }
    const installments = plan.installments;
    const amountCents = plan.totalCents;
    const [firstName, ...rest] = order.customerName.trim().split(/\s+/);
    let payment: ProviderPayment;
    try {
      payment = await provider.authorise({
        orderNumber: order.number,
        amountCents,
        idempotencyKey: `pay-${order.id}-${attempts + 1}`,
        method,
        description: `Pedido ${order.number}`,
        payer: {
          email: order.customerEmail,
          ...(firstName ? { firstName } : {}),
          ...(rest.length > 0 ? { lastName: rest.join(' ') } : {}),
          cpf: order.customerCpf,
          address: {
            cep: order.postalCode,
            street: order.street,
            number: order.streetNumber,
            district: order.district,
            city: order.city,
            uf: order.uf,
          },
        },
        ...(method === 'card' ? { cardToken, installments, capture: true } : {}),
        ...(paymentMethodId ? { paymentMethodId } : {}),
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        throw badUserInput(
          error.code === 'UNAVAILABLE'
            ? 'O pagamento está indisponível agora. Tente novamente em instantes.'
            : 'O pagamento não foi aceito. Confira os dados e tente de novo.',
          'method',
        );
      }
      throw error;
    }
    const event: PaymentEvent = {
      // The adapter's own event id for this payment and status, so the webhook is a duplicate.
      eventId: `${provider.name}:${payment.providerPaymentId}:${payment.providerStatus}`,
      providerPaymentId: payment.providerPaymentId,
      orderNumber: order.number,
      status: payment.status,
      amountCents: payment.amountCents,
    };
    await db.transaction((tx) => applyPaymentEvent(tx, provider.name, publicUrl, event, payment));
    const statusAfter = await orderStatusOf(db, order.id);
    return {
      status: payment.status,
      providerPaymentId: payment.providerPaymentId,
      statusDetail: payment.statusDetail,
      orderStatus: statusAfter ?? order.status,
      boletoUrl: payment.boleto?.url ?? null,
      boletoBarcode: payment.boleto?.barcode ?? null,
      boletoExpiresAt: payment.boleto?.expiresAt ?? null,
    };
  }
}

interface CardPlan {
  installments: number;
  interestCents: number;
  totalCents: number;
  /** Whether it differs from the order's plan (the order is re-priced before the charge). */
  changed: boolean;
  /** The timeline's words for the change. */
  note: string;
}

/**
 * The plan the card is charged: the order's own (what checkout showed) unless the shopper picks
 * another count now, priced by today's table on the order's card price (its total less its
 * interest). A count the table does not offer is refused with the counts it does.
 */
async function cardPlanFor(
  db: Database,
  order: OrderRow,
  method: GatewayPaymentMethod,
  requested: number | null | undefined,
): Promise<CardPlan> {
  const current = {
    installments: order.installments,
    interestCents: order.interestCents,
    totalCents: order.totalCents,
  };
  const same = { ...current, changed: false, note: '' };
  if (method !== 'card' || requested === null || requested === undefined) return same;
  if (requested === order.installments) return same;
  const settings = installmentSettingsOf(await getStoreSettings(db));
  const base = order.totalCents - order.interestCents;
  const plan = Number.isSafeInteger(requested)
    ? installmentOptionFor(base, requested, settings)
    : null;
  if (!plan) {
    const most = installmentTable(base, settings).length;
    throw badUserInput(installmentsRefusalMessage(most), 'installments');
  }
  const words = (p: { installments: number; totalCents: number; interestCents: number }) =>
    describeOrderInstallments(p) ?? 'à vista';
  const next = {
    installments: plan.count,
    interestCents: plan.interestCents,
    totalCents: plan.totalCents,
  };
  return {
    ...next,
    changed: true,
    note: `${words(current)} → ${words(next)}: total ${formatBRL(next.totalCents)}.`,
  };
}

async function applyPaymentEvent(
  tx: Transaction,
  providerName: string,
  publicUrl: string,
  event: PaymentEvent,
  /** The full answer of the gateway, when we have it (kept for support: boleto link...). */
  detail?: ProviderPayment,
): Promise<WebhookOutcome> {
  // The unique (provider, event_id) makes concurrent copies wait for the first one, then skip.
  const storedId = await insertPaymentEventOnce(tx, {
    provider: providerName,
    eventId: event.eventId,
    type: `payment.${event.status}`,
    providerPaymentId: event.providerPaymentId,
    payload: event,
  });
  if (storedId === null) return { kind: 'duplicate', eventId: event.eventId };

  const order = event.orderNumber ? await lockOrderByNumber(tx, event.orderNumber) : null;
  if (!order) {
    await markPaymentEventProcessed(tx, storedId);
    return { kind: 'unknown-order', eventId: event.eventId };
  }

  const paymentId = await upsertProviderPayment(tx, {
    orderId: order.id,
    provider: providerName,
    providerPaymentId: event.providerPaymentId,
    method: order.paymentMethod === 'PIX' ? 'CARD' : order.paymentMethod,
    status: event.status,
    amountCents: event.amountCents,
    raw: detail ?? event,
  });

  const actor: Actor = { kind: 'provider', name: providerName };
  const data = {
    provider: providerName,
    providerPaymentId: event.providerPaymentId,
    providerStatus: event.status,
    amountCents: event.amountCents,
  };
  let change = 'recorded';

  if (event.status === 'approved') {
    if (event.amountCents !== order.totalCents) {
      // Never paid on a different amount: staff look at it (the note says what arrived).
      await appendOrderEvent(tx, {
        orderId: order.id,
        type: 'payment',
        actor,
        note: `Pagamento de ${formatBRL(event.amountCents)} aprovado pelo ${providerName} difere do total do pedido (${formatBRL(order.totalCents)}): o pedido não foi marcado como pago.`,
        data: { ...data, mismatch: true },
      });
      change = 'amount-mismatch';
    } else if (order.status === 'PENDING_PAYMENT') {
      await applyOrderPaid(tx, { publicUrl }, actor, order, {
        recordManualPayment: false,
        note: `Pagamento aprovado pelo ${providerName}.`,
        data,
      });
      change = 'paid';
    } else {
      await appendOrderEvent(tx, {
        orderId: order.id,
        type: 'payment',
        actor,
        note: `Pagamento aprovado pelo ${providerName} com o pedido já no status ${order.status}.`,
        data,
      });
    }
  } else if (
    event.status === 'refunded' &&
    (await applyProviderRefund(tx, { publicUrl }, actor, order, {
      reason:
        event.providerStatus === 'charged_back'
          ? `Contestação (chargeback) informada pelo ${providerName}.`
          : `Estorno informado pelo ${providerName}.`,
      paymentId,
      data: {
        ...data,
        ...(event.providerStatus ? { gatewayStatus: event.providerStatus } : {}),
        ...(event.refundedAmountCents !== undefined
          ? { gatewayRefundedCents: event.refundedAmountCents }
          : {}),
      },
    }))
  ) {
    change = 'refunded';
  } else {
    const next = PAYMENT_STATUS_BY_PROVIDER[event.status];
    if (next && order.status === 'PENDING_PAYMENT') {
      await setPendingOrderPaymentStatus(tx, order.id, next);
      change = next.toLowerCase();
    }
    await appendOrderEvent(tx, {
      orderId: order.id,
      type: 'payment',
      actor,
      note: `Pagamento ${PROVIDER_STATUS_LABELS[event.status]} no ${providerName}.`,
      data,
    });
  }

  await markPaymentEventProcessed(tx, storedId, { orderId: order.id, paymentId });
  return { kind: 'processed', eventId: event.eventId, orderId: order.id, change };
}
