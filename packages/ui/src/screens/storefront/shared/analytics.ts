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
