// Amounts of money as people type them, once for every side (three parsers of '1.234,56' used
// to disagree): parseBRL for a pt-BR field (strict), parsePriceCents for a spreadsheet's
// cell (either convention). The bank statements' parser (signs, bank quirks) builds on neither.

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

/**
 * A price in centavos: '129,90', '129.90', 'R$ 129,90', '1.299,90', '1,299.90', '129'; null when
 * it is not a price.
 */
export function parsePriceCents(value: string): number | null {
  let text = value
    .replace(/^R\$\s*/i, '')
    .replace(/\s/g, '')
    .trim();
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimal: ',' | '.' | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimal = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0) decimal = ',';
  else if (lastDot >= 0) {
    // Only dots: '129.90' decimal; '1.299' or '1.299.000' thousands.
    const groups = text.split('.');
    decimal = groups.length === 2 && groups[1]!.length <= 2 ? '.' : null;
  }
  const thousands = decimal === '.' ? ',' : '.';
  const [integer = '', ...rest] = decimal ? text.split(decimal) : [text];
  if (rest.length > 1) return null;
  if (integer.includes(thousands)) {
    if (!new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+$`).test(integer)) return null;
  } else if (integer.includes(decimal === ',' ? '.' : ',')) return null;
  text = integer.replaceAll(thousands, '') + (decimal ? `.${rest[0] ?? ''}` : '');
  const [whole, fraction = ''] = text.split('.');
  if (!whole || !/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
