// Migration 0032 gives pickup methods and orders a pickup point: a pickup order placed before it
// keeps its method's one-line address as its point (so its pages and mails still say where), a
// delivery keeps none, and a pickup method keeps its line until staff fill the fields in.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationDatabases, type DatabaseBeforeMigration } from '../../../test/migrations';

const databaseBefore = migrationDatabases();

async function insertOrder(
  db: DatabaseBeforeMigration['db'],
  values: { number: string; methodId: string; kind: 'pickup' | 'delivery' },
) {
  const pickup = values.kind === 'pickup';
  await db.execute(sql`INSERT INTO orders (number, customer_name, customer_email, customer_cpf,
      customer_phone, postal_code, street, street_number, district, city, uf, shipping_method_id,
      shipping_method_name, shipping_method_kind, shipping_business_days, subtotal_cents,
      total_cents, payment_method, idempotency_key, request_hash)
    VALUES (${values.number}, 'Ana Souza', 'ana@example.com', '52998224725', '11987654321',
      '69005000', ${pickup ? '' : 'Rua A'}, ${pickup ? '' : '1'}, ${pickup ? '' : 'Centro'},
      ${pickup ? '' : 'Manaus'}, ${pickup ? '' : 'AM'}, ${values.methodId},
      ${pickup ? 'Retirada na loja' : 'PAC'}, ${values.kind}, 1, 7990, 7990, 'PIX',
      ${`key-${values.number}`}, 'hash')`);
}

// Every migration before 0032 runs first: on PGlite under load that takes a while.
describe('migration 0032: the pickup point', { timeout: 180_000 }, () => {
  it('gives an older pickup order its method’s one-line address, and a delivery none', async () => {
    const { db, apply: apply0032 } = await databaseBefore('0032');
    const methods = await db.execute<{ id: string; kind: string }>(sql`
      INSERT INTO shipping_methods (name, kind, pickup_address) VALUES
        ('Retirada na loja', 'pickup', 'Rua Augusta, 1500 - Consolação, São Paulo/SP - seg. a sáb., 10h às 20h'),
        ('PAC', 'delivery', NULL)
      RETURNING id, kind`);
    const pickupId = methods.rows.find((row) => row.kind === 'pickup')!.id;
    const pacId = methods.rows.find((row) => row.kind === 'delivery')!.id;
    await insertOrder(db, { number: 'VT-90001', methodId: pickupId, kind: 'pickup' });
    await insertOrder(db, { number: 'VT-90002', methodId: pacId, kind: 'delivery' });

    await apply0032();

    const rows = await db.execute<{ number: string; point: unknown; cep: string }>(
      sql`SELECT number, pickup_point AS point, postal_code AS cep FROM orders ORDER BY number`,
    );
    expect(rows.rows).toEqual([
      {
        number: 'VT-90001',
        point: {
          address: 'Rua Augusta, 1500 - Consolação, São Paulo/SP - seg. a sáb., 10h às 20h',
        },
        cep: '69005000',
      },
      { number: 'VT-90002', point: null, cep: '69005000' },
    ]);
    const method = await db.execute<{ point: unknown; address: string }>(
      sql`SELECT pickup_point AS point, pickup_address AS address FROM shipping_methods WHERE id = ${pickupId}`,
    );
    expect(method.rows[0]).toEqual({
      point: null,
      address: 'Rua Augusta, 1500 - Consolação, São Paulo/SP - seg. a sáb., 10h às 20h',
    });
    // A delivery method never gets a point.
    await expect(
      db.execute(sql`UPDATE shipping_methods SET pickup_point = '{}'::jsonb WHERE id = ${pacId}`),
    ).rejects.toThrow();
  });
});
