// Google Analytics 4 page views. Nothing is loaded at all when no measurement id is configured:
// the app loads this module only then (analyticsLoader.ts), so the first visit does not carry it.
// Only the store's pages count: the staff area (/dashboard, and the staff's password pages, whose
// links carry a reset token) is not the store's traffic and never reaches analytics.

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
  /** One page view for `path` once its title settles (schedulePageView); absent when disabled. */
  schedulePageView?(path: string): PendingPageView;
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

/** The staff area's paths: /dashboard and below, and the staff's password reset pages. */
const STAFF_PATH = /^\/(?:dashboard|senha)(?:[/?#]|$)/i;

/** Whether a page view for `path` (pathname and search) may be sent: store pages only. */
export function isStorePath(path: string): boolean {
  return !STAFF_PATH.test(path);
}

export function createAnalytics(measurementId: string, win: Window = window): Analytics {
  if (!/^G-[A-Z0-9]+$/i.test(measurementId)) return noAnalytics;
  const w = win as Window & AnalyticsWindow;
  const script = win.document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  win.document.head.appendChild(script);
  const dataLayer = (w.dataLayer = w.dataLayer ?? []);
  // Google's own snippet, on purpose: gtag.js only processes `arguments` objects pushed to the
  // dataLayer and silently ignores arrays, so `(...args) => dataLayer.push(args)` sends nothing.
  const gtag: Gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js requires the Arguments object itself
    dataLayer.push(arguments);
  };
  w.gtag = gtag;
  gtag('js', new Date());
  // Page views are sent by the router listener, so the automatic one is turned off.
  gtag('config', measurementId, { send_page_view: false });
  const analytics: Analytics = {
    enabled: true,
    schedulePageView: (path) => schedulePageView(analytics, path, win.document),
    pageView(path, title) {
      if (!isStorePath(path)) return;
      // page_location too: GA4 reads the page from it, and a view flushed when the next
      // navigation starts would otherwise take the next page's URL (maybe a staff one).
      gtag('event', 'page_view', {
        page_location: new URL(path, win.location.origin).href,
        page_path: path,
        page_title: title,
      });
    },
    event(name, params) {
      gtag('event', name, params);
    },
  };
  return analytics;
}

/** How long the page title must stay unchanged before its page view goes out. */
export const TITLE_SETTLE_MS = 500;
/** A page view goes out at the latest this long after its navigation, settled or not. */
export const PAGE_VIEW_MAX_WAIT_MS = 3000;

export interface PendingPageView {
  readonly path: string;
  /** Sends it now, with the last title seen for this page (a new navigation is starting). */
  flush(): void;
  /** Drops it unsent. */
  cancel(): void;
}

/**
 * Sends one page view for `path` once the page's title has settled. Lazily loaded pages set
 * their title in an effect, often only after their data arrives (a product's name), so reading
 * document.title at the route change would report the previous page's title. The view goes out
 * TITLE_SETTLE_MS after the title last changed, at most PAGE_VIEW_MAX_WAIT_MS after the
 * navigation, right away when the page is hidden, and on flush() when the next navigation comes.
 */
export function schedulePageView(
  analytics: Analytics,
  path: string,
  doc: Document = document,
): PendingPageView {
  // A staff page: nothing to wait for, nothing to send.
  if (!isStorePath(path)) return { path, flush: () => undefined, cancel: () => undefined };
  let done = false;
  // Updated from the observer (asynchronously), so a title the next page sets in the same
  // commit as its navigation is not taken for this page's on flush().
  let title = doc.title;
  let settleTimer = setTimeout(send, TITLE_SETTLE_MS);
  const deadlineTimer = setTimeout(send, PAGE_VIEW_MAX_WAIT_MS);
  const observer = new MutationObserver(() => {
    if (doc.title === title) return; // MUI/Emotion style tags, meta tags: not the title
    title = doc.title;
    clearTimeout(settleTimer);
    settleTimer = setTimeout(send, TITLE_SETTLE_MS);
  });
  observer.observe(doc.head, { childList: true, subtree: true, characterData: true });
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') {
      title = doc.title;
      send();
    }
  };
  doc.addEventListener('visibilitychange', onHidden);

  function stop() {
    done = true;
    clearTimeout(settleTimer);
    clearTimeout(deadlineTimer);
    observer.disconnect();
    doc.removeEventListener('visibilitychange', onHidden);
  }

  function send() {
    if (done) return;
    stop();
    analytics.pageView(path, title);
  }

  return {
    path,
    flush: send,
    cancel: () => {
      if (!done) stop();
    },
  };
}
