// Money as staff type it in pt-BR fields, and as those fields show it.

/**
 * '129,90' -> 12990, 'R$ 1.299,9' -> 129990, '129' -> 12900; null when it is not an amount
 * ('129.90' is refused: a dot groups thousands in pt-BR, so it would be read as a typo).
 */
export function parseBRL(text: string): number | null {
  const cleaned = text.replace(/R\$\s?/i, '').replace(/\s/g, '');
  if (cleaned === '') return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.replace(/\./g, '').split(',');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 129990 -> '1.299,90': a field's text (formatBRL, with "R$", is for display); '' for null. */
export function moneyInputText(cents: number | null): string {
  if (cents === null) return '';
  const whole = Math.floor(cents / 100).toLocaleString('pt-BR');
  return `${whole},${String(cents % 100).padStart(2, '0')}`;
}
