// Many orders at once for the export's stream test and the orders-grid bench: one INSERT ...
// SELECT over generate_series (orders, then one line each), no round trip per order.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db';

export interface BulkOrdersInput {
  count: number;
  /** The variant every order buys one of (its product, brand and price). */
  variant: {
    id: string;
    productId: string;
    brandId: string;
    productName: string;
    brandName: string;
    sku: string;
    priceCents: number;
  };
  /** Orders are created one minute apart, the last at this instant. */
  lastCreatedAt?: Date;
}

/**
 * Inserts `count` orders spread over statuses and methods (PIX, CARD, BOLETO), customers with
 * distinct names, e-mails and CPF-like digits, each with one line of `variant`.
 */
export async function insertBulkOrders(db: Executor, input: BulkOrdersInput): Promise<void> {
  const last = (input.lastCreatedAt ?? new Date()).toISOString();
  const { variant } = input;
  await db.execute(sql`
    INSERT INTO orders (status, payment_status, fulfilment_status, customer_name, customer_email,
      customer_cpf, customer_phone, postal_code, street, street_number, district, city, uf,
      shipping_method_name, shipping_method_kind, shipping_business_days, subtotal_cents,
      shipping_cents, total_cents, payment_method, idempotency_key, request_hash, created_at,
      updated_at, paid_at, payment_expires_at)
    SELECT s.status, s.payment_status, s.fulfilment_status, 'Cliente ' || g, 'cliente' || g || '@example.com',
      lpad((g * 7919 % 100000000000)::text, 11, '0'), '11987654321', '01310100', 'Avenida Paulista',
      (g % 2000)::text, 'Bela Vista', 'São Paulo', 'SP', 'PAC', 'delivery', 5,
      ${variant.priceCents}, 1500, ${variant.priceCents} + 1500,
      (ARRAY['PIX', 'CARD', 'BOLETO'])[1 + g % 3], 'bulk-' || gen_random_uuid(), 'bulk',
      ${last}::timestamptz - (${input.count} - g) * interval '1 minute',
      ${last}::timestamptz - (${input.count} - g) * interval '1 minute',
      CASE WHEN s.status IN ('PAID', 'SHIPPED', 'DELIVERED')
        THEN ${last}::timestamptz - (${input.count} - g) * interval '1 minute' END,
      CASE WHEN s.status = 'PENDING_PAYMENT'
        THEN ${last}::timestamptz + (g % 600) * interval '1 minute' END
    FROM generate_series(1, ${input.count}) AS g
    CROSS JOIN LATERAL (
      SELECT (ARRAY['PENDING_PAYMENT', 'PAID', 'SHIPPED', 'DELIVERED', 'CANCELED'])[1 + g % 5] AS status,
        (ARRAY['PENDING', 'PAID', 'PAID', 'PAID', 'CANCELED'])[1 + g % 5] AS payment_status,
        (ARRAY['UNFULFILLED', 'UNFULFILLED', 'SHIPPED', 'DELIVERED', 'CANCELED'])[1 + g % 5] AS fulfilment_status
    ) s`);
  await db.execute(sql`
    INSERT INTO order_lines (order_id, position, variant_id, product_id, brand_id, product_name,
      brand_name, variant_label, sku, unit_price_cents, quantity, line_total_cents)
    SELECT o.id, 0, ${variant.id}, ${variant.productId}, ${variant.brandId}, ${variant.productName},
      ${variant.brandName}, 'Tamanho M', ${variant.sku}, ${variant.priceCents}, 1, ${variant.priceCents}
    FROM orders o
    WHERE o.request_hash = 'bulk' AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`);
}

/** Fresh planner statistics after a bulk insert (the bench measures plans as production has them). */
export async function analyzeOrderTables(db: Executor): Promise<void> {
  await db.execute(sql`ANALYZE orders`);
  await db.execute(sql`ANALYZE order_lines`);
}
