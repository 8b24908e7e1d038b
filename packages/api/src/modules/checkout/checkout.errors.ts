// Domain errors of the checkout: each names the input field it is about, so the resolver can answer
// a BAD_USER_INPUT (or NOT_FOUND) a person can act on, and nothing is written.

/**
 * RATE_LIMITED: the guest already holds as many unpaid orders as allowed (reason
 * UNPAID_ORDER_LIMIT), or all it may hold of a variant (VARIANT_HOLD_LIMIT); either way
 * `retryAfterSeconds` says when the first of its orders expires (checkout.limits).
 */
export type CheckoutErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'RATE_LIMITED';

export class CheckoutError extends Error {
  override name = 'CheckoutError';
  constructor(
    message: string,
    readonly field: string | null,
    readonly code: CheckoutErrorCode = 'BAD_USER_INPUT',
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A line asks for more units than are left; `available` says how many can still be bought. */
export class OutOfStockError extends CheckoutError {
  override name = 'OutOfStockError';
  constructor(
    message: string,
    field: string,
    readonly variantId: string,
    readonly available: number,
  ) {
    super(message, field, 'BAD_USER_INPUT', { reason: 'OUT_OF_STOCK', variantId, available });
  }
}
