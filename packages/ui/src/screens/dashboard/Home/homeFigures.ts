// The home's figures beside the previous period: which cards, their values and the change. Pure.
import type { Kpi } from '../../../components/dashboard/KpiCards';
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

/** (current - previous) / previous in percent; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

const count = (value: number) => value.toLocaleString('pt-BR');

/** The cards, in order; money cards only when the figures carry money (SUPPORT gets none). */
export function kpisOf(current: PeriodFigures, previous: PeriodFigures): Kpi<KpiKey>[] {
  const kpis: Kpi<KpiKey>[] = [];
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
