// The dashboard's periods as calendar days in the store's zone (America/Sao_Paulo), YYYY-MM-DD.
// Pure: `now` is a parameter so tests can stand anywhere on the clock.
import { checkStatsRange, STATS_INPUT_LIMITS } from '@vitrine/rules';

const TIME_ZONE = 'America/Sao_Paulo';

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: TIME_ZONE,
});

export type PeriodPreset = 'hoje' | 'ontem' | '7d' | '30d' | 'mes';
export const PERIOD_PRESETS: readonly PeriodPreset[] = ['hoje', 'ontem', '7d', '30d', 'mes'];

export interface DayRange {
  /** First day, included (YYYY-MM-DD). */
  from: string;
  /** Last day, included (YYYY-MM-DD). */
  to: string;
}

export type Period = PeriodPreset | DayRange;

/** The longest range the API accepts (DateRangeInput: at most 366 days). */
export const MAX_RANGE_DAYS = STATS_INPUT_LIMITS.rangeDays;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar day written YYYY-MM-DD ('2026-02-30' is not one). */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY);
}

function dayFromNumber(value: number): string {
  return new Date(value * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return dayFromNumber(dayNumber(day) + days);
}

/** How many days the range covers, both ends included. */
export function rangeLength(range: DayRange): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1;
}

/** Today's date in São Paulo: '2026-11-26T02:30:00Z' -> '2026-11-25'. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return dayKeyFormat.format(now);
}

/** The days a period covers; a custom range is returned as given (earlier day first). */
export function periodRange(period: Period, now: Date = new Date()): DayRange {
  const today = todayInSaoPaulo(now);
  if (typeof period === 'object') {
    return period.from <= period.to ? { ...period } : { from: period.to, to: period.from };
  }
  switch (period) {
    case 'hoje':
      return { from: today, to: today };
    case 'ontem': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'mes':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The range of the same length that ends the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  const to = addDays(range.from, -1);
  return { from: addDays(to, -(rangeLength(range) - 1)), to };
}

/** The URL parameters a period is written as. */
export const PERIOD_PARAM = 'periodo';
export const FROM_PARAM = 'de';
export const TO_PARAM = 'ate';

/** The default period of the dashboard's figures. */
export const DEFAULT_PERIOD: PeriodPreset = '7d';

function isPreset(value: string | null): value is PeriodPreset {
  return value !== null && (PERIOD_PRESETS as readonly string[]).includes(value);
}

/**
 * The period in the URL: '?periodo=7d', or '?de=2026-11-01&ate=2026-11-20' (a custom range; both
 * days valid, ordered, at most 366 days). Anything else falls back to `fallback` (7 days).
 */
export function parsePeriodParam(
  searchParams: URLSearchParams,
  fallback: PeriodPreset = DEFAULT_PERIOD,
): Period {
  const from = searchParams.get(FROM_PARAM);
  const to = searchParams.get(TO_PARAM);
  // The range the API would take (@vitrine/rules checkStatsRange), else the fallback.
  if (from !== null && to !== null && checkStatsRange({ from, to }).ok) return { from, to };
  const preset = searchParams.get(PERIOD_PARAM);
  return isPreset(preset) ? preset : fallback;
}

/** `searchParams` with `period` written in (the other parameters kept). */
export function withPeriodParam(searchParams: URLSearchParams, period: Period): URLSearchParams {
  const next = new URLSearchParams(searchParams);
  next.delete(PERIOD_PARAM);
  next.delete(FROM_PARAM);
  next.delete(TO_PARAM);
  if (typeof period === 'object') {
    next.set(FROM_PARAM, period.from);
    next.set(TO_PARAM, period.to);
  } else {
    next.set(PERIOD_PARAM, period);
  }
  return next;
}
