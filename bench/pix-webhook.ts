// Pix confirmed by the bank: from the PSP's webhook to the order PAID. The real server on a
// loopback port with the Pix PSP plugin and the real client (BacenPixClient) talking HTTP to the
// local stand-in PSP; orders are placed, then the stand-in pays their charges, BENCH_CONCURRENCY at
// a time, and POSTs each webhook to the store. Prints the p50/p95/p99 of "webhook sent → order
// PAID" (the issue's target: p95 within 5 s) and checks every order was paid exactly once; never
// fails on time.
//
//   BENCH_DATABASE_URL  PostgreSQL server to use (a scratch database); unset: in-memory PGlite.
//   BENCH_ORDERS        orders paid (default 200)
//   BENCH_CONCURRENCY   payments in flight (default 10)
//
// Run: npx tsx bench/pix-webhook.ts
import os from 'node:os';
import { buildApp } from '../packages/api/src/app';
import {
  countPayments,
  fixtureOrderInput,
  insertFixtureCatalog,
  orderByNumber,
  orderStatusById,
  shippingMethodIdByName,
} from '../packages/api/src/modules/checkout/checkout.fixtures';
import { DEMO_PIX_KEY, seedCommerceDemo } from '../packages/api/src/modules/checkout/checkout.seed';
import { BacenPixClient } from '../packages/api/src/modules/payments/pix-psp/bacen-client';
import { pixChargeTxid } from '../packages/api/src/modules/payments/pix-psp/pix-psp.config';
import { pixPspPlugin } from '../packages/api/src/modules/payments/pix-psp/pix-psp.plugin';
import { startPixStandin } from '../packages/api/src/modules/payments/pix-psp/standin';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';
import { uiDocument } from './lib/ui-document';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECRET = 'bench-webhook-secret-0123456789';

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const database = await openBenchDatabase({
    // One client placing every order: none of the limits on what one guest may hold.
    GRAPHQL_RATE_LIMIT: '0',
    UNPAID_ORDERS_PER_CLIENT: '0',
    UNPAID_ORDERS_PER_EMAIL: '0',
    UNPAID_ORDERS_PER_CPF: '0',
    ORDER_MAILS_PER_RECIPIENT: '0',
    VARIANT_HOLD_PERCENT: '0',
  });
  const { db } = database.opened;
  const psp = await startPixStandin({ pixKey: DEMO_PIX_KEY });
  const client = new BacenPixClient({
    baseUrl: psp.url,
    clientId: psp.clientId,
    clientSecret: psp.clientSecret,
    pixKey: DEMO_PIX_KEY,
  });
  const app = buildApp({ config: database.config, db, logger: false });
  app.register(pixPspPlugin, { provider: client, webhookSecret: SECRET, intervalMs: 0 });
  try {
    await seedCommerceDemo(db);
    const pacId = await shippingMethodIdByName(db, 'PAC');
    const catalog = await insertFixtureCatalog(db, [
      { sku: 'BENCH-PIX', priceCents: 9_990, stock: ORDERS + 10, size: 'M', color: 'Azul' },
    ]);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // The public URL the webhook is registered with is this server's.
    (database.config as { publicUrl: string }).publicUrl = url;
    await app.pixCharges!.tick();
    log(`webhook registered: ${psp.webhookUrl()}`);

    // The storefront's own mutation (a trusted document), as a shopper's browser sends it.
    const place = await uiDocument('Checkout/CheckoutScreen.graphql.ts', 'PLACE_ORDER_MUTATION');
    log(`placing ${ORDERS} Pix orders…`);
    const ids: string[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql/',
        payload: {
          query: place,
          variables: {
            input: fixtureOrderInput([{ variantId: catalog.variantIds[0]!, quantity: 1 }], pacId, {
              customer: {
                name: 'Cliente Bench',
                email: `bench-${i}@example.com`,
                cpf: '52998224725',
                phone: '(11) 98765-4321',
              },
            }),
          },
        },
      });
      const number = (response.json() as { data?: { placeOrder?: { number: string } } }).data
        ?.placeOrder?.number;
      if (!number) throw new Error(`order ${i} not placed: ${response.body}`);
      ids.push((await orderByNumber(db, number))!.id);
    }
    // The ones placeOrder could not create in its 2 s are created now.
    await app.pixCharges!.tick();

    const latencies: number[] = [];
    let next = 0;
    const started = Date.now();
    async function worker() {
      while (next < ids.length) {
        const id = ids[next++]!;
        const sent = performance.now();
        await psp.pay(pixChargeTxid(id));
        while ((await orderStatusById(db, id)) !== 'PAID') {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        latencies.push(performance.now() - sent);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await psp.idle();
    const seconds = (Date.now() - started) / 1000;
    const payments = await countPayments(db, 'pix-psp');
    latencies.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    process.stdout.write(
      `\nPix webhook → order PAID (${database.config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, ${ORDERS} orders, ${CONCURRENCY} at a time)\n\n`,
    );
    process.stdout.write(
      markdownTable(
        ['orders paid', 'payments recorded', 'p50', 'p95', 'p99', 'paid/s'],
        [
          [
            String(latencies.length),
            String(payments),
            ms(percentile(latencies, 50)),
            ms(percentile(latencies, 95)),
            ms(percentile(latencies, 99)),
            (latencies.length / seconds).toFixed(1),
          ],
        ],
      ),
    );
    process.stdout.write('\n');
  } finally {
    await app.close();
    await psp.close();
    await client.close?.();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
