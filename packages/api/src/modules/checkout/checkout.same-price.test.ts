// One rule in one place (issue 30): the order placed from a cart costs what the cart's preview
// said, both priced by @vitrine/rules priceCart (cartPreview over the rows read, placeOrder over
// the rows locked and taken) — with a coupon, the Pix discount and a paid delivery, and by card
// in instalments with interest.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { cartPreview } from './checkout.cart';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  insertPercentCoupon,
  shippingMethodIdByName,
  type FixtureCatalog,
} from './checkout.fixtures';
import { seedCommerceDemo } from './checkout.seed';
import { placeOrder, type CheckoutDeps } from './checkout.service';

let ctx: TestContext;
let deps: CheckoutDeps;
let catalog: FixtureCatalog;
let pacId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCommerceDemo(ctx.db);
  pacId = await shippingMethodIdByName(ctx.db, 'PAC');
  // 5% off by Pix; no free shipping; 3x interest-free, then up to 12x at 1,99% a month.
  await ctx.db.execute(sql`
    UPDATE store_settings SET pix_discount_percent = 5, free_shipping_threshold_cents = NULL,
      max_installments = 12, interest_free_installments = 3, installment_interest_percent = 1.99,
      min_installment_cents = 500`);
  await insertPercentCoupon(ctx.db, 'MESMOPRECO', 15);
  deps = { db: ctx.db, clock: ctx.clock, config: ctx.config, gatewayConfigured: true };
  catalog = await insertFixtureCatalog(ctx.db, [
    { sku: 'MP-M', priceCents: 12990, stock: 20, size: 'M' },
    { sku: 'MP-G', priceCents: 4995, stock: 20, size: 'G', compareAtPriceCents: 7000 },
  ]);
});

afterAll(async () => {
  await ctx.close();
});

const cart = () => [
  { variantId: catalog.variantIds[0]!, quantity: 2 },
  { variantId: catalog.variantIds[1]!, quantity: 3 },
];

async function previewOf(couponCode: string | null) {
  return cartPreview(deps, {
    items: cart(),
    postalCode: '01310-100',
    couponCode,
    shippingMethodId: pacId,
  });
}

describe('the order placed costs what its preview said', () => {
  it('with a coupon, the Pix discount and a paid delivery', async () => {
    const preview = await previewOf('MESMOPRECO');
    // The case is what it says: a coupon, a Pix discount and a paid delivery, all non-zero.
    expect(preview.couponError).toBeNull();
    expect(preview.discountCents).toBeGreaterThan(0);
    expect(preview.pixDiscountCents).toBeGreaterThan(0);
    expect(preview.shippingCents).toBeGreaterThan(0);
    expect(preview.selectedShippingMethodId).toBe(pacId);

    const { order, lines } = await placeOrder(
      deps,
      fixtureOrderInput(cart(), pacId, {
        couponCode: 'mesmopreco',
        customer: {
          name: 'Maria da Silva',
          email: 'mesmo.preco.pix@example.com',
          cpf: '52998224725',
          phone: '(11) 98765-4321',
        },
      }),
    );
    expect({
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      pixDiscountCents: order.pixDiscountCents,
      totalCents: order.totalCents,
      interestCents: order.interestCents,
      couponCode: order.couponCode,
    }).toEqual({
      subtotalCents: preview.subtotalCents,
      discountCents: preview.discountCents,
      shippingCents: preview.shippingCents,
      pixDiscountCents: preview.pixDiscountCents,
      totalCents: preview.pixTotalCents,
      interestCents: 0,
      couponCode: preview.coupon!.code,
    });
    // The lines as the preview priced them, the coupon spread over them to the centavo.
    expect(lines.map((line) => [line.variantId, line.unitPriceCents, line.lineTotalCents])).toEqual(
      preview.lines.map((line) => [line.variantId, line.unitPriceCents, line.lineTotalCents]),
    );
    expect(lines.reduce((sum, line) => sum + line.discountCents, 0)).toBe(preview.discountCents);
  });

  it('by card in instalments with interest, the plan the preview offered', async () => {
    const preview = await previewOf('MESMOPRECO');
    const plan = preview.installmentsWithInterest;
    expect(plan).not.toBeNull();
    expect(plan!.interestCents).toBeGreaterThan(0);

    const { order } = await placeOrder(
      deps,
      fixtureOrderInput(cart(), pacId, {
        couponCode: 'MESMOPRECO',
        paymentMethod: 'CARD',
        installments: plan!.count,
        customer: {
          name: 'Maria da Silva',
          email: 'mesmo.preco.cartao@example.com',
          cpf: '11144477735',
          phone: '(11) 98765-4321',
        },
      }),
    );
    expect({
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      pixDiscountCents: order.pixDiscountCents,
      installments: order.installments,
      interestCents: order.interestCents,
      totalCents: order.totalCents,
    }).toEqual({
      subtotalCents: preview.subtotalCents,
      discountCents: preview.discountCents,
      shippingCents: preview.shippingCents,
      pixDiscountCents: 0,
      installments: plan!.count,
      interestCents: plan!.interestCents,
      totalCents: plan!.totalCents,
    });
    // The plan is the preview's table's line for that count, on the card's total.
    expect(preview.installmentOptions.find((option) => option.count === plan!.count)).toEqual(plan);
    expect(plan!.totalCents - plan!.interestCents).toBe(preview.totalCents);
  });
});
