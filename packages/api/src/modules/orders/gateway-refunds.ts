// Money going back where it came from: the refund ports of several providers (the PSP's Pix, the
// card gateway) as one, each answering for the orders paid through it.
import type { GatewayRefund } from './orders.transitions';

/** The refunds of several providers, each for the orders paid through it (the first that knows). */
export function combinedRefund(
  refunds: ReadonlyArray<GatewayRefund | null | undefined>,
): GatewayRefund | null {
  const present = refunds.filter((refund): refund is GatewayRefund => Boolean(refund));
  if (present.length === 0) return null;
  return async (tx, orderId, refundId, amountCents) => {
    for (const refund of present) {
      const recorded = await refund(tx, orderId, refundId, amountCents);
      if (Object.keys(recorded).length > 0) return recorded;
    }
    return {};
  };
}
