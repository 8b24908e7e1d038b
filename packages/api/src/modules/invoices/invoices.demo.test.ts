// The demo store issues NF-e as soon as a provider is configured: the demo seed fills the made-up
// company's fiscal data and every product's NCM by its category, and an order of the demo's goods
// from each category is authorised by the Focus NFe stand-in (its schema and SEFAZ-style rules)
// with no setting touched.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FISCAL_SETTINGS_FIELDS,
  fiscalSettingsConflict,
  fiscalSettingsSchema,
  normaliseNcm,
} from '@vitrine/rules';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { seedDemoData } from '../catalog/seed';
import {
  DEMO_CATEGORY_NCM,
  DEMO_FISCAL_SETTINGS,
  seedCommerceDemo,
} from '../checkout/checkout.seed';
import { insertFixtureOrder, type FixtureVariant } from '../orders/orders.fixtures';
import { markOrderPaid } from '../orders/orders.transitions';
import { FocusNfeClient } from './focusnfe-client';
import { invoicesPlugin } from './invoices.plugin';
import { startNfeStandin, STANDIN_NFE_TOKEN, type NfeStandin } from './standin';

const SECRET = 'segredo-do-webhook-nfe-demo-0123456789';
let standin: NfeStandin;
let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  standin = await startNfeStandin();
  ctx = await createTestContext();
  await seedDemoData(ctx.db, { info: () => undefined }, { images: false });
  await seedCommerceDemo(ctx.db);
  app = buildApp({
    config: ctx.config,
    db: ctx.db,
    clock: ctx.clock,
    logger: false,
    mailTransport: ctx.mail,
    mailRetryIntervalMs: 0,
  });
  app.register(invoicesPlugin, {
    provider: new FocusNfeClient({ baseUrl: standin.url, token: STANDIN_NFE_TOKEN }),
    environment: 'homologacao',
    webhookSecret: SECRET,
  });
  await app.ready();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  standin.setWebhook({ url: `${address}/webhooks/nfe`, authorization: SECRET });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await standin?.close();
  await ctx?.close();
});

describe('the demo store’s fiscal data', () => {
  it('are settings the dashboard would accept, for the store’s city and regime', async () => {
    const stored = await ctx.db.execute<Record<string, unknown>>(sql`
      SELECT state_registration AS "stateRegistration", tax_regime AS "taxRegime",
             ibge_city_code AS "ibgeCityCode", default_tax_situation AS "defaultTaxSituation",
             legal_address AS "legalAddress"
        FROM store_settings`);
    const row = stored.rows[0] as {
      stateRegistration: string;
      taxRegime: 'SIMPLES_NACIONAL';
      ibgeCityCode: string;
      defaultTaxSituation: string;
      legalAddress: string;
    };
    expect(row).toMatchObject(DEMO_FISCAL_SETTINGS);
    const parsed = fiscalSettingsSchema.safeParse(DEMO_FISCAL_SETTINGS);
    expect(parsed.success).toBe(true);
    expect(
      Object.keys(DEMO_FISCAL_SETTINGS).every((key) =>
        FISCAL_SETTINGS_FIELDS.includes(key as never),
      ),
    ).toBe(true);
    expect(fiscalSettingsConflict(row)).toBeNull();
  });

  it('give every demo product a valid NCM, and only where it had none', async () => {
    for (const ncm of Object.values(DEMO_CATEGORY_NCM)) expect(normaliseNcm(ncm)).toBe(ncm);
    const missing = await ctx.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM products WHERE ncm IS NULL`,
    );
    expect(missing.rows[0]!.count).toBe(0);
    const [one] = (
      await ctx.db.execute<{ id: string }>(sql`SELECT id FROM products ORDER BY slug LIMIT 1`)
    ).rows;
    await ctx.db.execute(sql`UPDATE products SET ncm = '95030099' WHERE id = ${one!.id}`);
    await seedCommerceDemo(ctx.db);
    const kept = await ctx.db.execute<{ ncm: string }>(
      sql`SELECT ncm FROM products WHERE id = ${one!.id}`,
    );
    expect(kept.rows[0]!.ncm).toBe('95030099');
  });

  it('let an order of goods from every category be authorised with no setting touched', async () => {
    // One variant of each category, as the demo sells them.
    const result = await ctx.db.execute<Record<string, unknown>>(sql`
      SELECT DISTINCT ON (c.slug) v.id, p.id AS "productId", p.brand_id AS "brandId", v.sku,
             v.price_cents AS "priceCents", p.name AS "productName", b.name AS "brandName",
             c.slug AS category
        FROM variants v JOIN products p ON p.id = v.product_id
        JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id
       ORDER BY c.slug, v.sku`);
    const picked = result.rows.map((row) => ({
      category: String(row.category),
      variant: { ...row, priceCents: Number(row.priceCents) } as unknown as FixtureVariant,
    }));
    const categories = new Set(picked.map((row) => row.category));
    expect([...categories].sort()).toEqual(Object.keys(DEMO_CATEGORY_NCM).sort());
    const order = await insertFixtureOrder(ctx.db, {
      lines: picked.map(({ variant }) => ({ variant, quantity: 1 })),
    });
    await markOrderPaid(
      ctx.db,
      { publicUrl: ctx.config.publicUrl },
      { kind: 'system', name: 'Teste' },
      order.id,
    );
    await app.invoices!.tick();
    await standin.idle();
    const invoice = await ctx.db.execute<{ status: string; rejection_message: string | null }>(
      sql`SELECT status, rejection_message FROM invoices WHERE order_id = ${order.id}`,
    );
    expect(invoice.rows[0]).toMatchObject({ status: 'AUTHORIZED', rejection_message: null });
    const sent = [...standin.invoices.values()][0]!;
    expect(sent.status).toBe('autorizado');
    expect(
      (sent.body.items as { codigo_ncm: string }[]).map((item) => item.codigo_ncm).sort(),
    ).toEqual(picked.map((row) => DEMO_CATEGORY_NCM[row.category]!).sort());
  });
});
