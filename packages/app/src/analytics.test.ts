import { afterEach, describe, expect, it } from 'vitest';
import { COMMERCE_EVENT, createAnalytics, forwardCommerceEvents } from './analytics';

function gtagScripts() {
  return Array.from(document.querySelectorAll('script')).filter((s) =>
    s.src.includes('googletagmanager.com'),
  );
}

describe('createAnalytics', () => {
  afterEach(() => {
    gtagScripts().forEach((s) => s.remove());
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  it('loads no analytics script at all when the measurement id is empty', () => {
    const analytics = createAnalytics('');
    analytics.pageView('/', 'Vitrine');
    expect(gtagScripts()).toHaveLength(0);
    expect((window as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('loads gtag and sends a page view per call when an id is configured', () => {
    const analytics = createAnalytics('G-TEST123');
    expect(gtagScripts()).toHaveLength(1);
    analytics.pageView('/dashboard', 'Painel');
    const layer = (window as unknown as { dataLayer: unknown[][] }).dataLayer;
    expect(layer.at(-1)).toEqual([
      'event',
      'page_view',
      { page_path: '/dashboard', page_title: 'Painel' },
    ]);
  });
});

describe('forwardCommerceEvents', () => {
  afterEach(() => {
    gtagScripts().forEach((s) => s.remove());
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  it('sends the storefront e-commerce events (purchase with value in BRL) to gtag', () => {
    const analytics = createAnalytics('G-TEST123');
    const stop = forwardCommerceEvents(analytics);
    window.dispatchEvent(
      new CustomEvent(COMMERCE_EVENT, {
        detail: {
          name: 'purchase',
          params: { currency: 'BRL', value: 123.4, transaction_id: 'VT-10001' },
        },
      }),
    );
    stop();
    const layer = (window as unknown as { dataLayer: unknown[][] }).dataLayer;
    expect(layer.at(-1)).toEqual([
      'event',
      'purchase',
      { currency: 'BRL', value: 123.4, transaction_id: 'VT-10001' },
    ]);
  });

  it('does not even listen when no measurement id is configured', () => {
    const analytics = createAnalytics('');
    const calls: string[] = [];
    const spy = { ...analytics, event: (name: string) => calls.push(name) };
    forwardCommerceEvents(spy);
    window.dispatchEvent(
      new CustomEvent(COMMERCE_EVENT, { detail: { name: 'add_to_cart', params: {} } }),
    );
    expect(calls).toEqual([]);
  });
});
