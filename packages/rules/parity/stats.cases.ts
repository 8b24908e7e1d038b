// Parity table of the dashboard figures' input (dashboardStats: what the dashboard's Início asks
// for its period), and what the API answers: the widest range and threshold both accept, and each
// refusal with its Portuguese message and field ('range.from') in the order the server checks them
// (@vitrine/rules stats.input). The same rows run through the real server (packages/api/test/
// parity.stats.test.ts) and through the MSW mocks (packages/ui/src/mocks/parity.stats.test.ts); the
// answers are written out. Only the range comes back: the figures differ between the two worlds.
import type { ParityAnswer } from './orders.cases';

export const DASHBOARD_STATS_DOCUMENT = `query ($range: DateRangeInput!, $lowStockThreshold: Int) {
  r: dashboardStats(range: $range, lowStockThreshold: $lowStockThreshold) { from to }
}`;

export interface DashboardStatsCase {
  name: string;
  variables: { range: { from: string; to: string }; lowStockThreshold?: number };
  answer: ParityAnswer<{ from: string; to: string }>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });
const BAD_FROM = refused('range.from', 'Data inicial inválida: use AAAA-MM-DD.');
const BAD_TO = refused('range.to', 'Data final inválida: use AAAA-MM-DD.');
const TOO_LONG = refused('range', 'Escolha um período de no máximo 366 dias.');
const BAD_THRESHOLD = refused(
  'lowStockThreshold',
  'O limite de estoque baixo deve ser de 0 a 10000.',
);

export const DASHBOARD_STATS_CASES: DashboardStatsCase[] = [
  {
    name: 'the widest: 366 days of a leap year, a threshold of 10.000',
    variables: { range: { from: '2024-01-01', to: '2024-12-31' }, lowStockThreshold: 10_000 },
    answer: { data: { from: '2024-01-01', to: '2024-12-31' } },
  },
  {
    name: 'one day, a threshold of 0',
    variables: { range: { from: '2026-01-31', to: '2026-01-31' }, lowStockThreshold: 0 },
    answer: { data: { from: '2026-01-31', to: '2026-01-31' } },
  },
  {
    name: 'a first day that does not exist, and a last one as bad: the first day first',
    variables: { range: { from: '2026-02-30', to: '2026-13-01' } },
    answer: BAD_FROM,
  },
  {
    name: 'a first day written day first',
    variables: { range: { from: '31/01/2026', to: '2026-02-01' } },
    answer: BAD_FROM,
  },
  {
    name: 'a first day before the year 2000',
    variables: { range: { from: '1999-12-31', to: '2000-01-01' } },
    answer: BAD_FROM,
  },
  {
    name: 'a last day that does not exist',
    variables: { range: { from: '2026-02-01', to: '2026-02-29' } },
    answer: BAD_TO,
  },
  {
    name: 'a last day after the year 2100',
    variables: { range: { from: '2100-12-01', to: '2101-01-01' } },
    answer: BAD_TO,
  },
  {
    name: 'a first day after the last',
    variables: { range: { from: '2026-02-01', to: '2026-01-31' } },
    answer: refused('range', 'A data inicial deve ser anterior ou igual à final.'),
  },
  {
    name: '367 days',
    variables: { range: { from: '2025-01-01', to: '2026-01-02' } },
    answer: TOO_LONG,
  },
  {
    name: '367 days and a threshold below 0: the range first',
    variables: { range: { from: '2023-03-01', to: '2024-03-01' }, lowStockThreshold: -1 },
    answer: TOO_LONG,
  },
  {
    name: 'a threshold below 0',
    variables: { range: { from: '2026-01-01', to: '2026-01-31' }, lowStockThreshold: -1 },
    answer: BAD_THRESHOLD,
  },
  {
    name: 'a threshold above 10.000',
    variables: { range: { from: '2026-01-01', to: '2026-01-31' }, lowStockThreshold: 10_001 },
    answer: BAD_THRESHOLD,
  },
];
