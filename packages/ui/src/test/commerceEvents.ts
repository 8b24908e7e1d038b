// Records the storefront's commerce events (what the app forwards to analytics) during one test.
import { onTestFinished } from 'vitest';

import { ANALYTICS_EVENT, type CommerceEventDetail } from '../screens/storefront/shared/analytics';

export function recordCommerceEvents(): CommerceEventDetail[] {
  const events: CommerceEventDetail[] = [];
  const listener = (event: Event) =>
    events.push((event as CustomEvent<CommerceEventDetail>).detail);
  window.addEventListener(ANALYTICS_EVENT, listener);
  onTestFinished(() => window.removeEventListener(ANALYTICS_EVENT, listener));
  return events;
}
