// Parity table of the shopper's cart before the order (cartPreview, shippingQuote): the refusals a
// shopper can hit (an empty cart, quantities, an id that is no product, a malformed CEP) and what
// a preview says of a cart (unknown variants set aside, the coupon's error). The same rows run
// through the real server (packages/api/test/parity.test.ts) and through the MSW mocks
// (packages/ui/src/mocks/parity.test.ts); the answers are written out, not derived from the rules.
// Prices differ between the two worlds' catalogs, so most rows ask for counts and messages only;
// the priced rows (cartPrices) buy the known variant, which each runner sells at
// KNOWN_VARIANT_PRICE_CENTS, with the coupons of CHECKOUT_COUPONS that each runner creates, in a
// store that takes CHECKOUT_PIX_DISCOUNT_PERCENT off by Pix.
import type { ParityAnswer } from './orders.cases';

/** Stands for a published variant in stock of each world (the runners put its id in). */
export const KNOWN_VARIANT = '$known-variant';
/** A variant id of the right shape that no catalog holds. */
export const UNKNOWN_VARIANT = '0b1e6a52-5f0c-4d7e-9a43-0d7c1c9e2f11';

export const CART_PREVIEW_DOCUMENT = `query ($items: [CartItemInput!]!, $postalCode: String, $couponCode: String) {
  r: cartPreview(items: $items, postalCode: $postalCode, couponCode: $couponCode) {
    itemCount unavailableVariantIds coupon { code } couponError discountCents canCheckout
  }
}`;

/** What a cart costs: the coupon, the card's total and the Pix price (no CEP: nothing shipped). */
export const CART_PRICES_DOCUMENT = `query ($items: [CartItemInput!]!, $postalCode: String, $couponCode: String) {
  r: cartPreview(items: $items, postalCode: $postalCode, couponCode: $couponCode) {
    subtotalCents coupon { code discountCents freeShipping } couponError discountCents
    shippingCents totalCents pixDiscountPercent pixDiscountCents pixTotalCents
  }
}`;

/** The store's Pix discount for the priced rows: each runner sets it. */
export const CHECKOUT_PIX_DISCOUNT_PERCENT = 5;

/** The known variant's price in both worlds (R$ 50,00). */
export const KNOWN_VARIANT_PRICE_CENTS = 5000;

/** The coupons both worlds hold for the priced rows, as staff create them (couponCreate). */
export const CHECKOUT_COUPONS = [
  { code: 'PARIDADE10', kind: 'PERCENT', percent: 10 },
  { code: 'PARIDADE-FIXO', kind: 'FIXED', amountCents: 1001 },
  { code: 'PARIDADE-MINIMO', kind: 'PERCENT', percent: 10, minSubtotalCents: 20000 },
  { code: 'PARIDADE-FRETE', kind: 'FREE_SHIPPING' },
] as const;

export const SHIPPING_QUOTE_DOCUMENT = `query ($items: [CartItemInput!]!, $postalCode: String!) {
  r: shippingQuote(items: $items, postalCode: $postalCode) { methodId }
}`;

export interface CheckoutCase {
  name: string;
  query: 'cartPreview' | 'cartPrices' | 'shippingQuote';
  /** The variables; KNOWN_VARIANT in an item's variantId is replaced by the runner. */
  variables: {
    items: { variantId: string; quantity: unknown }[];
    postalCode?: string | null;
    couponCode?: string | null;
  };
  answer: ParityAnswer<unknown>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

const QUANTITY_MESSAGE = 'A quantidade deve ser um número inteiro de pelo menos 1.';
const MAX_QUANTITY_MESSAGE = 'Você pode comprar no máximo 50 unidades de cada item.';
const COUPON_FORMAT_MESSAGE =
  'Cupom inválido: use só letras sem acento, números, - ou _ (sem espaços).';

const CEP_MESSAGE = 'CEP inválido: use 8 dígitos, como 01310-100.';

const one = (variantId: string, quantity: unknown = 1) => [{ variantId, quantity }];

const prices = (answer: Record<string, unknown>) => ({
  data: {
    subtotalCents: 0,
    coupon: null,
    couponError: null,
    discountCents: 0,
    shippingCents: null,
    totalCents: 0,
    pixDiscountPercent: 5,
    pixDiscountCents: 0,
    pixTotalCents: 0,
    ...answer,
  },
});

export const CHECKOUT_CASES: CheckoutCase[] = [
  {
    name: 'two units by Pix: 5% off',
    query: 'cartPrices',
    variables: { items: one(KNOWN_VARIANT, 2) },
    answer: prices({
      subtotalCents: 10000,
      totalCents: 10000,
      pixDiscountCents: 500,
      pixTotalCents: 9500,
    }),
  },
  {
    name: 'a 10% coupon typed in small letters, then 5% off by Pix on what is left',
    query: 'cartPrices',
    variables: { items: one(KNOWN_VARIANT, 2), couponCode: ' paridade10 ' },
    answer: prices({
      subtotalCents: 10000,
      coupon: { code: 'PARIDADE10', discountCents: 1000, freeShipping: false },
      discountCents: 1000,
      totalCents: 9000,
      pixDiscountCents: 450,
      pixTotalCents: 8550,
    }),
  },
  {
    name: 'a coupon of R$ 10,01 off: the Pix discount rounded half up',
    query: 'cartPrices',
    variables: { items: one(KNOWN_VARIANT, 2), couponCode: 'PARIDADE-FIXO' },
    answer: prices({
      subtotalCents: 10000,
      coupon: { code: 'PARIDADE-FIXO', discountCents: 1001, freeShipping: false },
      discountCents: 1001,
      totalCents: 8999,
      pixDiscountCents: 450,
      pixTotalCents: 8549,
    }),
  },
  {
    name: 'a coupon whose minimum the cart does not reach: priced without it',
    query: 'cartPrices',
    variables: { items: one(KNOWN_VARIANT, 3), couponCode: 'paridade-minimo' },
    answer: prices({
      subtotalCents: 15000,
      couponError: 'Pedido mínimo de R$ 200,00 para este cupom.',
      totalCents: 15000,
      pixDiscountCents: 750,
      pixTotalCents: 14250,
    }),
  },
  {
    name: 'a free-shipping coupon, nothing shipped yet',
    query: 'cartPrices',
    variables: { items: one(KNOWN_VARIANT, 1), couponCode: 'PARIDADE-FRETE' },
    answer: prices({
      subtotalCents: 5000,
      coupon: { code: 'PARIDADE-FRETE', discountCents: 0, freeShipping: true },
      totalCents: 5000,
      pixDiscountCents: 250,
      pixTotalCents: 4750,
    }),
  },
  {
    name: 'a coupon with nothing on sale to buy: not looked at',
    query: 'cartPrices',
    variables: { items: one(UNKNOWN_VARIANT), couponCode: 'PARIDADE10' },
    answer: prices({}),
  },
  {
    name: 'a cart of one variant in stock',
    query: 'cartPreview',
    variables: { items: one(KNOWN_VARIANT, 2) },
    answer: {
      data: {
        itemCount: 2,
        unavailableVariantIds: [],
        coupon: null,
        couponError: null,
        discountCents: 0,
        canCheckout: true,
      },
    },
  },
  {
    name: 'a variant no catalog holds, set aside',
    query: 'cartPreview',
    variables: { items: [...one(KNOWN_VARIANT), ...one(UNKNOWN_VARIANT)] },
    answer: {
      data: {
        itemCount: 1,
        unavailableVariantIds: [UNKNOWN_VARIANT],
        coupon: null,
        couponError: null,
        discountCents: 0,
        canCheckout: false,
      },
    },
  },
  {
    name: 'a coupon nobody created',
    query: 'cartPreview',
    variables: { items: one(KNOWN_VARIANT), couponCode: 'naoexiste10' },
    answer: {
      data: {
        itemCount: 1,
        unavailableVariantIds: [],
        coupon: null,
        couponError: 'Cupom não encontrado.',
        discountCents: 0,
        canCheckout: true,
      },
    },
  },
  {
    name: 'a coupon code with a space and a “!”, even with nothing to buy',
    query: 'cartPreview',
    variables: { items: one(UNKNOWN_VARIANT), couponCode: 'DEZ OFF!' },
    answer: {
      data: {
        itemCount: 0,
        unavailableVariantIds: [UNKNOWN_VARIANT],
        coupon: null,
        couponError: COUPON_FORMAT_MESSAGE,
        discountCents: 0,
        canCheckout: false,
      },
    },
  },
  {
    name: 'a blank CEP is no CEP',
    query: 'cartPreview',
    variables: { items: one(UNKNOWN_VARIANT), postalCode: '  ' },
    answer: {
      data: {
        itemCount: 0,
        unavailableVariantIds: [UNKNOWN_VARIANT],
        coupon: null,
        couponError: null,
        discountCents: 0,
        canCheckout: false,
      },
    },
  },
  {
    name: 'an empty cart',
    query: 'cartPreview',
    variables: { items: [] },
    answer: refused('items', 'O carrinho está vazio.'),
  },
  {
    name: 'no unit of an item',
    query: 'cartPreview',
    variables: { items: one(KNOWN_VARIANT, 0) },
    answer: refused('items[0].quantity', QUANTITY_MESSAGE),
  },
  {
    name: '51 units of an item',
    query: 'cartPreview',
    variables: { items: one(KNOWN_VARIANT, 51) },
    answer: refused('items[0].quantity', MAX_QUANTITY_MESSAGE),
  },
  {
    name: 'one variant listed twice, 30 and 25 units',
    query: 'cartPreview',
    variables: { items: [...one(KNOWN_VARIANT, 30), ...one(KNOWN_VARIANT, 25)] },
    answer: refused('items[1].quantity', MAX_QUANTITY_MESSAGE),
  },
  {
    name: 'an id that is no product’s',
    query: 'cartPreview',
    variables: { items: one('camiseta-azul-m') },
    answer: refused('items[0].variantId', 'Produto não encontrado.'),
  },
  {
    name: 'the items are checked before the CEP',
    query: 'cartPreview',
    variables: { items: one(KNOWN_VARIANT, 0), postalCode: 'abc' },
    answer: refused('items[0].quantity', QUANTITY_MESSAGE),
  },
  {
    name: 'a quote for a variant no catalog holds',
    query: 'shippingQuote',
    variables: { items: one(UNKNOWN_VARIANT), postalCode: '01310-100' },
    answer: { data: [] },
  },
  {
    name: 'a quote for an empty cart',
    query: 'shippingQuote',
    variables: { items: [], postalCode: '01310-100' },
    answer: refused('items', 'O carrinho está vazio.'),
  },
  {
    name: 'a CEP of 4 digits in a preview',
    query: 'cartPreview',
    variables: { items: one(KNOWN_VARIANT), postalCode: '0131' },
    answer: refused('postalCode', CEP_MESSAGE),
  },
  {
    name: 'a CEP with letters in a quote',
    query: 'shippingQuote',
    variables: { items: one(KNOWN_VARIANT), postalCode: '01310-1OO' },
    answer: refused('postalCode', CEP_MESSAGE),
  },
  {
    name: 'a quote for 51 units',
    query: 'shippingQuote',
    variables: { items: one(KNOWN_VARIANT, 51), postalCode: '01310-100' },
    answer: refused('items[0].quantity', MAX_QUANTITY_MESSAGE),
  },
];
