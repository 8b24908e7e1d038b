// The home's figures beside the previous period: which cards, their values and the change. Pure.
import { formatBRL } from '../../../format';

export interface PeriodFigures {
  revenueCents: number | null;
  ordersCount: number;
  averageTicketCents: number | null;
  unitsSold: number;
  awaitingPixCount: number;
  toShipCount: number;
}

export type KpiKey =
  'revenue' | 'orders' | 'averageTicket' | 'unitsSold' | 'awaitingPix' | 'toShip';

export interface Kpi {
  key: KpiKey;
  label: string;
  value: string;
  previousValue: string;
  /** The change in percent (12.5 for +12,5 %); null when the previous period had 0. */
  change: number | null;
  /** Whether a rise is good news (sales) or just more work (orders waiting). */
  goodWhenUp: boolean;
}

/** (current - previous) / previous in percent; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

const percent = new Intl.NumberFormat('pt-BR', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 0,
  signDisplay: 'exceptZero',
});

/** 12.345 -> '+12,3%', -4 -> '-4%', null -> '—' (no previous figure). */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  return `${percent.format(Math.round(change * 10) / 10)}%`;
}

/** The change as a sentence for screen readers. */
export function describeChange(change: number | null, previousValue: string): string {
  if (change === null) return `Sem base de comparação: ${previousValue} no período anterior.`;
  const rounded = Math.round(Math.abs(change) * 10) / 10;
  const amount = `${rounded.toLocaleString('pt-BR')}%`;
  if (rounded === 0) return `Estável em relação ao período anterior (${previousValue}).`;
  return change > 0
    ? `Alta de ${amount} em relação ao período anterior (${previousValue}).`
    : `Queda de ${amount} em relação ao período anterior (${previousValue}).`;
}

const count = (value: number) => value.toLocaleString('pt-BR');

/** The cards, in order; money cards only when the figures carry money (SUPPORT gets none). */
export function kpisOf(current: PeriodFigures, previous: PeriodFigures): Kpi[] {
  const kpis: Kpi[] = [];
  if (current.revenueCents !== null) {
    const prev = previous.revenueCents ?? 0;
    kpis.push({
      key: 'revenue',
      label: 'Receita',
      value: formatBRL(current.revenueCents),
      previousValue: formatBRL(prev),
      change: percentChange(current.revenueCents, prev),
      goodWhenUp: true,
    });
  }
  kpis.push({
    key: 'orders',
    label: 'Pedidos',
    value: count(current.ordersCount),
    previousValue: count(previous.ordersCount),
    change: percentChange(current.ordersCount, previous.ordersCount),
    goodWhenUp: true,
  });
  if (current.averageTicketCents !== null) {
    const prev = previous.averageTicketCents ?? 0;
    kpis.push({
      key: 'averageTicket',
      label: 'Ticket médio',
      value: formatBRL(current.averageTicketCents),
      previousValue: formatBRL(prev),
      change: percentChange(current.averageTicketCents, prev),
      goodWhenUp: true,
    });
  }
  kpis.push(
    {
      key: 'unitsSold',
      label: 'Unidades vendidas',
      value: count(current.unitsSold),
      previousValue: count(previous.unitsSold),
      change: percentChange(current.unitsSold, previous.unitsSold),
      goodWhenUp: true,
    },
    {
      key: 'awaitingPix',
      label: 'Aguardando Pix',
      value: count(current.awaitingPixCount),
      previousValue: count(previous.awaitingPixCount),
      change: percentChange(current.awaitingPixCount, previous.awaitingPixCount),
      goodWhenUp: false,
    },
    {
      key: 'toShip',
      label: 'A enviar',
      value: count(current.toShipCount),
      previousValue: count(previous.toShipCount),
      change: percentChange(current.toShipCount, previous.toShipCount),
      goodWhenUp: false,
    },
  );
  return kpis;
}
