import { describe, expect, it } from 'vitest';

import { describeChange, formatChange } from '../../../components/dashboard/KpiCards';
import { kpisOf, percentChange, type PeriodFigures } from './homeFigures';

const figures = (overrides: Partial<PeriodFigures> = {}): PeriodFigures => ({
  revenueCents: 100_000,
  ordersCount: 10,
  averageTicketCents: 10_000,
  unitsSold: 20,
  awaitingPixCount: 2,
  toShipCount: 3,
  ...overrides,
});

describe('percentChange', () => {
  it('compares with the previous period', () => {
    expect(percentChange(125, 100)).toBe(25);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(7, 7)).toBe(0);
  });

  it('has no change when the previous period had nothing', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });
});

describe('formatChange and describeChange', () => {
  it('writes the sign and one decimal in pt-BR', () => {
    expect(formatChange(12.345)).toBe('+12,3%');
    expect(formatChange(-4)).toBe('-4%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(null)).toBe('—');
  });

  it('says rise, fall or no base in words', () => {
    expect(describeChange(12.345, 'R$ 10,00')).toBe(
      'Alta de 12,3% em relação ao período anterior (R$ 10,00).',
    );
    expect(describeChange(-50, '8')).toBe('Queda de 50% em relação ao período anterior (8).');
    expect(describeChange(null, '0')).toBe('Sem base de comparação: 0 no período anterior.');
  });
});

describe('kpisOf', () => {
  it('gives six cards with money, each beside the previous period', () => {
    const kpis = kpisOf(figures({ revenueCents: 150_000 }), figures());
    expect(kpis.map((kpi) => kpi.label)).toEqual([
      'Receita',
      'Pedidos',
      'Ticket médio',
      'Unidades vendidas',
      'Aguardando Pix',
      'A enviar',
    ]);
    const revenue = kpis[0];
    expect(revenue?.value).toBe('R$\u00a01.500,00');
    expect(revenue?.previousValue).toBe('R$\u00a01.000,00');
    expect(revenue?.change).toBe(50);
  });

  it('leaves the money cards out when the figures carry no money (SUPPORT)', () => {
    const noMoney = { revenueCents: null, averageTicketCents: null };
    const kpis = kpisOf(figures(noMoney), figures(noMoney));
    expect(kpis.map((kpi) => kpi.key)).toEqual(['orders', 'unitsSold', 'awaitingPix', 'toShip']);
  });

  it('has no change against an empty previous period', () => {
    const kpis = kpisOf(figures(), figures({ ordersCount: 0 }));
    expect(kpis.find((kpi) => kpi.key === 'orders')?.change).toBeNull();
  });
});
