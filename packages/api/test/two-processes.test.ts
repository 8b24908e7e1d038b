// "Two processes, fifty concurrent buyers, one unit: exactly one order" (DESIGN.md), proved with
// two real server processes (tsx src/server.ts) on one fresh PostgreSQL database, the fifty
// placeOrder calls sent over HTTP at once and split between them. Runs when TEST_DATABASE_URL is
// set: separate processes need a shared database server.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../src/db';
import { migrate } from '../src/db/migrate';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  shippingMethodIdByName,
} from '../src/modules/checkout/checkout.fixtures';
import { seedCommerceDemo } from '../src/modules/checkout/checkout.seed';
import { createScratchDatabase } from './helpers';
import { startServerProcess, type ServerProcess } from './server-process';

const baseUrl = process.env.TEST_DATABASE_URL?.trim();
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { number } }`;

describe.runIf(Boolean(baseUrl))('two server processes on one database', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let opened: OpenedDatabase;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!);
    opened = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
    await migrate(opened.db);
    await seedCommerceDemo(opened.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-two-'));
    const started = await Promise.all([
      startServerProcess({ databaseUrl: scratch.url, dataDir: path.join(dataDir, 'a') }),
      startServerProcess({ databaseUrl: scratch.url, dataDir: path.join(dataDir, 'b') }),
    ]);
    servers.push(...started);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await opened?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sells the last unit exactly once to 50 concurrent buyers split between them', async () => {
    expect(new Set(servers.map((s) => s.child.pid)).size).toBe(2);
    const pickupId = await shippingMethodIdByName(opened.db, 'Retirada na loja');
    const catalog = await insertFixtureCatalog(opened.db, [
      { sku: 'DOIS-PROCESSOS', priceCents: 9990, stock: 1 },
    ]);
    const variantId = catalog.variantIds[0]!;

    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const input = fixtureOrderInput([{ variantId, quantity: 1 }], pickupId, {
          customer: {
            name: `Comprador ${i}`,
            email: `comprador${i}@example.com`,
            cpf: '529.982.247-25',
            phone: '11987654321',
          },
        });
        const response = await fetch(`${servers[i % 2]!.url}/graphql/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: PLACE, variables: { input } }),
        });
        const body = (await response.json()) as {
          data?: { placeOrder?: { number: string } | null } | null;
          errors?: Array<{ message: string; extensions?: { code?: string; field?: string } }>;
        };
        return {
          server: i % 2,
          number: body.data?.placeOrder?.number ?? null,
          error: body.errors?.[0],
        };
      }),
    );

    const winners = results.filter((r) => r.number !== null);
    expect(winners).toHaveLength(1);
    const losers = results.filter((r) => r.number === null);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.error).toMatchObject({
        message: 'Camiseta Básica esgotou: remova-o do carrinho.',
        extensions: { code: 'BAD_USER_INPUT', field: 'items[0].quantity' },
      });
    }

    const scalar = async (query: ReturnType<typeof sql>) =>
      Number((await opened.db.execute<{ value: number }>(query)).rows[0]!.value);
    expect(await scalar(sql`SELECT stock AS value FROM variants WHERE id = ${variantId}`)).toBe(0);
    expect(
      await scalar(
        sql`SELECT count(*)::int AS value FROM order_lines WHERE variant_id = ${variantId}`,
      ),
    ).toBe(1);
    expect(await scalar(sql`SELECT count(*)::int AS value FROM orders`)).toBe(1);
    expect(
      await scalar(
        sql`SELECT coalesce(sum(delta), 0)::int AS value FROM stock_movements WHERE variant_id = ${variantId}`,
      ),
    ).toBe(-1);
  }, 120_000);
});
