// The Pix text rules several modules share: what a BR Code field may hold (settings validates the
// receiver's name and city with it) and an order's txid (the order view shows it). The BR Code
// itself is built in modules/payments/brcode.ts.

/** Placeholder txid for a static code that does not identify a transaction. */
export const NO_TXID = '***';
const MAX_TXID = 25;

/**
 * Accents stripped ('São Paulo' -> 'Sao Paulo'), anything outside printable ASCII dropped,
 * spaces collapsed, then cut to maxLength. Payment apps choke on other characters.
 */
export function normaliseBrCodeText(text: string, maxLength: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trimEnd();
}

/** 'VT-10023' -> 'VT10023': the order number without what a txid cannot hold. */
export function txidFromOrderNumber(orderNumber: string): string {
  const txid = orderNumber.replace(/[^A-Za-z0-9]/g, '').slice(0, MAX_TXID);
  return txid === '' ? NO_TXID : txid;
}
