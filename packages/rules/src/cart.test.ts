import { describe, expect, it } from 'vitest';

import { checkCartItems, COUPON_FORMAT_MESSAGE, readCartCouponCode } from './cart';

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
