import { describe, expect, it } from 'vitest';

import { makeCustomerOrder } from '../../../mocks/catalog/storefront.fixtures';
import { recordCommerceEvents } from '../../../test/commerceEvents';
import { variantLabel } from './analytics';
import { isPurchase, trackPurchase } from './purchase';

const pix = makeCustomerOrder();
const card = makeCustomerOrder({ number: 'VT-10002', paymentMethod: 'CARD', pix: null });
const rejected = { kind: 'result' as const, result: { status: 'rejected' } };

describe('commerce events', () => {
  it('labels a variant as the server does in the cart and the order', () => {
    expect(variantLabel({ size: 'M', color: 'Azul' })).toBe('Tamanho M · Cor Azul');
    expect(variantLabel({ size: '37', color: null })).toBe('Tamanho 37');
  });

  it('takes a placed Pix or boleto order as a purchase, a refused or canceled card not', () => {
    expect(isPurchase(pix)).toBe(true);
    expect(isPurchase({ ...pix, paymentMethod: 'BOLETO' })).toBe(true);
    expect(isPurchase({ ...card, status: 'PAID', paymentStatus: 'PAID' })).toBe(true);
    expect(isPurchase({ ...card, paymentStatus: 'FAILED' })).toBe(false);
    expect(isPurchase(card, rejected)).toBe(false);
    expect(isPurchase(card, { kind: 'result', result: { status: 'cancelled' } })).toBe(false);
    expect(isPurchase({ ...pix, status: 'CANCELED' })).toBe(false);
    // In review: placed, not refused.
    expect(isPurchase(card, { kind: 'result', result: { status: 'pending' } })).toBe(true);
  });

  it('announces purchase once per order, with SKUs as item_id', () => {
    const events = recordCommerceEvents();
    expect(trackPurchase({ ...card, paymentStatus: 'FAILED' }, rejected)).toBe(false);
    expect(trackPurchase({ ...card, status: 'PAID', paymentStatus: 'PAID' })).toBe(true);
    expect(trackPurchase({ ...card, status: 'PAID', paymentStatus: 'PAID' })).toBe(false);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: 'purchase',
      params: {
        transaction_id: 'VT-10002',
        items: [{ item_id: 'AUR-1-BRA-M', item_variant: 'Tamanho M · Cor Branco', quantity: 2 }],
      },
    });
  });
});
