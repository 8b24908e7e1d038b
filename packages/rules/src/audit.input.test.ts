import { describe, expect, it } from 'vitest';

import { AUDIT_INPUT_MESSAGES as M, checkAuditFilter, checkAuditPage } from './audit.input';

const uuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);
const issueOf = (result: { ok: boolean; issue?: unknown }) => (result.ok ? null : result.issue);

describe('checkAuditFilter', () => {
  it('reads the filter trimmed, the search as its first 10 distinct words', () => {
    const checked = checkAuditFilter({
      entity: ' ORDER ',
      entityId: ' VT-1 ',
      action: 'order.',
      range: { from: '2026-01-01', to: '2026-01-31' },
      search: 'a b a c d e f g h i j k',
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        actorId: null,
        brandId: null,
        entity: 'ORDER',
        entityId: 'VT-1',
        action: 'order.',
        from: '2026-01-01',
        to: '2026-01-31',
        words: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'],
      },
    });
    expect(checkAuditFilter(null)).toMatchObject({ ok: true, value: { words: [] } });
  });

  it('asks the caller what an id looks like and which kinds of object there are', () => {
    const options = { isId: uuid, entities: ['ORDER'] };
    expect(issueOf(checkAuditFilter({ actorId: 'staff-1' }, options))).toEqual({
      field: 'filter.actorId',
      message: M.actor,
    });
    expect(issueOf(checkAuditFilter({ brandId: 'x' }, options))).toEqual({
      field: 'filter.brandId',
      message: M.brand,
    });
    expect(issueOf(checkAuditFilter({ entity: 'SHIP' }, options))).toEqual({
      field: 'filter.entity',
      message: M.entity,
    });
    expect(checkAuditFilter({ actorId: 'staff-1', entity: 'SHIP' }).ok).toBe(true);
  });

  it('refuses in order: values not text, an id without its kind, actions, days, the search', () => {
    expect(issueOf(checkAuditFilter([]))).toEqual({ field: 'filter', message: M.filter });
    expect(issueOf(checkAuditFilter({ action: 5 }, { prefix: 'f' }))).toEqual({
      field: 'f.action',
      message: 'Valor inválido.',
    });
    expect(issueOf(checkAuditFilter({ entityId: 'x', action: 'X' }))).toMatchObject({
      field: 'filter.entityId',
    });
    for (const action of ['Order.ship', 'order', 'order..', `${'a'.repeat(80)}.b`]) {
      expect(issueOf(checkAuditFilter({ action })), action).toEqual({
        field: 'filter.action',
        message: M.action,
      });
    }
    expect(issueOf(checkAuditFilter({ range: 'x' }))).toEqual({
      field: 'filter.range',
      message: M.range,
    });
    expect(issueOf(checkAuditFilter({ range: { from: '2026-01-02', to: '1999-01-01' } }))).toEqual({
      field: 'filter.range.to',
      message: M.day,
    });
    expect(issueOf(checkAuditFilter({ range: { from: '2026-01-02', to: '2026-01-01' } }))).toEqual({
      field: 'filter.range.from',
      message: M.dateOrder,
    });
    expect(issueOf(checkAuditFilter({ search: 's'.repeat(201) }))).toEqual({
      field: 'filter.search',
      message: 'Busque com até 200 caracteres.',
    });
  });
});

describe('checkAuditPage', () => {
  it('takes 0 to 200 entries, 50 by default, from 0 to 10.000', () => {
    expect(checkAuditPage(null, null)).toEqual({ ok: true, value: { first: 50, offset: 0 } });
    expect(checkAuditPage(0, 10_000).ok).toBe(true);
    expect(issueOf(checkAuditPage(201, 0))).toEqual({ field: 'first', message: M.page });
    expect(issueOf(checkAuditPage(10, -1))).toEqual({
      field: 'offset',
      message: 'O deslocamento vai de 0 a 10.000.',
    });
  });
});
