// Google Analytics 4 page views. Nothing is loaded at all when no measurement id is configured.

type Gtag = (...args: unknown[]) => void;

interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

export interface Analytics {
  /** False when no measurement id is configured: nothing was loaded, nothing is sent. */
  readonly enabled: boolean;
  pageView(path: string, title: string): void;
  /** A GA4 e-commerce event (view_item, add_to_cart, begin_checkout, purchase…). */
  event(name: string, params: Record<string, unknown>): void;
}

const noAnalytics: Analytics = {
  enabled: false,
  pageView: () => undefined,
  event: () => undefined,
};

/** The event the ui's screens announce commerce events with (see the ui's storefront analytics). */
export const COMMERCE_EVENT = 'vitrine:analytics';

/** Forwards the screens' commerce events to analytics; returns the unsubscribe function. */
export function forwardCommerceEvents(analytics: Analytics, win: Window = window): () => void {
  if (!analytics.enabled) return () => undefined;
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<{ name?: unknown; params?: unknown }>).detail;
    if (typeof detail?.name !== 'string') return;
    const params =
      typeof detail.params === 'object' && detail.params !== null
        ? (detail.params as Record<string, unknown>)
        : {};
    analytics.event(detail.name, params);
  };
  win.addEventListener(COMMERCE_EVENT, listener);
  return () => win.removeEventListener(COMMERCE_EVENT, listener);
}

export function createAnalytics(measurementId: string, win: Window = window): Analytics {
  if (!/^G-[A-Z0-9]+$/i.test(measurementId)) return noAnalytics;
  const w = win as Window & AnalyticsWindow;
  const script = win.document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  win.document.head.appendChild(script);
  w.dataLayer = w.dataLayer ?? [];
  const gtag: Gtag = (...args) => {
    w.dataLayer?.push(args);
  };
  w.gtag = gtag;
  gtag('js', new Date());
  // Page views are sent by the router listener, so the automatic one is turned off.
  gtag('config', measurementId, { send_page_view: false });
  return {
    enabled: true,
    pageView(path, title) {
      gtag('event', 'page_view', { page_path: path, page_title: title });
    },
    event(name, params) {
      gtag('event', name, params);
    },
  };
}
