import { describe, expect, it } from 'vitest';

import {
  checkCartItems,
  COUPON_FORMAT_MESSAGE,
  priceCart,
  readCartCouponCode,
  type CartPricingInput,
  type CartPricingItem,
} from './cart';
import { evaluateCoupon, type Coupon } from './coupon';

const isId = (id: unknown): id is string => typeof id === 'string' && /^v\d+$/i.test(id);

describe('checkCartItems', () => {
  it('merges a variant listed twice into its first line', () => {
    expect(
      checkCartItems(
        [
          { variantId: 'V1', quantity: 2 },
          { variantId: 'v2', quantity: 1 },
          { variantId: 'v1', quantity: 3 },
        ],
        'items',
        isId,
      ),
    ).toEqual({
      ok: true,
      items: [
        { variantId: 'v1', quantity: 5, index: 0 },
        { variantId: 'v2', quantity: 1, index: 1 },
      ],
    });
  });

  it('names the field of the first problem', () => {
    expect(checkCartItems([], 'items', isId)).toEqual({
      ok: false,
      field: 'items',
      message: 'O carrinho está vazio.',
    });
    expect(checkCartItems([{ variantId: 'x', quantity: 1 }], 'items', isId)).toMatchObject({
      field: 'items[0].variantId',
      message: 'Produto não encontrado.',
    });
    expect(checkCartItems([{ variantId: 'v1', quantity: 1.5 }], 'items', isId)).toMatchObject({
      field: 'items[0].quantity',
    });
    const twice = [
      { variantId: 'v1', quantity: 30 },
      { variantId: 'v1', quantity: 21 },
    ];
    expect(checkCartItems(twice, 'input.items', isId)).toMatchObject({
      field: 'input.items[1].quantity',
      message: 'Você pode comprar no máximo 50 unidades de cada item.',
    });
  });
});

describe('readCartCouponCode', () => {
  it('upper-cases a code, takes a blank one as none and explains a malformed one', () => {
    expect(readCartCouponCode(' dez10 ')).toEqual({ code: 'DEZ10', error: null });
    expect(readCartCouponCode('  ')).toEqual({ code: null, error: null });
    expect(readCartCouponCode('DEZ OFF!')).toEqual({ code: null, error: COUPON_FORMAT_MESSAGE });
  });
});

describe('priceCart', () => {
  interface Option {
    methodId: string;
    kind: 'delivery' | 'pickup';
    priceCents: number;
  }
  const item = (variantId: string, quantity: number, priceCents: number | null, stock = 10) => ({
    variantId,
    quantity,
    offer:
      priceCents === null ? null : { unitPriceCents: priceCents, compareAtPriceCents: null, stock },
  });
  const table = {
    maxInstallments: 10,
    interestFreeInstallments: 10,
    monthlyInterestPercent: 0,
    minInstallmentCents: 500,
  };
  const options: Option[] = [
    { methodId: 'retirada', kind: 'pickup', priceCents: 0 },
    { methodId: 'sedex', kind: 'delivery', priceCents: 3990 },
    { methodId: 'pac', kind: 'delivery', priceCents: 1990 },
    { methodId: 'mini', kind: 'delivery', priceCents: 1990 },
  ];
  const now = new Date('2026-11-05T12:00:00Z');
  const couponOf = (coupon: Coupon) => (lines: readonly { lineTotalCents: number }[]) =>
    evaluateCoupon(
      coupon,
      {
        lines: lines.map(({ lineTotalCents }) => ({
          brandId: 'b',
          categoryIds: [],
          lineTotalCents,
        })),
      },
      now,
      { totalUses: 0 },
    );
  function price(
    items: CartPricingItem[],
    extra: Partial<CartPricingInput<CartPricingItem, Option>> = {},
  ) {
    return priceCart<CartPricingItem, Option>({
      items,
      couponFormatError: null,
      evaluateCoupon: null,
      quoteShipping: () => options,
      isDelivery: (option) => option.kind === 'delivery',
      shippingMethodId: null,
      pixDiscountPercent: 5,
      installments: table,
      ...extra,
    });
  }

  it('prices the lines on sale, sets the others aside and says what stock there is', () => {
    const priced = price([item('v1', 2, 4990, 1), item('v2', 1, null), item('v3', 3, 1000, 0)]);
    expect(
      priced.lines.map(({ item: { variantId }, ...line }) => ({ variantId, ...line })),
    ).toEqual([
      {
        variantId: 'v1',
        unitPriceCents: 4990,
        compareAtPriceCents: null,
        quantity: 2,
        availableQuantity: 1,
        availability: 'INSUFFICIENT_STOCK',
        lineTotalCents: 9980,
      },
      {
        variantId: 'v3',
        unitPriceCents: 1000,
        compareAtPriceCents: null,
        quantity: 3,
        availableQuantity: 0,
        availability: 'OUT_OF_STOCK',
        lineTotalCents: 3000,
      },
    ]);
    expect(priced).toMatchObject({
      unavailableVariantIds: ['v2'],
      itemCount: 5,
      subtotalCents: 12980,
      canCheckout: false,
    });
    expect(price([item('v1', 2, 4990, 80)]).lines[0]).toMatchObject({
      availableQuantity: 50,
      availability: 'AVAILABLE',
    });
    expect(price([item('v1', 2, 4990)]).canCheckout).toBe(true);
  });

  it('takes the coupon off, then the Pix discount off what is left, and ships the cheapest delivery', () => {
    const priced = price([item('v1', 2, 5000)], {
      evaluateCoupon: couponOf({ code: 'DEZ', discount: { type: 'fixed', amountCents: 1001 } }),
    });
    expect(priced).toMatchObject({
      subtotalCents: 10000,
      coupon: { code: 'DEZ', discountCents: 1001, freeShipping: false },
      couponError: null,
      discountCents: 1001,
      selectedShippingMethodId: 'pac',
      shippingCents: 1990,
      totalCents: 8999 + 1990,
      pixDiscountPercent: 5,
      // 5% of 89,99 is 4,4995: rounded half up.
      pixDiscountCents: 450,
      pixTotalCents: 8999 - 450 + 1990,
    });
    expect(priced.installments).toMatchObject({ count: 10, interestFree: true });
    expect(priced.installmentOptions).toHaveLength(10);
  });

  it('gives the quote the merchandise and the coupon’s free shipping', () => {
    const asked: [number, boolean][] = [];
    price([item('v1', 3, 5000)], {
      evaluateCoupon: couponOf({
        code: 'FRETE',
        discount: { type: 'percentage', percent: 10 },
        freeShipping: true,
      }),
      quoteShipping: (merchandise, free) => {
        asked.push([merchandise, free]);
        return [];
      },
    });
    expect(asked).toEqual([[13500, true]]);
  });

  it('answers a refused coupon as couponError and prices the cart without it', () => {
    const priced = price([item('v1', 1, 5000)], {
      evaluateCoupon: couponOf({
        code: 'MIN',
        discount: { type: 'percentage', percent: 10 },
        minSubtotalCents: 20000,
      }),
    });
    expect(priced).toMatchObject({
      coupon: null,
      couponError: 'Pedido mínimo de R$ 200,00 para este cupom.',
      discountCents: 0,
      pixDiscountCents: 250,
    });
  });

  it('asks neither the coupon nor the quote with nothing on sale, keeping a malformed code’s error', () => {
    const refuse = () => {
      throw new Error('not to be asked');
    };
    const priced = price([item('v9', 1, null)], {
      couponFormatError: COUPON_FORMAT_MESSAGE,
      evaluateCoupon: refuse,
      quoteShipping: refuse,
    });
    expect(priced).toMatchObject({
      couponError: COUPON_FORMAT_MESSAGE,
      shippingOptions: [],
      selectedShippingMethodId: null,
      shippingCents: null,
      totalCents: 0,
      pixTotalCents: 0,
      canCheckout: false,
    });
  });

  it('ships the option chosen, a pickup only when chosen, and no delivery when there is none', () => {
    expect(price([item('v1', 1, 5000)], { shippingMethodId: 'retirada' })).toMatchObject({
      selectedShippingMethodId: 'retirada',
      shippingCents: 0,
    });
    expect(price([item('v1', 1, 5000)], { shippingMethodId: 'sedex' }).shippingCents).toBe(3990);
    const pickupOnly = price([item('v1', 1, 5000)], {
      quoteShipping: () => options.filter((option) => option.kind === 'pickup'),
    });
    expect(pickupOnly).toMatchObject({ selectedShippingMethodId: null, shippingCents: null });
    expect(pickupOnly.shippingOptions).toHaveLength(1);
  });

  it('offers a single payment when no card can be paid', () => {
    const priced = price([item('v1', 2, 5000)], { installments: { ...table, cardOffered: false } });
    expect(priced.installments.count).toBe(1);
    expect(priced.installmentOptions).toHaveLength(1);
    expect(priced.installmentsWithInterest).toBeNull();
  });

  describe('the payment chosen (an order being placed)', () => {
    const withInterest = { ...table, interestFreeInstallments: 3, monthlyInterestPercent: 1.99 };
    const coupon = couponOf({ code: 'DEZ', discount: { type: 'fixed', amountCents: 1001 } });

    it('is left out of a preview', () => {
      expect(price([item('v1', 2, 5000)])).not.toHaveProperty('payment');
    });

    it('by Pix pays the Pix total, the coupon spread over the lines', () => {
      const priced = price([item('v1', 2, 5000), item('v2', 1, 3000)], {
        evaluateCoupon: coupon,
        payment: { method: 'PIX', installments: 1 },
      });
      expect(priced.payment).toEqual({
        method: 'PIX',
        installments: 1,
        pixDiscountCents: priced.pixDiscountCents,
        baseCents: priced.pixTotalCents,
        plan: null,
        interestCents: 0,
        totalCents: priced.pixTotalCents,
        lineDiscountsCents: [770, 231],
        error: null,
      });
    });

    it('by card pays the total, a plan past the interest-free ones adding its interest', () => {
      const card = (installments: number) =>
        price([item('v1', 2, 5000)], {
          evaluateCoupon: coupon,
          installments: withInterest,
          payment: { method: 'CARD', installments },
        });
      const single = card(1).payment!;
      expect(single).toMatchObject({ pixDiscountCents: 0, plan: null, interestCents: 0 });
      expect(single.totalCents).toBe(card(1).totalCents);
      expect(card(3).payment).toMatchObject({ interestCents: 0, totalCents: 8999 + 1990 });
      const priced = card(6);
      const plan = priced.installmentOptions.find((option) => option.count === 6)!;
      expect(plan.interestCents).toBeGreaterThan(0);
      expect(priced.payment).toMatchObject({
        baseCents: priced.totalCents,
        plan,
        interestCents: plan.interestCents,
        totalCents: plan.totalCents,
        error: null,
      });
    });

    it('refuses instalments the table does not offer, and a total of nothing', () => {
      const card = (installments: number, cardTable = withInterest, cents = 5000) =>
        price([item('v1', 2, cents)], {
          installments: cardTable,
          payment: { method: 'CARD', installments },
        }).payment!.error;
      expect(card(11)).toEqual({ field: 'installments', message: 'Escolha de 1 a 10 parcelas.' });
      expect(card(2, { ...table, maxInstallments: 1 })).toEqual({
        field: 'installments',
        message: 'Este pedido só pode ser pago à vista.',
      });
      const free = price([item('v1', 1, 1000)], {
        evaluateCoupon: couponOf({ code: 'TUDO', discount: { type: 'fixed', amountCents: 1000 } }),
        quoteShipping: () => [{ methodId: 'retirada', kind: 'pickup', priceCents: 0 }],
        shippingMethodId: 'retirada',
        payment: { method: 'BOLETO', installments: 1 },
      });
      expect(free.payment!.error).toEqual({
        field: 'couponCode',
        message: 'O total do pedido precisa ser maior que zero.',
      });
    });
  });
});
