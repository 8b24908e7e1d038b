/**
 * The discount of a sale as a whole percentage, rounded down so the store never claims more
 * than it gives: (9990 -> 7990) is 20%. Null when there is no real discount.
 */
export function discountPercent(
  priceCents: number,
  compareAtPriceCents: number | null | undefined,
) {
  if (
    compareAtPriceCents == null ||
    compareAtPriceCents <= priceCents ||
    compareAtPriceCents <= 0
  ) {
    return null;
  }
  const percent = Math.floor(((compareAtPriceCents - priceCents) * 100) / compareAtPriceCents);
  return percent >= 1 ? percent : null;
}
