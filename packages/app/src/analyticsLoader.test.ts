import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMERCE_EVENT, TITLE_SETTLE_MS } from './analytics';
import { loadAnalytics, noAnalytics } from './analyticsLoader';

const gtagScripts = () =>
  Array.from(document.querySelectorAll('script[src*="googletagmanager.com/gtag/js"]'));

/** gtag's commands as plain arrays (it pushes Arguments objects). */
function dataLayerCommands(): unknown[][] {
  const layer = (window as { dataLayer?: unknown[] }).dataLayer ?? [];
  return layer.map((entry) => Array.from(entry as ArrayLike<unknown>));
}

const pageViews = () =>
  dataLayerCommands().filter((command) => command[0] === 'event' && command[1] === 'page_view');

afterEach(() => {
  gtagScripts().forEach((script) => script.remove());
  delete (window as { dataLayer?: unknown }).dataLayer;
  vi.useRealTimers();
});

describe('loadAnalytics (what the first visit carries of analytics)', () => {
  it('without a measurement id is the disabled analytics and loads nothing', async () => {
    expect(loadAnalytics('')).toBe(noAnalytics);
    expect(loadAnalytics('UA-123')).toBe(noAnalytics);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gtagScripts()).toHaveLength(0);
  });

  it('with an id, loads analytics on the side: calls made before it arrived are sent once it has', async () => {
    const analytics = loadAnalytics('G-LOADER1');
    expect(analytics.enabled).toBe(true);
    analytics.pageView('/contato', 'Contato');
    analytics.event('add_to_cart', { value: 10 });
    await vi.waitFor(() => expect(gtagScripts()).toHaveLength(1));
    await vi.waitFor(() =>
      expect(dataLayerCommands().slice(2)).toEqual([
        ['event', 'page_view', expect.objectContaining({ page_path: '/contato' })],
        ['event', 'add_to_cart', { value: 10 }],
      ]),
    );
    // The screens' commerce events are forwarded too.
    window.dispatchEvent(
      new CustomEvent(COMMERCE_EVENT, { detail: { name: 'view_item', params: { id: 1 } } }),
    );
    expect(dataLayerCommands().at(-1)).toEqual(['event', 'view_item', { id: 1 }]);
  });

  it('a page view scheduled before analytics arrived is sent once its title settles; one canceled meanwhile never is', async () => {
    const analytics = loadAnalytics('G-LOADER2');
    document.title = 'Contato | Vitrine';
    const kept = analytics.schedulePageView?.('/contato');
    const dropped = analytics.schedulePageView?.('/trocas-e-devolucoes');
    dropped?.cancel();
    await vi.waitFor(() => expect(gtagScripts()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, TITLE_SETTLE_MS + 100));
    expect(kept?.path).toBe('/contato');
    expect(pageViews()).toEqual([
      [
        'event',
        'page_view',
        expect.objectContaining({ page_path: '/contato', page_title: 'Contato | Vitrine' }),
      ],
    ]);
  });
});
