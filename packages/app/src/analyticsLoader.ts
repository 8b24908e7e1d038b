// What the first visit carries of analytics: with a measurement id, analytics.ts (gtag, page views
// once the title settles) is fetched on the side and every call made meanwhile waits for it;
// without one, nothing at all (docs/benchmarks.md, first-visit weight).
import type { Analytics, PendingPageView } from './analytics';

const MEASUREMENT_ID = /^G-[A-Z0-9]+$/i;

export const noAnalytics: Analytics = {
  enabled: false,
  pageView: () => undefined,
  event: () => undefined,
};

/** The app's analytics for `measurementId` (analytics.ts loaded on demand), or none. */
export function loadAnalytics(measurementId: string, win: Window = window): Analytics {
  if (!MEASUREMENT_ID.test(measurementId)) return noAnalytics;
  const ready = import('./analytics').then((module) => {
    const analytics = module.createAnalytics(measurementId, win);
    module.forwardCommerceEvents(analytics, win);
    return analytics;
  });
  const later = (use: (analytics: Analytics) => void) => {
    ready.then(use, () => undefined);
  };
  return {
    enabled: true,
    pageView: (path, title) => later((analytics) => analytics.pageView(path, title)),
    event: (name, params) => later((analytics) => analytics.event(name, params)),
    schedulePageView(path): PendingPageView {
      let real: PendingPageView | null = null;
      let state: 'waiting' | 'flushed' | 'canceled' = 'waiting';
      later((analytics) => {
        if (state === 'canceled') return;
        real = analytics.schedulePageView?.(path) ?? null;
        if (state === 'flushed') real?.flush();
      });
      return {
        path,
        flush: () => (real ? real.flush() : void (state = 'flushed')),
        cancel: () => (real ? real.cancel() : void (state = 'canceled')),
      };
    },
  };
}
