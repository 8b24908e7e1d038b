// A figure beside the previous period's: the change in percent, written for the eye and for a
// screen reader. Pure.

export interface Kpi<Key extends string = string> {
  /** Names the card (data-kpi) and keys it in the list. */
  key: Key;
  label: string;
  value: string;
  previousValue: string;
  /** The change in percent (12.5 for +12,5 %); null when the previous period had 0. */
  change: number | null;
  /** Whether a rise is good news (sales) or just more work (orders waiting). */
  goodWhenUp: boolean;
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
