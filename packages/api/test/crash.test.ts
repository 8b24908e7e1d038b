// Crash safety of checkout: the real server process (tsx src/server.ts on a fresh PostgreSQL
// database) is SIGKILLed in the middle of a burst of orders. Afterwards no order lacks its lines,
// the stock taken equals the units ordered, every order has its mail in the outbox, and replaying
// the requests whose answer was lost (same idempotency keys) never makes a second order.
// Runs when TEST_DATABASE_URL is set (CI sets it): a separate process needs a shared database.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
import type { PlaceOrderInput } from '../src/modules/checkout/checkout.validation';
import { seedCommerceDemo } from '../src/modules/checkout/checkout.seed';
import { createScratchDatabase } from './helpers';
import { startServerProcess } from './server-process';

const baseUrl = process.env.TEST_DATABASE_URL?.trim();
const VARIANTS = 6;
const INITIAL_STOCK = 40;

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { number } }`;

async function postOrder(url: string, input: PlaceOrderInput): Promise<string> {
  const response = await fetch(`${url}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: PLACE, variables: { input } }),
  });
  const body = (await response.json()) as {
    data?: { placeOrder?: { number: string } | null } | null;
    errors?: Array<{ message: string }>;
  };
  if (body.data?.placeOrder) return body.data.placeOrder.number;
  throw new Error(body.errors?.[0]?.message ?? `HTTP ${response.status}`);
}

describe.runIf(Boolean(baseUrl))('a server killed in the middle of a burst of orders', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let opened: OpenedDatabase;
  let dataDir: string;
  let variantIds: string[] = [];
  let pickupId = '';
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!);
    opened = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
    await migrate(opened.db);
    await seedCommerceDemo(opened.db);
    pickupId = await shippingMethodIdByName(opened.db, 'Retirada na loja');
    const catalog = await insertFixtureCatalog(
      opened.db,
      Array.from({ length: VARIANTS }, (_, i) => ({
        sku: `CRASH-${i}`,
        priceCents: 1000 + i * 500,
        stock: INITIAL_STOCK,
      })),
    );
    variantIds = catalog.variantIds;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-crash-'));
  });

  afterAll(async () => {
    for (const child of servers) if (child.exitCode === null) child.kill('SIGKILL');
    await opened?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'leaves no order without lines and no stock taken without an order',
    { timeout: 180_000 },
    async () => {
      const first = await startServerProcess({ databaseUrl: scratch.url, dataDir });
      servers.push(first.child);

      // 300 orders of 1 to 3 lines, 12 in flight at a time; the kill comes after 40 answers.
      const inputs = Array.from({ length: 300 }, (_, i) => {
        const lines = 1 + (i % 3);
        const items = Array.from({ length: lines }, (_, j) => ({
          variantId: variantIds[(i + j * 2) % VARIANTS]!,
          quantity: 1 + ((i + j) % 2),
        }));
        return fixtureOrderInput(items, pickupId, {
          idempotencyKey: `crash-${i}-${randomBytes(4).toString('hex')}`,
        });
      });
      const answered = new Map<string, string>();
      const refused: string[] = [];
      const lost: PlaceOrderInput[] = [];
      let next = 0;
      let killed = false;
      const worker = async () => {
        while (next < inputs.length) {
          const input = inputs[next++]!;
          if (killed) {
            lost.push(input);
            continue;
          }
          try {
            answered.set(input.idempotencyKey, await postOrder(first.url, input));
            if (answered.size === 40 && !killed) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          } catch (error) {
            // Sold out is a proper answer; a dropped connection means the answer was lost.
            if (error instanceof Error && /esgot|Estoque insuficiente/.test(error.message)) {
              refused.push(input.idempotencyKey);
            } else {
              lost.push(input);
            }
          }
        }
      };
      await Promise.all(Array.from({ length: 12 }, worker));
      await new Promise<void>((resolve) =>
        first.child.exitCode !== null || first.child.signalCode !== null
          ? resolve()
          : first.child.once('exit', () => resolve()),
      );
      expect(killed).toBe(true);
      expect(answered.size).toBeGreaterThanOrEqual(40);
      expect(lost.length).toBeGreaterThan(0);

      const db = opened.db;
      const check = async () => {
        const orphans = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM orders o
        WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`);
        expect(Number(orphans.rows[0]!.n)).toBe(0);
        const taken = await db.execute<{ n: number }>(sql`
        SELECT coalesce(sum(${INITIAL_STOCK} - stock), 0)::int AS n FROM variants
        WHERE id IN ${sql.raw(`(${variantIds.map((id) => `'${id}'`).join(', ')})`)}`);
        const ordered = await db.execute<{ n: number }>(
          sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM order_lines`,
        );
        expect(Number(taken.rows[0]!.n)).toBe(Number(ordered.rows[0]!.n));
        const ledger = await db.execute<{ n: number }>(
          sql`SELECT coalesce(-sum(delta), 0)::int AS n FROM stock_movements`,
        );
        expect(Number(ledger.rows[0]!.n)).toBe(Number(ordered.rows[0]!.n));
        const withoutMail = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (
          SELECT 1 FROM mail_outbox m WHERE m.subject = 'Recebemos seu pedido ' || o.number)`);
        expect(Number(withoutMail.rows[0]!.n)).toBe(0);
        const stock = await db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM variants WHERE stock < 0`,
        );
        expect(Number(stock.rows[0]!.n)).toBe(0);
        return Number(ordered.rows[0]!.n);
      };
      const unitsAfterCrash = await check();
      expect(unitsAfterCrash).toBeGreaterThan(0);
      // Every answered order is in the database.
      const numbers = await db.execute<{ number: string }>(sql`SELECT number FROM orders`);
      const stored = new Set(numbers.rows.map((row) => row.number));
      for (const number of answered.values()) expect(stored.has(number)).toBe(true);

      // A restarted server: the shoppers whose answer was lost retry with the same keys.
      const second = await startServerProcess({ databaseUrl: scratch.url, dataDir });
      servers.push(second.child);
      for (const input of lost) {
        try {
          await postOrder(second.url, input);
        } catch (error) {
          if (!(error instanceof Error && /esgot|Estoque insuficiente/.test(error.message))) {
            throw error;
          }
        }
      }
      second.child.kill('SIGTERM');
      await check();
      const duplicates = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        SELECT idempotency_key FROM orders GROUP BY idempotency_key HAVING count(*) > 1) d`);
      expect(Number(duplicates.rows[0]!.n)).toBe(0);
      const replayed = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders
      WHERE idempotency_key IN ${sql.raw(`(${lost.map((i) => `'${i.idempotencyKey}'`).join(', ')})`)}`);
      // At most one order per lost request (some were committed before the kill, some are new).
      expect(Number(replayed.rows[0]!.n)).toBeLessThanOrEqual(lost.length);
    },
  );
});
