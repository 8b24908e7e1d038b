import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMMERCE_EVENT,
  createAnalytics,
  forwardCommerceEvents,
  schedulePageView,
  type Analytics,
} from './analytics';

function gtagScripts() {
  return Array.from(document.querySelectorAll('script')).filter((s) =>
    s.src.includes('googletagmanager.com'),
  );
}

/**
 * What gtag.js will actually process: it only reads `arguments` objects from the dataLayer and
 * ignores arrays, so every entry must be an Arguments object.
 */
function dataLayerCommands(): unknown[][] {
  const layer = (window as unknown as { dataLayer: unknown[] }).dataLayer;
  return layer.map((entry) => {
    expect(Object.prototype.toString.call(entry)).toBe('[object Arguments]');
    return Array.from(entry as ArrayLike<unknown>);
  });
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

  it('loads gtag and sends a page view per call when an id is configured, pushing Arguments objects as gtag.js requires', () => {
    const analytics = createAnalytics('G-TEST123');
    expect(gtagScripts()).toHaveLength(1);
    analytics.pageView('/contato', 'Contato');
    const commands = dataLayerCommands();
    expect(commands[0]?.[0]).toBe('js');
    expect(commands[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(commands.at(-1)).toEqual([
      'event',
      'page_view',
      {
        page_location: `${window.location.origin}/contato`,
        page_path: '/contato',
        page_title: 'Contato',
      },
    ]);
  });

  it('sends no page view for the staff area: /dashboard and the staff password pages', () => {
    const analytics = createAnalytics('G-TEST123');
    const before = dataLayerCommands().length;
    analytics.pageView('/dashboard', 'Painel');
    analytics.pageView('/dashboard/pedidos?status=PAID', 'Pedidos');
    analytics.pageView('/senha/redefinir?token=abc', 'Nova senha');
    expect(dataLayerCommands()).toHaveLength(before);
    // A store path that only starts with the same letters is still the store's.
    analytics.pageView('/dashboards-de-moda', 'Blog');
    expect(dataLayerCommands()).toHaveLength(before + 1);
  });

  it('reports the page it was scheduled for, not the URL shown when it is sent', () => {
    const analytics = createAnalytics('G-TEST123');
    window.history.pushState({}, '', '/dashboard/pedidos');
    try {
      analytics.pageView('/produto/camiseta', 'Camiseta');
      expect(dataLayerCommands().at(-1)?.[2]).toMatchObject({
        page_location: `${window.location.origin}/produto/camiseta`,
      });
    } finally {
      window.history.pushState({}, '', '/');
    }
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
    expect(dataLayerCommands().at(-1)).toEqual([
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

describe('schedulePageView', () => {
  it('never schedules a page view for a /dashboard URL', () => {
    vi.useFakeTimers();
    const views: string[][] = [];
    const analytics: Analytics = {
      enabled: true,
      pageView: (path, title) => views.push([path, title]),
      event: () => undefined,
    };
    try {
      const pending = schedulePageView(analytics, '/dashboard/pedidos');
      vi.runAllTimers();
      pending.flush();
      expect(views).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the waiting page view at once when the page is hidden (the visitor leaves)', () => {
    vi.useFakeTimers();
    const views: string[][] = [];
    const analytics: Analytics = {
      enabled: true,
      pageView: (path, title) => views.push([path, title]),
      event: () => undefined,
    };
    document.title = 'Contato | Vitrine';
    const pending = schedulePageView(analytics, '/contato');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      expect(views).toEqual([['/contato', 'Contato | Vitrine']]);
      vi.runAllTimers();
      pending.flush();
      expect(views).toHaveLength(1);
    } finally {
      visibility.mockRestore();
      vi.useRealTimers();
    }
  });
});
