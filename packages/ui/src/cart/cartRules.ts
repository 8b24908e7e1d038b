// What the API's cartPreview and placeOrder accept, in one place for the storefront: a cart the
// device keeps within these limits is never refused as a whole (checkout.validation.ts on the API).

/** Most units of one variant in a cart (the server takes 1 to 50); stock may allow fewer. */
export const MAX_LINE_QUANTITY = 50;
/** Most distinct variants in a cart (the server refuses the whole cart above it). */
export const MAX_CART_LINES = 50;
/** Longest coupon code the store can create. */
export const MAX_COUPON_CODE_LENGTH = 40;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COUPON_CODE_PATTERN = new RegExp(`^[A-Z0-9][A-Z0-9_-]{0,${MAX_COUPON_CODE_LENGTH - 1}}$`);

/** The same words as the server's couponError for a code that cannot be a coupon. */
export const COUPON_FORMAT_MESSAGE =
  'Cupom inválido: use só letras sem acento, números, - ou _ (sem espaços).';
export const COUPON_START_MESSAGE = 'Cupom inválido: comece com uma letra ou um número.';

/** A variant id the API takes (a UUID). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** ' bemvindo10 ' -> 'BEMVINDO10'; null when it cannot be a coupon code. */
export function normaliseCouponCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return COUPON_CODE_PATTERN.test(code) ? code : null;
}

/** Why a typed code cannot be a coupon (Portuguese), or null when it can ('' is no code). */
export function couponCodeError(input: string): string | null {
  const code = input.trim().toUpperCase();
  if (code === '' || COUPON_CODE_PATTERN.test(code)) return null;
  if (code.length > MAX_COUPON_CODE_LENGTH) {
    return `O cupom pode ter no máximo ${MAX_COUPON_CODE_LENGTH} caracteres.`;
  }
  if (/^[A-Z0-9_-]+$/.test(code)) return COUPON_START_MESSAGE;
  return COUPON_FORMAT_MESSAGE;
}
