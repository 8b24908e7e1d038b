// A tiny catalog and valid order requests, for the checkout's tests, the crash test and the bench.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { cpfWithCheckDigits } from '@vitrine/rules';
import type { PlaceOrderInput } from './checkout.validation';

export interface FixtureVariant {
  sku: string;
  priceCents: number;
  stock: number;
  compareAtPriceCents?: number | null;
  size?: string | null;
  color?: string | null;
  weightGrams?: number | null;
}

export interface FixtureCatalog {
  brandId: string;
  categoryId: string;
  productId: string;
  variantIds: string[];
}

/** One brand, one category, one published product with the given variants. */
export async function insertFixtureCatalog(
  db: Database,
  variants: readonly FixtureVariant[],
  options: { productName?: string; brandName?: string; published?: boolean } = {},
): Promise<FixtureCatalog> {
  const suffix = randomUUID().slice(0, 8);
  const brand = await db.execute<{ id: string }>(sql`
    INSERT INTO brands (slug, name, color) VALUES (${`marca-${suffix}`}, ${options.brandName ?? 'Aurora'}, '#336699')
    RETURNING id`);
  const brandId = brand.rows[0]!.id;
  const category = await db.execute<{ id: string }>(sql`
    INSERT INTO categories (slug, name) VALUES (${`camisetas-${suffix}`}, 'Camisetas') RETURNING id`);
  const categoryId = category.rows[0]!.id;
  const product = await db.execute<{ id: string }>(sql`
    INSERT INTO products (slug, name, description, brand_id, category_id, published)
    VALUES (${`camiseta-${suffix}`}, ${options.productName ?? 'Camiseta Básica'}, 'Algodão.', ${brandId}, ${categoryId}, ${options.published ?? true})
    RETURNING id`);
  const productId = product.rows[0]!.id;
  const variantIds: string[] = [];
  for (const [position, variant] of variants.entries()) {
    const row = await db.execute<{ id: string }>(sql`
      INSERT INTO variants (product_id, sku, size, color, price_cents, compare_at_price_cents, stock, weight_grams, position)
      VALUES (${productId}, ${variant.sku}, ${variant.size ?? null}, ${variant.color ?? null}, ${variant.priceCents},
              ${variant.compareAtPriceCents ?? null}, ${variant.stock}, ${variant.weightGrams ?? 300}, ${position})
      RETURNING id`);
    variantIds.push(row.rows[0]!.id);
  }
  return { brandId, categoryId, productId, variantIds };
}

/** A valid CPF built from nine digits (check digits computed). */
export const FIXTURE_CPF = cpfWithCheckDigits('529982247');

export function fixtureOrderInput(
  items: ReadonlyArray<{ variantId: string; quantity: number }>,
  shippingMethodId: string,
  overrides: Partial<PlaceOrderInput> = {},
): PlaceOrderInput {
  return {
    items: items.map((item) => ({ ...item })),
    customer: {
      name: 'Maria da Silva',
      email: 'maria@example.com',
      cpf: FIXTURE_CPF,
      phone: '(11) 98765-4321',
    },
    address: {
      postalCode: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Apto 12',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
    },
    shippingMethodId,
    paymentMethod: 'PIX',
    couponCode: null,
    idempotencyKey: `test-${randomUUID()}`,
    ...overrides,
  };
}

export async function shippingMethodIdByName(db: Database, name: string): Promise<string> {
  const rows = await db.execute<{ id: string }>(
    sql`SELECT id FROM shipping_methods WHERE name = ${name}`,
  );
  const id = rows.rows[0]?.id;
  if (!id) throw new Error(`no shipping method named ${name}: call seedCommerceDemo first`);
  return id;
}

export const PLACE_ORDER_MUTATION = /* GraphQL */ `
  mutation Place($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      number
      status
      paymentStatus
      subtotalCents
      discountCents
      pixDiscountCents
      shippingCents
      totalCents
      couponCode
      lines {
        productName
        variantLabel
        sku
        unitPriceCents
        quantity
        lineTotalCents
      }
      pix {
        code
        qrCodeUrl
        amountCents
        txid
        expiresAt
      }
      timeline {
        type
        status
        label
      }
    }
  }
`;

/** Orders in the database (the bench counts what was really placed). */
export async function countOrders(db: Database): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
  return Number(result.rows[0]!.n);
}

export async function insertPercentCoupon(
  db: Database,
  code: string,
  percent: number,
  usageLimit: number | null = null,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO coupons (code, kind, percent, usage_limit) VALUES (${code}, 'percent', ${percent}, ${usageLimit})`,
  );
}

/** An order's id and status by its number (null when there is none), for benchmarks. */
export async function orderByNumber(
  db: Database,
  number: string,
): Promise<{ id: string; status: string } | null> {
  const result = await db.execute<{ id: string; status: string }>(
    sql`SELECT id, status FROM orders WHERE number = ${number}`,
  );
  return result.rows[0] ?? null;
}

/** An order's status by its id. */
export async function orderStatusById(db: Database, id: string): Promise<string | null> {
  const result = await db.execute<{ status: string }>(
    sql`SELECT status FROM orders WHERE id = ${id}`,
  );
  return result.rows[0]?.status ?? null;
}

/** How many payments a provider recorded. */
export async function countPayments(db: Database, provider: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM payments WHERE provider = ${provider}`,
  );
  return Number(result.rows[0]!.n);
}
