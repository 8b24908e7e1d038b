// The dashboard figures' input (dashboardStats), once for the server and the ui's mocks: the range
// of calendar days (both real days written AAAA-MM-DD, the first not after the last, at most 366
// days) and the low-stock threshold, each refusal in the server's Portuguese words on its field, in
// the server's order. The dashboard's period picker asks the same rule of a range in its URL.
import { parseIsoDay } from './orders.input';
import type { RuleResult } from './variant';
import { checkWholeNumber, ruleRefusal as refuse } from './rule';

export const STATS_INPUT_LIMITS = {
  /** Days of a range, both ends included. */
  rangeDays: 366,
  defaultLowStockThreshold: 5,
  lowStockThreshold: 10_000,
} as const;

const L = STATS_INPUT_LIMITS;

export const STATS_INPUT_MESSAGES = {
  from: 'Data inicial inválida: use AAAA-MM-DD.',
  to: 'Data final inválida: use AAAA-MM-DD.',
  dateOrder: 'A data inicial deve ser anterior ou igual à final.',
  rangeTooLong: `Escolha um período de no máximo ${L.rangeDays} dias.`,
  lowStockThreshold: 'O limite de estoque baixo deve ser de 0 a 10000.',
} as const;

const M = STATS_INPUT_MESSAGES;

const DAY_MS = 86_400_000;

export interface StatsRangeInput {
  from?: string | null;
  to?: string | null;
}

/** Real days (2000 to 2100), `from` not after `to`, at most 366 days; on 'range.from', 'range.to', 'range'. */
export function checkStatsRange(
  range: StatsRangeInput | null | undefined,
): RuleResult<{ from: string; to: string }> {
  const from = parseIsoDay(range?.from ?? '');
  const to = parseIsoDay(range?.to ?? '');
  if (!from) return refuse('range.from', M.from);
  if (!to) return refuse('range.to', M.to);
  if (from > to) return refuse('range', M.dateOrder);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > L.rangeDays) return refuse('range', M.rangeTooLong);
  return { ok: true, value: { from, to } };
}

export interface DashboardStatsInput {
  range?: StatsRangeInput | null;
  lowStockThreshold?: number | null;
}

/** The range, then the low-stock threshold (0 to 10.000, 5 when left out). */
export function checkDashboardStatsInput(
  input: DashboardStatsInput,
): RuleResult<{ from: string; to: string; lowStockThreshold: number }> {
  const range = checkStatsRange(input.range);
  if (!range.ok) return range;
  const threshold = checkWholeNumber(input.lowStockThreshold, {
    fallback: L.defaultLowStockThreshold,
    min: 0,
    max: L.lowStockThreshold,
    field: 'lowStockThreshold',
    message: M.lowStockThreshold,
  });
  if (!threshold.ok) return threshold;
  return { ok: true, value: { ...range.value, lowStockThreshold: threshold.value } };
}
