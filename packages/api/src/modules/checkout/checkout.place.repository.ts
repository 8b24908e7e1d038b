// placeOrder's statements, hand-written and named (db/statements.ts), apart from the checkout's
// other reads (checkout.repository.ts, which re-exports these).
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { emailIdentityKey, emailIdentityKeySql } from '../../lib/email-identity';
import type { VariantHolds } from './checkout.limits';
import type { CartVariantRow, CheckoutSettings } from './checkout.repository';
import type { Executor } from '../../db';
import {
  columnList,
  namedStatement,
  recordsetJson,
  rowFromJson,
  rowToJson,
  runStatement,
} from '../../db/statements';
import { stockMovements } from '../catalog/catalog.tables';
import { couponRedemptions, coupons, type CouponRow } from '../coupons/coupons.tables';
import { mailOutbox } from '../mail/mail.tables';
import {
  orderEvents,
  orderLines,
  orders,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
} from '../orders/orders.tables';
import { paymentSettings, storeSettings } from '../settings/settings.tables';
import { shippingMethods } from '../shipping/shipping.tables';

// ---------------------------------------------------------------------------------------------
// placeOrder's own statements (issue 17, item 5). A transaction is one connection and each
// statement one round trip, so an order is written in three: the locks with the settings, the
// stock with the cart's variants, then every row of the order at once (with the coupon's use); a
// fourth, only with a coupon or the limits on what one guest holds unpaid (orders, and units of
// each variant), reads those between the second and the last. Hand-written SQL, named (db/statements.ts): PostgreSQL plans each once per connection and
// the query builder is not involved. checkout.test.ts and checkout.concurrency.test.ts hold the
// behaviour, checkout.roundtrips.test.ts counts the statements.
// ---------------------------------------------------------------------------------------------

const OPEN_CHECKOUT = namedStatement(
  'checkout_open',
  `SELECT (SELECT count(pg_advisory_xact_lock(hashtext(l.key)))
       FROM json_to_recordset($1::json) AS l(key text, "perShopper" boolean)
       WHERE NOT l."perShopper" OR EXISTS (SELECT 1 FROM coupons c
         WHERE upper(c.code) = $2::text AND c.per_email_limit IS NOT NULL)) AS "locked",
    (SELECT row_to_json(s) FROM store_settings s WHERE s.id) AS "store",
    (SELECT row_to_json(p) FROM payment_settings p WHERE p.id) AS "payment",
    (SELECT coalesce(json_agg(m ORDER BY m.position, m.name), '[]'::json)
       FROM shipping_methods m WHERE m.active) AS "methods"`,
);

/** An advisory lock of the order; `perShopper`: the coupon's, taken only if it has a per-shopper limit. */
export interface CheckoutLock {
  key: string;
  perShopper: boolean;
}

/**
 * Takes the order's advisory locks, in the order given (the scan keeps the array's order; leaving
 * some out keeps it too), and reads what an order is priced and paid with: one statement. The
 * idempotency key's lock comes first (requests with the same key queue there, so the second one
 * finds the first one's order in the next statement), then the guest's (checkoutLockKeys); the
 * coupon's per-shopper locks only when the coupon `couponCode` names has such a limit, so orders
 * with a coupon everyone may use again and again do not queue behind each other.
 */
export async function lockAndLoadSettings(
  tx: Executor,
  locks: readonly CheckoutLock[],
  couponCode: string | null,
): Promise<CheckoutSettings> {
  const [row] = await runStatement<{
    store: Record<string, unknown> | null;
    payment: Record<string, unknown> | null;
    methods: Record<string, unknown>[];
  }>(tx, OPEN_CHECKOUT, [JSON.stringify(locks), couponCode?.toUpperCase() ?? null]);
  // The migrations insert both rows; their absence means the database was tampered with.
  if (!row?.store || !row.payment) {
    throw new Error('store_settings or payment_settings row is missing');
  }
  return {
    store: rowFromJson(storeSettings, row.store),
    payment: rowFromJson(paymentSettings, row.payment),
    methods: row.methods.map((method) => rowFromJson(shippingMethods, method)),
  };
}

const TAKE_CART_STOCK = namedStatement(
  'checkout_take_stock',
  `WITH wanted AS (
     SELECT w.id, w.quantity FROM json_to_recordset($1::json) AS w(id uuid, quantity int)
   ),
   twin AS (
     SELECT EXISTS (SELECT 1 FROM orders WHERE idempotency_key = $2::text) AS found
   ),
   locked AS (
     SELECT v.id, v.stock, (p.published AND b.active) AS published
     FROM variants v
     JOIN products p ON p.id = v.product_id
     JOIN brands b ON b.id = p.brand_id
     WHERE v.id IN (SELECT id FROM wanted) AND NOT (SELECT found FROM twin)
     ORDER BY v.id
     FOR UPDATE OF v
   ),
   taken AS (
     UPDATE variants v SET stock = v.stock - w.quantity
     FROM wanted w, locked l
     WHERE v.id = w.id AND l.id = w.id AND l.published AND l.stock >= w.quantity
     RETURNING v.id, v.price_cents, v.compare_at_price_cents
   ),
   sequence AS (
     SELECT nextval('order_number_seq') AS value
     WHERE (SELECT count(*) FROM taken) = (SELECT count(*) FROM wanted)
   )
   SELECT t.found AS "replay", (SELECT value FROM sequence) AS "sequence", x.*
   FROM twin t LEFT JOIN (
     SELECT v.id AS "variantId", p.id AS "productId", p.slug AS "productSlug",
       p.name AS "productName", l.published AS "published", b.id AS "brandId",
       b.name AS "brandName", p.category_id AS "categoryId", v.sku AS "sku", v.size AS "size",
       v.color AS "color", v.price_cents AS "priceCents",
       v.compare_at_price_cents AS "compareAtPriceCents", l.stock AS "stock",
       v.weight_grams AS "weightGrams", v.length_cm AS "lengthCm", v.width_cm AS "widthCm",
       v.height_cm AS "heightCm",
       (SELECT i.sources FROM images i WHERE i.product_id = p.id
         ORDER BY i.position, i.created_at LIMIT 1) AS "firstImage",
       (tk.id IS NOT NULL) AS "taken", tk.price_cents AS "takenPriceCents",
       tk.compare_at_price_cents AS "takenCompareAtPriceCents"
     FROM locked l
     JOIN variants v ON v.id = l.id
     JOIN products p ON p.id = v.product_id
     JOIN brands b ON b.id = p.brand_id
     LEFT JOIN taken tk ON tk.id = l.id
   ) x ON true`,
);

export interface CartStockLine {
  /** The variant as loadCartVariants reads it; `stock` is the count before this order. */
  variant: CartVariantRow;
  /** The units were taken, priced from the locked row; null when fewer than asked were left. */
  taken: { priceCents: number; compareAtPriceCents: number | null } | null;
}

export interface CartStock {
  /** An order with this idempotency key exists: nothing was taken. */
  replay: boolean;
  /** Lines by variant id: published or not; a variant that does not exist is absent. */
  lines: Map<string, CartStockLine>;
  /** The order number's sequence value, drawn only when every line's units were taken. */
  sequence: number | null;
}

/**
 * One statement: looks for an order with the key (then touches nothing), locks the cart's
 * variants in id order (the fixed order that rules out deadlocks between carts with the same
 * items), takes each line's units where the product is on sale and that many are left, draws
 * the order number when every line was taken, and returns each variant with its product, brand
 * and first photo. A line not taken leaves the others taken: the caller refuses the order and
 * the transaction's rollback gives them back.
 */
export async function takeCartStock(
  tx: Executor,
  items: ReadonlyArray<{ variantId: string; quantity: number }>,
  idempotencyKey: string,
): Promise<CartStock> {
  const rows = await runStatement<
    Partial<Omit<CartVariantRow, 'variantId'>> & {
      replay: boolean;
      sequence: string | number | null;
      variantId: string | null;
      taken: boolean | null;
      takenPriceCents: number | null;
      takenCompareAtPriceCents: number | null;
    }
  >(tx, TAKE_CART_STOCK, [
    JSON.stringify(items.map((item) => ({ id: item.variantId, quantity: item.quantity }))),
    idempotencyKey,
  ]);
  const first = rows[0];
  const lines = new Map<string, CartStockLine>();
  for (const row of rows) {
    if (row.variantId === null) continue;
    const {
      replay: _replay,
      sequence: _sequence,
      taken,
      takenPriceCents,
      takenCompareAtPriceCents,
      ...variant
    } = row;
    lines.set(row.variantId, {
      variant: variant as CartVariantRow,
      taken: taken
        ? { priceCents: takenPriceCents!, compareAtPriceCents: takenCompareAtPriceCents }
        : null,
    });
  }
  const sequence = first?.sequence;
  return {
    replay: first?.replay ?? false,
    lines,
    sequence: sequence === null || sequence === undefined ? null : Number(sequence),
  };
}

const ORDER_KEYS = [
  'number',
  'customerName',
  'customerEmail',
  'customerCpf',
  'customerPhone',
  'postalCode',
  'street',
  'streetNumber',
  'complement',
  'district',
  'city',
  'uf',
  'shippingMethodId',
  'shippingMethodName',
  'shippingMethodKind',
  'shippingBusinessDays',
  'pickupPoint',
  'billableWeightGrams',
  'subtotalCents',
  'discountCents',
  'pixDiscountCents',
  'shippingCents',
  'totalCents',
  'paymentMethod',
  'installments',
  'interestCents',
  'couponId',
  'couponCode',
  'idempotencyKey',
  'requestHash',
  'pixCode',
  'pixExpiresAt',
  'paymentExpiresAt',
  'fulfilmentStatus',
  'clientAddress',
] as const satisfies ReadonlyArray<keyof typeof orders.$inferInsert>;

const LINE_KEYS = [
  'position',
  'variantId',
  'productId',
  'brandId',
  'categoryId',
  'productName',
  'brandName',
  'variantLabel',
  'sku',
  'imageUrl',
  'unitPriceCents',
  'compareAtPriceCents',
  'quantity',
  'lineTotalCents',
  'discountCents',
] as const satisfies ReadonlyArray<keyof typeof orderLines.$inferInsert>;

const MOVEMENT_KEYS = ['variantId', 'delta', 'reason', 'kind'] as const;
const EVENT_KEYS = ['type', 'toStatus', 'actor', 'note', 'data'] as const;
const REDEMPTION_KEYS = ['couponId', 'email', 'discountCents'] as const;
const MAIL_KEYS = ['toAddress', 'subject', 'textBody', 'htmlBody'] as const;

const WRITE_ORDER = namedStatement(
  'checkout_write_order',
  `WITH claimed AS (
     UPDATE coupons c SET used_count = c.used_count + 1, updated_at = now()
     WHERE c.id = $7::uuid AND (c.usage_limit IS NULL OR c.used_count < c.usage_limit)
     RETURNING c.id
   ),
   o AS (
     INSERT INTO orders (${columnList(orders, ORDER_KEYS)})
     SELECT ${columnList(orders, ORDER_KEYS, 'r')}
     FROM json_populate_record(NULL::orders, $1::json) r
     WHERE $7::uuid IS NULL OR EXISTS (SELECT 1 FROM claimed)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING *
   ),
   l AS (
     INSERT INTO order_lines (order_id, ${columnList(orderLines, LINE_KEYS)})
     SELECT o.id, ${columnList(orderLines, LINE_KEYS, 'r')}
     FROM o, json_populate_recordset(NULL::order_lines, $2::json) r
     RETURNING *
   ),
   movements AS (
     INSERT INTO stock_movements (${columnList(stockMovements, MOVEMENT_KEYS)})
     SELECT ${columnList(stockMovements, MOVEMENT_KEYS, 'r')}
     FROM o, json_populate_recordset(NULL::stock_movements, $3::json) r
   ),
   e AS (
     INSERT INTO order_events (order_id, ${columnList(orderEvents, EVENT_KEYS)})
     SELECT o.id, ${columnList(orderEvents, EVENT_KEYS, 'r')}
     FROM o, json_populate_record(NULL::order_events, $4::json) r
     RETURNING *
   ),
   redemption AS (
     INSERT INTO coupon_redemptions (order_id, ${columnList(couponRedemptions, REDEMPTION_KEYS)})
     SELECT o.id, ${columnList(couponRedemptions, REDEMPTION_KEYS, 'r')}
     FROM o, json_populate_recordset(NULL::coupon_redemptions, $5::json) r
   ),
   mail AS (
     INSERT INTO mail_outbox (${columnList(mailOutbox, MAIL_KEYS)})
     SELECT ${columnList(mailOutbox, MAIL_KEYS, 'r')}
     FROM o, json_populate_recordset(NULL::mail_outbox, $6::json) r
   )
   SELECT EXISTS (SELECT 1 FROM claimed) AS "claimed",
     (SELECT row_to_json(o) FROM o) AS "order",
     (SELECT json_agg(l ORDER BY l.position) FROM l) AS "lines",
     (SELECT row_to_json(e) FROM e) AS "event"`,
);

export interface OrderToWrite {
  order: typeof orders.$inferInsert;
  /** Without orderId: the statement gives them the new order's. */
  lines: ReadonlyArray<Omit<typeof orderLines.$inferInsert, 'orderId'>>;
  movements: ReadonlyArray<{ variantId: string; delta: number; reason: string }>;
  event: Omit<typeof orderEvents.$inferInsert, 'orderId'>;
  redemption: Omit<typeof couponRedemptions.$inferInsert, 'orderId'> | null;
  mail: { to: string; subject: string; text: string; html: string } | null;
}

export type WrittenOrder =
  | { written: true; order: OrderRow; lines: OrderLineRow[]; event: OrderEventRow }
  /** Nothing written: the coupon had no use left, or an order with the key exists already. */
  | { written: false; reason: 'COUPON_USED_UP' | 'KEY_TAKEN' };

/**
 * One statement: the coupon's use claimed if one is left (a single conditional UPDATE, so two
 * orders racing for the last use cannot both get it; the row stays locked until commit), the
 * order (unless the coupon had no use left or the idempotency key exists already: then nothing
 * is written), its lines, the stock ledger's sales, the first timeline event, the coupon's
 * redemption and the mail to the outbox. Returns the rows as stored.
 */
export async function writePlacedOrder(tx: Executor, toWrite: OrderToWrite): Promise<WrittenOrder> {
  const [row] = await runStatement<{
    claimed: boolean;
    order: Record<string, unknown> | null;
    lines: Record<string, unknown>[] | null;
    event: Record<string, unknown> | null;
  }>(tx, WRITE_ORDER, [
    JSON.stringify(rowToJson(orders, ORDER_KEYS, toWrite.order)),
    recordsetJson(orderLines, LINE_KEYS, toWrite.lines as (typeof orderLines.$inferInsert)[]),
    // A checkout's movements are sales (the ledger's kind ORDER).
    recordsetJson(
      stockMovements,
      MOVEMENT_KEYS,
      toWrite.movements.map((movement) => ({ ...movement, kind: 'ORDER' })),
    ),
    JSON.stringify(
      rowToJson(orderEvents, EVENT_KEYS, toWrite.event as typeof orderEvents.$inferInsert),
    ),
    recordsetJson(
      couponRedemptions,
      REDEMPTION_KEYS,
      toWrite.redemption ? [toWrite.redemption as typeof couponRedemptions.$inferInsert] : [],
    ),
    recordsetJson(
      mailOutbox,
      MAIL_KEYS,
      toWrite.mail
        ? [
            {
              toAddress: toWrite.mail.to,
              subject: toWrite.mail.subject,
              textBody: toWrite.mail.text,
              htmlBody: toWrite.mail.html,
            },
          ]
        : [],
    ),
    toWrite.order.couponId ?? null,
  ]);
  if (!row) throw new Error('checkout_write_order returned no row');
  if (!row.order || !row.lines || !row.event) {
    const usedUp = toWrite.order.couponId && !row.claimed;
    return { written: false, reason: usedUp ? 'COUPON_USED_UP' : 'KEY_TAKEN' };
  }
  return {
    written: true,
    order: rowFromJson(orders, row.order),
    lines: row.lines.map((line) => rowFromJson(orderLines, line)),
    event: rowFromJson(orderEvents, row.event),
  };
}

/** emailIdentityKeySql of a column, as SQL text for a hand-written statement (it has no params). */
function emailIdentityKeyText(column: string): string {
  const query = new PgDialect().sqlToQuery(emailIdentityKeySql(sql.raw(column)));
  if (query.params.length > 0) throw new Error('emailIdentityKeySql grew parameters');
  return query.sql;
}

/** The identity keys the checks compare: an order's e-mail and CPF, a redemption's e-mail. */
const ORDER_EMAIL_KEY = emailIdentityKeyText('o.customer_email');
const ORDER_CPF_DIGITS = "regexp_replace(o.customer_cpf, '[^0-9]', '', 'g')";
const REDEMPTION_EMAIL_KEY = emailIdentityKeyText('r.email');
const UNPAID_DEADLINE = 'min(coalesce(o.payment_expires_at, o.pix_expires_at))';

/** Exported for test/unpaid-indexes.test.ts (its plan). */
export const CHECKOUT_CHECKS = namedStatement(
  'checkout_checks',
  `WITH unpaid AS (
     SELECT count(*) FILTER (WHERE o.client_address = $1::text)::int AS "client",
       count(*) FILTER (WHERE ${ORDER_EMAIL_KEY} = $2::text)::int AS "email",
       count(*) FILTER (WHERE ${ORDER_CPF_DIGITS} = $3::text)::int AS "cpf",
       ${UNPAID_DEADLINE} FILTER (WHERE o.client_address = $1::text) AS "clientFreeAt",
       ${UNPAID_DEADLINE} FILTER (WHERE ${ORDER_EMAIL_KEY} = $2::text) AS "emailFreeAt",
       ${UNPAID_DEADLINE} FILTER (WHERE ${ORDER_CPF_DIGITS} = $3::text) AS "cpfFreeAt"
     FROM orders o
     WHERE $4::boolean AND o.status = 'PENDING_PAYMENT'
       AND (o.client_address = $1::text
         OR ${ORDER_EMAIL_KEY} = $2::text
         OR ${ORDER_CPF_DIGITS} = $3::text)
   ),
   held AS (
     SELECT l.variant_id AS "variantId", sum(l.quantity)::int AS "all",
       coalesce(sum(l.quantity) FILTER (WHERE o.client_address = $1::text), 0)::int AS "client",
       coalesce(sum(l.quantity) FILTER (WHERE ${ORDER_EMAIL_KEY} = $2::text), 0)::int AS "email",
       coalesce(sum(l.quantity) FILTER (WHERE ${ORDER_CPF_DIGITS} = $3::text), 0)::int AS "cpf",
       ${UNPAID_DEADLINE} FILTER (WHERE o.client_address = $1::text) AS "clientFreeAt",
       ${UNPAID_DEADLINE} FILTER (WHERE ${ORDER_EMAIL_KEY} = $2::text) AS "emailFreeAt",
       ${UNPAID_DEADLINE} FILTER (WHERE ${ORDER_CPF_DIGITS} = $3::text) AS "cpfFreeAt"
     FROM order_lines l
     JOIN orders o ON o.id = l.order_id
     WHERE l.variant_id = ANY ($6::uuid[]) AND o.status = 'PENDING_PAYMENT'
     GROUP BY l.variant_id
   ),
   coupon AS (
     SELECT c.* FROM coupons c WHERE upper(c.code) = $5::text LIMIT 1
   )
   SELECT row_to_json(unpaid) AS "unpaid",
     (SELECT json_agg(held) FROM held) AS "held",
     (SELECT row_to_json(coupon) FROM coupon) AS "coupon",
     (SELECT count(*)::int FROM coupon
        JOIN coupon_redemptions r ON r.coupon_id = coupon.id
        LEFT JOIN orders o ON o.id = r.order_id
        WHERE ${REDEMPTION_EMAIL_KEY} = $2::text OR ${ORDER_CPF_DIGITS} = $3::text) AS "couponUses",
     (SELECT json_agg(json_build_object('id', b.id, 'name', b.name)) FROM coupon
        JOIN brands b ON b.id = ANY (coupon.brand_ids)) AS "brandNames",
     (SELECT json_agg(json_build_object('id', k.id, 'name', k.name)) FROM coupon
        JOIN categories k ON k.id = ANY (coupon.category_ids)) AS "categoryNames",
     (SELECT json_agg(json_build_object('id', k.id, 'parentId', k.parent_id)) FROM categories k
        WHERE EXISTS (SELECT 1 FROM coupon WHERE cardinality(coupon.category_ids) > 0))
        AS "categoryParents"
   FROM unpaid`,
);

/**
 * A guest's unpaid orders (PENDING_PAYMENT) by client address, e-mail and CPF. The units unpaid
 * orders hold of the cart's variants (loadCheckoutChecks' `held`: all of them, and this guest's
 * by identity) are summed in the same statement, after takeCartStock locked the variants' rows:
 * an order of the same variant waits there until this one ends, then sums with it counted.
 */
export interface UnpaidOrderCounts {
  client: number;
  email: number;
  cpf: number;
  /** The earliest payment deadline among each kind's unpaid orders (when one frees up). */
  clientFreeAt: Date | null;
  emailFreeAt: Date | null;
  cpfFreeAt: Date | null;
}

export interface CheckoutCoupon {
  row: CouponRow;
  /** Its uses by this shopper: redemptions with the same e-mail identity or the same CPF. */
  usesByCustomer: number;
  names: { brands: Map<string, string>; categories: Map<string, string> };
  /** Every category's parent, when the coupon is limited to categories (else null). */
  parents: Map<string, string | null> | null;
}

/**
 * One statement, after the guest's locks (lockAndLoadSettings) so it counts every order of the
 * same guest committed before: the guest's unpaid orders (when `unpaid` is asked for) and the
 * coupon by code with this shopper's uses of it, the names of the brands and categories it is
 * limited to and the category tree those need. The coupon's use is claimed later, with the order
 * (writePlacedOrder): its row is locked only from there to commit.
 */
export async function loadCheckoutChecks(
  tx: Executor,
  args: {
    clientAddress: string | null;
    customer: { email: string; cpf: string };
    unpaid: boolean;
    couponCode: string | null;
    /** The variants whose units held by unpaid orders are summed; null: none. */
    heldOf: readonly string[] | null;
  },
): Promise<{
  unpaid: UnpaidOrderCounts | null;
  coupon: CheckoutCoupon | null;
  /** By variant id, the cart's variants that unpaid orders hold (heldOf); absent: none held. */
  held: Map<string, VariantHolds>;
}> {
  const [row] = await runStatement<{
    unpaid: Record<string, unknown>;
    held: Array<Record<string, unknown>> | null;
    coupon: Record<string, unknown> | null;
    couponUses: number | null;
    brandNames: Array<{ id: string; name: string }> | null;
    categoryNames: Array<{ id: string; name: string }> | null;
    categoryParents: Array<{ id: string; parentId: string | null }> | null;
  }>(tx, CHECKOUT_CHECKS, [
    args.clientAddress ?? '',
    emailIdentityKey(args.customer.email),
    args.customer.cpf.replace(/\D/g, ''),
    args.unpaid,
    args.couponCode === null ? null : args.couponCode.toUpperCase(),
    args.heldOf === null ? null : `{${args.heldOf.join(',')}}`,
  ]);
  if (!row) throw new Error('checkout_checks returned no row');
  const at = (value: unknown) => (value === null ? null : new Date(value as string));
  const unpaid = args.unpaid
    ? {
        client: Number(row.unpaid.client),
        email: Number(row.unpaid.email),
        cpf: Number(row.unpaid.cpf),
        clientFreeAt: at(row.unpaid.clientFreeAt),
        emailFreeAt: at(row.unpaid.emailFreeAt),
        cpfFreeAt: at(row.unpaid.cpfFreeAt),
      }
    : null;
  const coupon = row.coupon
    ? {
        row: rowFromJson(coupons, row.coupon),
        usesByCustomer: Number(row.couponUses ?? 0),
        names: {
          brands: new Map((row.brandNames ?? []).map((brand) => [brand.id, brand.name])),
          categories: new Map((row.categoryNames ?? []).map((item) => [item.id, item.name])),
        },
        parents: row.categoryParents
          ? new Map(row.categoryParents.map((item) => [item.id, item.parentId]))
          : null,
      }
    : null;
  const held = new Map<string, VariantHolds>();
  for (const item of row.held ?? []) {
    held.set(item.variantId as string, {
      all: Number(item.all),
      client: Number(item.client),
      email: Number(item.email),
      cpf: Number(item.cpf),
      clientFreeAt: at(item.clientFreeAt),
      emailFreeAt: at(item.emailFreeAt),
      cpfFreeAt: at(item.cpfFreeAt),
    });
  }
  return { unpaid, coupon, held };
}
