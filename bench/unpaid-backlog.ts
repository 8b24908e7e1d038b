// The unpaid-order limits against a growing backlog: the checkout's checks statement (one per
// placeOrder with the limits on: a guest's unpaid orders by client address, e-mail identity and
// CPF digits) timed with 0 to BENCH_BACKLOG_MAX unpaid orders in the table, with the partial
// indexes of migration 0044 and, for comparison, without them (dropped in a scratch database).
// Prints the median and p95 per backlog; never fails on time.
//
//   BENCH_DATABASE_URL   PostgreSQL server to use (a scratch database); unset: in-memory PGlite.
//   BENCH_BACKLOG_MAX    the largest backlog (default 100000)
//   BENCH_RUNS           statements timed per backlog and variant (default 200)
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/unpaid-backlog.ts
import { emailIdentityKey } from '../packages/api/src/lib/email-identity';
import { namedStatement, runStatement } from '../packages/api/src/db/statements';
import { CHECKOUT_CHECKS } from '../packages/api/src/modules/checkout/checkout.repository';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';

const MAX = Number(process.env.BENCH_BACKLOG_MAX ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SIZES = [0, 1_000, 10_000, 100_000].filter((size) => size <= MAX);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

async function main() {
  const database = await openBenchDatabase();
  const { db } = database.opened;
  let statements = 0;
  const raw = (text: string, values: unknown[] = []) =>
    runStatement(db, namedStatement(`bench_unpaid_${(statements += 1)}`, text), values);
  try {
    const time = async () => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const n = 1 + ((i * 7919) % Math.max(1, MAX));
        const started = performance.now();
        await runStatement(db, CHECKOUT_CHECKS, [
          `10.1.${n % 250}.${n % 199}`,
          emailIdentityKey(`cliente.${n}+promo@gmail.com`),
          String(n).padStart(11, '0'),
          true,
          null,
          null,
        ]);
        samples.push(performance.now() - started);
      }
      return samples.sort((a, b) => a - b);
    };
    const rows: string[][] = [];
    let inserted = 0;
    for (const size of SIZES) {
      if (size > inserted) {
        await raw(
          `INSERT INTO orders (customer_name, customer_email, customer_cpf, customer_phone,
            postal_code, street, street_number, district, city, uf, shipping_method_name,
            shipping_method_kind, shipping_business_days, subtotal_cents, total_cents,
            payment_method, idempotency_key, request_hash, client_address, status)
          SELECT 'Cliente ' || n, 'cliente.' || n || '+promo@gmail.com', lpad(n::text, 11, '0'),
            '11987654321', '01310100', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', 'PAC',
            'delivery', 5, 1000, 1000, 'PIX', 'backlog-' || n, 'x',
            '10.0.' || (n / 250) || '.' || (n % 250), 'PENDING_PAYMENT'
          FROM generate_series($1::int, $2::int) AS n`,
          [inserted + 1, size],
        );
        inserted = size;
      }
      await raw('ANALYZE orders');
      const indexed = await time();
      process.stderr.write(`backlog ${size}: indexed done\n`);
      rows.push([
        size.toLocaleString('en-US'),
        'with 0044',
        quantile(indexed, 0.5).toFixed(2),
        quantile(indexed, 0.95).toFixed(2),
      ]);
    }
    // The same statement without the two indexes (as before 0044), at the largest backlog.
    await raw('DROP INDEX orders_unpaid_email_key_idx');
    await raw('DROP INDEX orders_unpaid_cpf_digits_idx');
    await raw('ANALYZE orders');
    const bare = await time();
    rows.push([
      inserted.toLocaleString('en-US'),
      'without (before 0044)',
      quantile(bare, 0.5).toFixed(2),
      quantile(bare, 0.95).toFixed(2),
    ]);
    process.stdout.write(
      `\nThe unpaid-order limits' statement against a backlog of unpaid orders ` +
        `(${database.opened.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}, ${RUNS} statements each)\n\n` +
        markdownTable(['unpaid orders', 'indexes', 'p50 ms', 'p95 ms'], rows) +
        '\n',
    );
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
