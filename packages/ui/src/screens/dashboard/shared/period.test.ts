import { describe, expect, it } from 'vitest';

import {
  addDays,
  isDay,
  parsePeriodParam,
  periodRange,
  previousRange,
  rangeLength,
  todayInSaoPaulo,
  withPeriodParam,
} from './period';

describe('todayInSaoPaulo', () => {
  it('is still the day before in São Paulo shortly after midnight UTC', () => {
    expect(todayInSaoPaulo(new Date('2026-11-26T02:30:00Z'))).toBe('2026-11-25');
  });

  it('turns at midnight São Paulo time (03:00 UTC)', () => {
    expect(todayInSaoPaulo(new Date('2026-11-26T02:59:59Z'))).toBe('2026-11-25');
    expect(todayInSaoPaulo(new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-26');
  });
});

describe('periodRange', () => {
  const lateEvening = new Date('2026-12-01T02:30:00Z'); // 30/11, 23:30 in São Paulo

  it('today and yesterday are the São Paulo days', () => {
    expect(periodRange('hoje', lateEvening)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(periodRange('ontem', lateEvening)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
  });

  it('7 and 30 days end today, today included', () => {
    expect(periodRange('7d', lateEvening)).toEqual({ from: '2026-11-24', to: '2026-11-30' });
    expect(periodRange('30d', lateEvening)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it("this month starts on the 1st of São Paulo's month, not UTC's", () => {
    expect(periodRange('mes', lateEvening)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('mes', new Date('2026-12-01T03:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
  });

  it('yesterday crosses the year', () => {
    expect(periodRange('ontem', new Date('2027-01-01T12:00:00Z'))).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    });
  });

  it('a custom range comes back ordered', () => {
    expect(periodRange({ from: '2026-11-20', to: '2026-11-01' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
    });
  });
});

describe('previousRange', () => {
  it('has the same length and ends the day before', () => {
    expect(previousRange({ from: '2026-11-24', to: '2026-11-30' })).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
    });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    const month = { from: '2026-11-01', to: '2026-11-30' };
    expect(rangeLength(previousRange(month))).toBe(30);
    expect(previousRange(month).to).toBe('2026-10-31');
  });
});

describe('parsePeriodParam', () => {
  const parse = (query: string) => parsePeriodParam(new URLSearchParams(query));

  it('reads a preset', () => {
    expect(parse('periodo=30d')).toBe('30d');
    expect(parse('periodo=hoje&marca=b1')).toBe('hoje');
  });

  it('reads a custom range', () => {
    expect(parse('de=2026-11-01&ate=2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
  });

  it('falls back to 7 days on anything else', () => {
    expect(parse('')).toBe('7d');
    expect(parse('periodo=ano')).toBe('7d');
    expect(parse('de=2026-11-20&ate=2026-11-01')).toBe('7d');
    expect(parse('de=2026-02-30&ate=2026-03-02')).toBe('7d');
    expect(parse('de=2026-11-01')).toBe('7d');
    expect(parse('de=2024-01-01&ate=2026-01-01')).toBe('7d');
  });

  it('round-trips through withPeriodParam, keeping the other parameters', () => {
    const written = withPeriodParam(new URLSearchParams('periodo=7d&marca=b1'), {
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(written.toString()).toBe('marca=b1&de=2026-11-01&ate=2026-11-20');
    expect(parsePeriodParam(written)).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(withPeriodParam(written, 'mes').toString()).toBe('marca=b1&periodo=mes');
  });
});

describe('day helpers', () => {
  it('validate and move days', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('26-11-01')).toBe(false);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
