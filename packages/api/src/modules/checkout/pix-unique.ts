// Pix totals that tell orders apart (the store's pix_unique_cents setting): a bank statement
// credit without the txid names its order by the amount only when no other Pix order waits for
// the same amount. A new Pix order whose total equals a waiting one's gets 1 to 99 centavos more
// of Pix discount, the fewest that make its total unique; the shopper sees and pays that total.
import type { Executor } from '../../db';
import { lockPixTotalsOfReal, waitingPixTotalsBetween } from './pix-unique.repository';

/** How far below the total an amount may go (99 centavos at most). */
export const MAX_PIX_ADJUSTMENT_CENTS = 99;

/**
 * The centavos (0 to 99) to take off `totalCents` so no other Pix order waiting for payment has
 * that total; 0 when the total is free (or when every amount of the range is taken). Orders being
 * placed at once with totals in the same range wait for each other (advisory locks per real,
 * taken in order), so two of them never pick the same amount.
 */
export async function uniquePixAdjustment(tx: Executor, totalCents: number): Promise<number> {
  const low = Math.max(1, totalCents - MAX_PIX_ADJUSTMENT_CENTS);
  if (low >= totalCents) return 0;
  const reais = [...new Set([Math.floor(low / 100), Math.floor(totalCents / 100)])].sort(
    (a, b) => a - b,
  );
  for (const real of reais) {
    await lockPixTotalsOfReal(tx, real);
  }
  const amounts = await waitingPixTotalsBetween(tx, low, totalCents);
  for (let cents = 0; totalCents - cents >= low; cents += 1) {
    if (!amounts.has(totalCents - cents)) return cents;
  }
  return 0;
}
