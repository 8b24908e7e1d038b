import { describe, expect, it } from 'vitest';

import {
  auditActionLabel,
  auditEntityHref,
  auditFieldChanges,
  summarizeUserAgent,
} from './auditLabels';
import { auditRange, parseAuditParams } from './auditUrlState';

describe('audit labels', () => {
  it('names known actions in Portuguese and shows unknown codes as they are', () => {
    expect(auditActionLabel('product.save')).toBe('Produto salvo');
    expect(auditActionLabel('auth.login_failed')).toBe('Falha de login');
    expect(auditActionLabel('webhook.replay')).toBe('webhook.replay');
  });

  it('links each entity to its page, and entries without a page to nothing', () => {
    expect(auditEntityHref('ORDER', 'order-1')).toBe('/dashboard/pedidos/order-1');
    expect(auditEntityHref('SETTINGS', null)).toBe('/dashboard/configuracoes');
    expect(auditEntityHref('COUPON', 'coupon-1')).toBe('/dashboard/cupons/coupon-1');
    expect(auditEntityHref('SHIPPING_METHOD', 'pac')).toBe('/dashboard/frete/pac');
    expect(auditEntityHref('PRODUCT', null)).toBeNull();
    expect(auditEntityHref('SESSION', 'x')).toBeNull();
  });

  it('summarises browsers and tools', () => {
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 · macOS');
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 · iPhone');
    expect(summarizeUserAgent('curl/8.7.1')).toBe('curl');
    expect(summarizeUserAgent(null)).toBeNull();
  });

  it('diffs only the fields that changed, with readable values', () => {
    expect(
      auditFieldChanges(
        '{"priceCents":7990,"published":true,"brands":["Serra"]}',
        '{"priceCents":6990,"published":true,"brands":["Serra","Lumi"],"note":null}',
      ),
    ).toEqual([
      { field: 'priceCents', label: 'Preço', before: '7990', after: '6990' },
      // A field no form labels keeps its name.
      { field: 'brands', label: 'brands', before: 'Serra', after: 'Serra, Lumi' },
    ]);
    expect(auditFieldChanges(null, '{"active":false}')).toEqual([
      { field: 'active', label: 'Ativa', before: '—', after: 'Não' },
    ]);
  });
});

describe('audit URL state', () => {
  it('ignores malformed values', () => {
    const state = parseAuditParams(
      new URLSearchParams('objeto=NADA&acao=DROP TABLE&de=2026-02-30&pagina=-1'),
    );
    expect(state.entity).toBeNull();
    expect(state.action).toBeNull();
    expect(state.dateFrom).toBeNull();
    expect(state.page).toBe(0);
  });

  it('completes a one-sided period within 366 days', () => {
    const now = new Date('2026-03-10T15:00:00Z');
    expect(auditRange({ dateFrom: '2026-03-01', dateTo: null }, now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
    });
    expect(auditRange({ dateFrom: null, dateTo: '2026-03-10' }, now)).toEqual({
      from: '2025-03-10',
      to: '2026-03-10',
    });
    expect(auditRange({ dateFrom: null, dateTo: null }, now)).toBeNull();
  });
});
