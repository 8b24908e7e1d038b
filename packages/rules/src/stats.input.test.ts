import { describe, expect, it } from 'vitest';

import {
  checkDashboardStatsInput,
  checkStatsRange,
  STATS_INPUT_MESSAGES as M,
} from './stats.input';

const issueOf = (result: { ok: boolean; issue?: unknown }) => (result.ok ? null : result.issue);

describe('checkStatsRange', () => {
  it('takes one day, and 366 days across a leap year', () => {
    expect(checkStatsRange({ from: '2026-01-31', to: '2026-01-31' })).toEqual({
      ok: true,
      value: { from: '2026-01-31', to: '2026-01-31' },
    });
    expect(checkStatsRange({ from: '2024-01-01', to: '2024-12-31' }).ok).toBe(true);
  });

  it('refuses a first day that is not a real day, before the last one', () => {
    for (const from of ['', '2026-02-30', '2026-1-31', '1999-12-31', '31/01/2026', null]) {
      expect(issueOf(checkStatsRange({ from, to: 'x' }))).toEqual({
        field: 'range.from',
        message: M.from,
      });
    }
    expect(issueOf(checkStatsRange(null))).toEqual({ field: 'range.from', message: M.from });
  });

  it('refuses a last day that is not a real day', () => {
    expect(issueOf(checkStatsRange({ from: '2026-01-31', to: '2101-01-01' }))).toEqual({
      field: 'range.to',
      message: M.to,
    });
  });

  it('refuses a first day after the last', () => {
    expect(issueOf(checkStatsRange({ from: '2026-02-01', to: '2026-01-31' }))).toEqual({
      field: 'range',
      message: M.dateOrder,
    });
  });

  it('refuses 367 days', () => {
    expect(checkStatsRange({ from: '2025-01-01', to: '2026-01-01' }).ok).toBe(true);
    expect(issueOf(checkStatsRange({ from: '2025-01-01', to: '2026-01-02' }))).toEqual({
      field: 'range',
      message: 'Escolha um período de no máximo 366 dias.',
    });
  });
});

describe('checkDashboardStatsInput', () => {
  const range = { from: '2026-01-01', to: '2026-01-31' };

  it('reads the threshold, 5 when left out, 0 to 10.000', () => {
    expect(checkDashboardStatsInput({ range })).toEqual({
      ok: true,
      value: { ...range, lowStockThreshold: 5 },
    });
    expect(checkDashboardStatsInput({ range, lowStockThreshold: 0 }).ok).toBe(true);
    expect(checkDashboardStatsInput({ range, lowStockThreshold: 10_000 }).ok).toBe(true);
  });

  it('refuses a threshold out of bounds, after the range', () => {
    for (const lowStockThreshold of [-1, 10_001, 2.5]) {
      expect(issueOf(checkDashboardStatsInput({ range, lowStockThreshold }))).toEqual({
        field: 'lowStockThreshold',
        message: M.lowStockThreshold,
      });
    }
    expect(
      issueOf(checkDashboardStatsInput({ range: { from: 'x', to: 'y' }, lowStockThreshold: -1 })),
    ).toEqual({ field: 'range.from', message: M.from });
  });
});
