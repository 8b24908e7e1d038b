// Labels in bulk: 100 paid orders' labels bought in one ordersBuyLabels batch, with the real
// adapters talking HTTP to the carriers' local stand-in (Melhor Envio's cart → checkout →
// generate → tracking → print and PDF download; the Correios' pre-postagem and label), the
// batch stored with its merged PDF (labels and content declarations). Prints the median and the
// slowest of BENCH_ROUNDS batches per carrier (the target: 100 labels within a minute);
// never fails on time, only when a label is not bought.
//
//   BENCH_DATABASE_URL  PostgreSQL server to use (a scratch database); unset: in-memory PGlite.
//   BENCH_LABELS        orders per batch (default 100)
//   BENCH_ROUNDS        batches per carrier (default 3)
//
// Run: npx tsx bench/labels.ts
import { buyLabels } from '../packages/api/src/modules/labels/labels.service';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
} from '../packages/api/src/modules/orders/orders.fixtures';
import { staff } from '../packages/api/src/modules/staff/staff.tables';
import { storeSettings } from '../packages/api/src/modules/settings/settings.tables';
import type { LabelBuyer } from '../packages/api/src/modules/shipping/carriers/labels';
import type { CarrierName } from '../packages/api/src/modules/shipping/carriers/provider';
import { CorreiosQuoter } from '../packages/api/src/modules/shipping/carriers/correios';
import { CorreiosLabels } from '../packages/api/src/modules/shipping/carriers/labels-correios';
import { MelhorEnvioLabels } from '../packages/api/src/modules/shipping/carriers/labels-melhorenvio';
import {
  STANDIN_CORREIOS,
  STANDIN_MELHOR_ENVIO_TOKEN,
  startCarrierStandin,
} from '../packages/api/src/modules/shipping/carriers/standin';
import { shippingMethods } from '../packages/api/src/modules/shipping/shipping.tables';
import { openBenchDatabase } from './lib/database';
import { markdownTable } from './lib/table';

const LABELS = Number(process.env.BENCH_LABELS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const database = await openBenchDatabase();
  const { db } = database.opened;
  const standin = await startCarrierStandin();
  standin.state.labels.balanceCents = Number.MAX_SAFE_INTEGER;
  try {
    const catalog = await seedFixtureCatalog(db);
    await db.update(storeSettings).set({
      legalName: 'Vitrine Comércio Ltda.',
      cnpj: '11222333000181',
      legalAddress: 'Rua Augusta, 1500 – Consolação, São Paulo/SP, CEP 01304-001',
    });
    const [correiosMethod, meMethod] = await db
      .insert(shippingMethods)
      .values([
        { name: 'PAC (Correios)', kind: 'delivery', carrier: 'correios', carrierService: '03298' },
        {
          name: 'PAC (Melhor Envio)',
          kind: 'delivery',
          carrier: 'melhorenvio',
          carrierService: '1',
        },
      ])
      .returning({ id: shippingMethods.id });
    const correios = new CorreiosQuoter({
      baseUrl: standin.url,
      user: STANDIN_CORREIOS.user,
      accessCode: STANDIN_CORREIOS.accessCode,
      postageCard: STANDIN_CORREIOS.card,
    });
    const buyers = new Map<CarrierName, LabelBuyer>([
      ['correios' as const, new CorreiosLabels(correios)],
      [
        'melhorenvio' as const,
        new MelhorEnvioLabels({
          baseUrl: standin.url,
          token: STANDIN_MELHOR_ENVIO_TOKEN,
          userAgent: 'Vitrine (bench)',
        }),
      ],
    ]);
    const [member] = await db
      .insert(staff)
      .values({ email: 'bench@vitrine.test', name: 'Bench', role: 'ADMIN', passwordHash: '-' })
      .returning();
    const admin = { ...member!, brandIds: [] as string[] };

    const rows: string[][] = [];
    for (const [carrier, method] of [
      ['Correios', correiosMethod!.id],
      ['Melhor Envio', meMethod!.id],
    ] as const) {
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const ids: string[] = [];
        for (let i = 0; i < LABELS; i += 1) {
          const order = await insertFixtureOrder(db, {
            lines: [{ variant: catalog.shirt, quantity: 1 + (i % 3) }],
            status: 'PAID',
            shippingMethodId: method,
          });
          ids.push(order.id);
        }
        const started = performance.now();
        const batch = await buyLabels(db, { buyers, originCep: '01001000' }, admin, ids);
        times.push(performance.now() - started);
        if (batch.purchased !== LABELS) {
          throw new Error(`${carrier}: ${batch.purchased} of ${LABELS} labels bought`);
        }
      }
      rows.push([
        carrier,
        String(LABELS),
        `${(median(times) / 1000).toFixed(2)} s`,
        `${(Math.max(...times) / 1000).toFixed(2)} s`,
        `${(median(times) / LABELS).toFixed(1)} ms`,
      ]);
    }
    process.stdout.write(
      `\nLabels in bulk (${ROUNDS} batches per carrier, stand-in on loopback, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n\n` +
        markdownTable(['carrier', 'labels', 'median batch', 'slowest', 'per label'], rows) +
        '\n',
    );
  } finally {
    await standin.close();
    await database.close();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
