// A shopper's cart as the checkout takes it (cartPreview, shippingQuote, placeOrder): 1 to 50
// distinct variants, each a whole quantity from 1 to 50, a variant listed twice merged into its
// first line; and the coupon code typed beside it. The server's checkout validation answers these
// words (packages/api/src/modules/checkout/checkout.validation.ts); the mocks call this rule.
import { normaliseCouponCode } from './coupon';

export const MAX_CART_LINES = 50;
export const MAX_QUANTITY_PER_LINE = 50;

export const CART_MESSAGES = {
  notAList: 'Envie os itens do carrinho.',
  empty: 'O carrinho está vazio.',
  tooManyLines: `O carrinho pode ter no máximo ${MAX_CART_LINES} produtos diferentes.`,
  badItem: 'Item do carrinho inválido.',
  unknownVariant: 'Produto não encontrado.',
  quantity: 'A quantidade deve ser um número inteiro de pelo menos 1.',
  maxQuantity: `Você pode comprar no máximo ${MAX_QUANTITY_PER_LINE} unidades de cada item.`,
} as const;

export interface CheckedCartItem {
  variantId: string;
  quantity: number;
  /** The item's position in the request (the first, for a variant listed twice). */
  index: number;
}

export type CartItemsCheck =
  { ok: true; items: CheckedCartItem[] } | { ok: false; field: string; message: string };

/**
 * The cart's items, merged by variant (ids lower-cased), or the first problem and the field it is
 * at (`items`, `items[2].quantity`...). `isVariantId` says whether a text has a variant id's shape.
 */
export function checkCartItems(
  value: unknown,
  field: string,
  isVariantId: (id: unknown) => id is string,
): CartItemsCheck {
  const refuse = (at: string, message: string): CartItemsCheck => ({
    ok: false,
    field: at,
    message,
  });
  if (!Array.isArray(value)) return refuse(field, CART_MESSAGES.notAList);
  if (value.length === 0) return refuse(field, CART_MESSAGES.empty);
  if (value.length > MAX_CART_LINES) return refuse(field, CART_MESSAGES.tooManyLines);
  const merged = new Map<string, CheckedCartItem>();
  for (const [i, raw] of (value as unknown[]).entries()) {
    const at = `${field}[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return refuse(at, CART_MESSAGES.badItem);
    }
    const { variantId, quantity } = raw as { variantId?: unknown; quantity?: unknown };
    if (!isVariantId(variantId)) return refuse(`${at}.variantId`, CART_MESSAGES.unknownVariant);
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      return refuse(`${at}.quantity`, CART_MESSAGES.quantity);
    }
    if (quantity > MAX_QUANTITY_PER_LINE)
      return refuse(`${at}.quantity`, CART_MESSAGES.maxQuantity);
    const id = variantId.toLowerCase();
    const existing = merged.get(id);
    if (!existing) merged.set(id, { variantId: id, quantity, index: i });
    else {
      existing.quantity += quantity;
      if (existing.quantity > MAX_QUANTITY_PER_LINE) {
        return refuse(`${at}.quantity`, CART_MESSAGES.maxQuantity);
      }
    }
  }
  return { ok: true, items: [...merged.values()] };
}

/**
 * Why a code cannot be a coupon: codes are 1 to 40 letters (no accents), digits, '-' or '_',
 * starting with a letter or a digit (normaliseCouponCode, the rule coupons are created with).
 */
export const COUPON_FORMAT_MESSAGE =
  'Cupom inválido: use só letras sem acento, números, - ou _ (sem espaços).';

/**
 * The coupon code typed beside a cart, upper-cased (blank: none), or why it cannot be one. Never
 * throws: a preview answers a malformed code as its couponError and prices the cart without it.
 */
export function readCartCouponCode(value: unknown): { code: string | null; error: string | null } {
  if (value === null || value === undefined) return { code: null, error: null };
  if (typeof value !== 'string') return { code: null, error: COUPON_FORMAT_MESSAGE };
  if (value.trim() === '') return { code: null, error: null };
  const code = value.length <= 60 ? normaliseCouponCode(value) : null;
  return code === null ? { code: null, error: COUPON_FORMAT_MESSAGE } : { code, error: null };
}
