// The checkout's input validation, without a database: normalisation, merging and the request
// fingerprint that tells a replay from a different order under the same idempotency key.
import { describe, expect, it } from 'vitest';
import { CheckoutError } from './checkout.errors';
import { fixtureOrderInput } from './checkout.fixtures';
import {
  COUPON_FORMAT_MESSAGE,
  readOptionalCouponCode,
  validateCartItems,
  validateOptionalCouponCode,
  validatePlaceOrderInput,
} from './checkout.validation';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const METHOD = '33333333-3333-4333-8333-333333333333';

function fieldOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    if (error instanceof CheckoutError) return error.field;
    throw error;
  }
}

describe('validatePlaceOrderInput', () => {
  it('normalises CPF, phone, CEP, UF and e-mail to what the database stores', () => {
    const input = fixtureOrderInput([{ variantId: A, quantity: 1 }], METHOD, {
      idempotencyKey: 'chave-12345',
    });
    const order = validatePlaceOrderInput({
      ...input,
      customer: { ...input.customer, email: ' Maria@Example.COM ', phone: '+55 (11) 98765-4321' },
      address: { ...input.address, postalCode: '01310100', uf: ' sp ', complement: '' },
    });
    expect(order.customer).toMatchObject({
      email: 'maria@example.com',
      cpf: '52998224725',
      phone: '11987654321',
    });
    expect(order.address).toMatchObject({ postalCode: '01310100', uf: 'SP', complement: null });
  });

  it('gives the same fingerprint whatever the order of the items, and another for another cart', () => {
    const base = { idempotencyKey: 'chave-12345' };
    const one = validatePlaceOrderInput(
      fixtureOrderInput(
        [
          { variantId: A, quantity: 1 },
          { variantId: B, quantity: 2 },
        ],
        METHOD,
        base,
      ),
    );
    const swapped = validatePlaceOrderInput(
      fixtureOrderInput(
        [
          { variantId: B, quantity: 2 },
          { variantId: A, quantity: 1 },
        ],
        METHOD,
        base,
      ),
    );
    const more = validatePlaceOrderInput(
      fixtureOrderInput(
        [
          { variantId: A, quantity: 2 },
          { variantId: B, quantity: 2 },
        ],
        METHOD,
        base,
      ),
    );
    expect(swapped.requestHash).toBe(one.requestHash);
    expect(more.requestHash).not.toBe(one.requestHash);
  });

  it('names the field of a missing or mistyped part', () => {
    const input = fixtureOrderInput([{ variantId: A, quantity: 1 }], METHOD);
    expect(fieldOf(() => validatePlaceOrderInput(null))).toBe('input');
    expect(fieldOf(() => validatePlaceOrderInput({ ...input, customer: 'Maria' }))).toBe(
      'customer',
    );
    expect(
      fieldOf(() =>
        validatePlaceOrderInput({ ...input, address: { ...input.address, number: 12 } }),
      ),
    ).toBe('address.number');
    expect(fieldOf(() => validatePlaceOrderInput({ ...input, paymentMethod: 'CHEQUE' }))).toBe(
      'paymentMethod',
    );
  });
});

describe('validateCartItems', () => {
  it('merges a variant listed twice into its first line', () => {
    expect(
      validateCartItems([
        { variantId: A, quantity: 2 },
        { variantId: B, quantity: 1 },
        { variantId: A.toUpperCase(), quantity: 3 },
      ]),
    ).toEqual([
      { variantId: A, quantity: 5, index: 0 },
      { variantId: B, quantity: 1, index: 1 },
    ]);
  });

  it('refuses more than 50 units of a variant, even split over two lines', () => {
    expect(
      fieldOf(() =>
        validateCartItems([
          { variantId: A, quantity: 30 },
          { variantId: A, quantity: 30 },
        ]),
      ),
    ).toBe('items[1].quantity');
  });

  it('refuses fractional quantities and more than 50 different items', () => {
    expect(fieldOf(() => validateCartItems([{ variantId: A, quantity: 1.5 }]))).toBe(
      'items[0].quantity',
    );
    const many = Array.from({ length: 51 }, (_, i) => ({
      variantId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      quantity: 1,
    }));
    expect(fieldOf(() => validateCartItems(many))).toBe('items');
  });
});

describe('coupon codes', () => {
  function errorOf(work: () => unknown): { field: string | null; message: string } | null {
    try {
      work();
      return null;
    } catch (error) {
      if (error instanceof CheckoutError) return { field: error.field, message: error.message };
      throw error;
    }
  }

  it('reads a malformed code as the reason it cannot be a coupon, without throwing', () => {
    expect(readOptionalCouponCode(' bemvindo10 ')).toEqual({ code: 'BEMVINDO10', error: null });
    expect(readOptionalCouponCode('   ')).toEqual({ code: null, error: null });
    expect(readOptionalCouponCode(null)).toEqual({ code: null, error: null });
    for (const bad of ['BEM VINDO', 'NATAL!', 'promoção', '_X', 'X'.repeat(41), 42]) {
      expect(readOptionalCouponCode(bad)).toEqual({ code: null, error: COUPON_FORMAT_MESSAGE });
    }
  });

  it('keeps a malformed code a precise couponCode error when placing an order', () => {
    const input = fixtureOrderInput([{ variantId: A, quantity: 1 }], METHOD, {
      couponCode: 'NATAL!',
    });
    expect(errorOf(() => validatePlaceOrderInput(input))).toEqual({
      field: 'couponCode',
      message: COUPON_FORMAT_MESSAGE,
    });
    expect(errorOf(() => validateOptionalCouponCode('BEM VINDO', 'couponCode'))).toEqual({
      field: 'couponCode',
      message: COUPON_FORMAT_MESSAGE,
    });
    expect(validateOptionalCouponCode(' natal-10 ', 'couponCode')).toBe('NATAL-10');
  });
});
