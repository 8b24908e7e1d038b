const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Formats an amount in centavos as reais: 123456 -> 'R$ 1.234,56'. Money is always an integer
 * number of centavos; the space after 'R$' is Intl's no-break space, kept so the symbol never
 * wraps away from the number.
 */
export function formatBRL(cents: number): string {
  if (!Number.isInteger(cents)) {
    throw new RangeError(`formatBRL expects an integer number of centavos, got ${cents}`);
  }
  return brl.format(cents / 100);
}
