// The purchase event, apart from the other commerce events: only the checkout and the
// confirmation need it, so it stays out of the storefront's first visit.
import { centsToValue, lineToAnalyticsItem, trackCommerceEvent } from './analytics';

interface PurchasedOrder {
  number: string;
  status: string;
  paymentMethod: 'PIX' | 'CARD' | 'BOLETO';
  paymentStatus: string;
  totalCents: number;
  shippingCents: number;
  lines: Parameters<typeof lineToAnalyticsItem>[0][];
}

/** What orderPay answered, as far as a purchase is concerned. */
type PaymentAnswer = { kind: 'result'; result: { status: string } } | { kind: 'error' } | null;

/**
 * A purchase for analytics: an order placed and not refused. Pix and boleto count once placed (as
 * GA4 expects: the sale is made, the money follows); a card counts unless the gateway refused it
 * or the order was canceled.
 */
export function isPurchase(order: PurchasedOrder, payment: PaymentAnswer = null): boolean {
  if (order.status === 'CANCELED') return false;
  if (order.paymentMethod !== 'CARD') return true;
  if (order.paymentStatus === 'FAILED' || order.paymentStatus === 'CANCELED') return false;
  const answer = payment?.kind === 'result' ? payment.result.status : null;
  return answer !== 'rejected' && answer !== 'cancelled';
}

const PURCHASES_SENT_KEY = 'vitrine.analytics.purchasesSent';

function purchaseSent(number: string): boolean {
  try {
    const raw = window.sessionStorage.getItem(PURCHASES_SENT_KEY);
    const sent: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(sent) && sent.includes(number)) return true;
    const next = [...(Array.isArray(sent) ? sent : []), number].slice(-20);
    window.sessionStorage.setItem(PURCHASES_SENT_KEY, JSON.stringify(next));
  } catch {
    // without storage, GA4 still drops a second purchase with the same transaction_id
  }
  return false;
}

/**
 * Announces `purchase` for an order that is one (see isPurchase), once per order in this tab: a
 * card refused at checkout and paid on the confirmation page counts there. True when sent.
 */
export function trackPurchase(order: PurchasedOrder, payment: PaymentAnswer = null): boolean {
  if (!isPurchase(order, payment) || purchaseSent(order.number)) return false;
  trackCommerceEvent('purchase', {
    currency: 'BRL',
    transaction_id: order.number,
    value: centsToValue(order.totalCents),
    shipping: centsToValue(order.shippingCents),
    items: order.lines.map(lineToAnalyticsItem),
  });
  return true;
}
