// Standard e-commerce events (GA4 names), announced on window as 'vitrine:analytics'. The app
// forwards them to the analytics it loaded; with no measurement id nobody listens and nothing
// is sent.
export type CommerceEventName =
  | 'view_item'
  | 'view_item_list'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'purchase'
  | 'search';

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_variant?: string;
  price?: number;
  quantity?: number;
}

export interface CommerceEventDetail {
  name: CommerceEventName;
  params: Record<string, unknown> & { currency?: 'BRL'; value?: number; items?: AnalyticsItem[] };
}

export const ANALYTICS_EVENT = 'vitrine:analytics';

/** Reais (not centavos) with two decimals, as analytics tools expect. */
export function centsToValue(cents: number): number {
  return Math.round(cents) / 100;
}

export function trackCommerceEvent(name: CommerceEventName, params: CommerceEventDetail['params']) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(
    new CustomEvent<CommerceEventDetail>(ANALYTICS_EVENT, { detail: { name, params } }),
  );
}

// item_id is the variant's SKU in every event (view_item: the variant the page opens with), so a
// variant's views, adds and sales line up; item_variant is its label ('Tamanho M · Cor Azul').

/** 'Tamanho M · Cor Azul', as the server labels a variant in the cart and the order. */
export function variantLabel(variant: { size?: string | null; color?: string | null }): string {
  const parts: string[] = [];
  if (variant.size) parts.push(`Tamanho ${variant.size}`);
  if (variant.color) parts.push(`Cor ${variant.color}`);
  return parts.join(' · ');
}

/** A cart or order line as analytics wants it. */
export function lineToAnalyticsItem(line: {
  sku: string;
  productName: string;
  brandName: string;
  variantLabel: string;
  unitPriceCents: number;
  quantity: number;
}): AnalyticsItem {
  return {
    item_id: line.sku,
    item_name: line.productName,
    item_brand: line.brandName,
    item_variant: line.variantLabel,
    price: centsToValue(line.unitPriceCents),
    quantity: line.quantity,
  };
}

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
