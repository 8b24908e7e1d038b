// Money as staff type it in pt-BR fields, and as those fields show it.

export { parseBRL } from '@vitrine/rules';

/** 129990 -> '1.299,90': a field's text (formatBRL, with "R$", is for display); '' for null. */
export function moneyInputText(cents: number | null): string {
  if (cents === null) return '';
  const whole = Math.floor(cents / 100).toLocaleString('pt-BR');
  return `${whole},${String(cents % 100).padStart(2, '0')}`;
}
