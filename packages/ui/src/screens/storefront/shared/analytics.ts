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
