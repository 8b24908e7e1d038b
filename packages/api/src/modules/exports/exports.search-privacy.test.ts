// The search of an orders or audit-log export is never stored in clear: the ticket keeps it sealed
// under the ticket's own key until the download and then only its kind; the audit entry says the
// kind (busca por CPF, por e-mail). Migration 0027 does the same to tickets and entries stored
// before. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfWithCheckDigits } from '@vitrine/rules';
import {
  createTestContext,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import { MIGRATIONS_DIR, splitSqlStatements } from '../../db/migrate';
import {
  auditedFilter,
  describeSearch,
  openSearch,
  sealSearch,
  searchLabel,
} from '../../lib/export-search';
import { insertFixtureOrder, seedFixtureCatalog } from '../orders/orders.fixtures';

const CPF = cpfWithCheckDigits('402817365');
const CPF_FORMATTED = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
const EMAIL = 'iracema.tabajara.export@gmail.com';
const NAME = 'Iracema Tabajara';

let ctx: TestContext;
let admin: SignedInStaff;

/** Every ticket row and export entry of the audit log, as text. */
async function storedText(): Promise<string> {
  const rows = await ctx.db.execute<{ t: string }>(sql`
    SELECT request::text AS t FROM order_export_tickets
    UNION ALL SELECT request::text FROM audit_export_tickets
    UNION ALL SELECT concat_ws(' ', entity_label, summary, before::text, after::text)
      FROM audit_log WHERE entity = 'EXPORT'`);
  return rows.rows.map((row) => row.t).join('\n');
}

function expectNoSecret(text: string) {
  for (const secret of [CPF, CPF_FORMATTED, EMAIL, 'Tabajara', 'Iracema']) {
    expect(text.toLowerCase(), `stored: ${secret}`).not.toContain(secret.toLowerCase());
  }
}

async function download(kind: 'orders' | 'audit', filter: Record<string, unknown>) {
  const ticket = await ctx.app.inject({
    method: 'POST',
    url: `/admin/exports/${kind}`,
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { filter },
  });
  expect(ticket.statusCode).toBe(200);
  const { url } = ticket.json() as { url: string };
  return { url, before: await storedText(), file: await ctx.app.inject({ method: 'GET', url }) };
}

async function exportEntries(action: string) {
  const rows = await ctx.db.execute<{ summary: string; after: string }>(
    sql`SELECT summary, after::text AS after FROM audit_log WHERE action = ${action} ORDER BY at, id`,
  );
  return rows.rows.map((row) => ({ summary: row.summary, after: JSON.parse(row.after) }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const catalog = await seedFixtureCatalog(ctx.db);
  admin = (await signInStaffRoles(ctx)).admin;
  await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    customerName: NAME,
    customerEmail: EMAIL,
    customerCpf: CPF,
    lines: [{ variant: catalog.shirt, quantity: 1 }],
  });
  await insertFixtureOrder(ctx.db, {
    status: 'PAID',
    lines: [{ variant: catalog.cap, quantity: 1 }],
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('describeSearch and the sealed search', () => {
  it.each([
    [EMAIL, { kind: 'email' }],
    [CPF_FORMATTED, { kind: 'cpf' }],
    [CPF, { kind: 'cpf' }],
    ['(31) 97465-2813', { kind: 'phone' }],
    ['VT-10023', { kind: 'number', number: 'VT-10023' }],
    ['10023', { kind: 'number', number: 'VT-10023' }],
    // Nine digits may be a CPF without its check digits or a mobile without its area code.
    ['974652813', { kind: 'digits' }],
    [NAME, { kind: 'text' }],
  ])('%s is a search by %o', (search, expected) => {
    expect(describeSearch(search)).toEqual(expected);
  });

  it('says the kind in Portuguese and never the words', () => {
    expect(searchLabel({ kind: 'cpf' })).toBe('busca por CPF');
    expect(auditedFilter({ status: 'PAID', search: EMAIL, brandId: null })).toEqual({
      filter: { status: 'PAID', search: { kind: 'email' } },
      searchLabel: 'busca por e-mail',
    });
    expect(auditedFilter({ search: 'camiseta' }, { keepSearchWords: true }).filter).toEqual({
      search: 'camiseta',
    });
  });

  it('opens only with the ticket that sealed it', () => {
    const sealed = sealSearch('ticket-a'.repeat(5), CPF);
    expect(sealed).not.toContain(CPF);
    expect(openSearch('ticket-a'.repeat(5), sealed)).toBe(CPF);
    expect(openSearch('ticket-b'.repeat(5), sealed)).toBeNull();
    expect(openSearch('ticket-a'.repeat(5), `${sealed.slice(0, -2)}AA`)).toBeNull();
  });
});

describe('an orders export by CPF or e-mail', () => {
  it.each([
    ['CPF', CPF_FORMATTED],
    ['e-mail', EMAIL],
  ])('finds the order by %s and stores only the kind of search', async (kind, search) => {
    const { before, file } = await download('orders', { search, status: 'PAID' });
    // Sealed while the ticket waits: neither the words nor the digits are in the row.
    expectNoSecret(before);
    expect(before).toContain('"sealed"');
    expect(file.statusCode).toBe(200);
    // The search did select the order (and only it).
    expect(file.body).toContain(NAME);
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const after = await storedText();
    expectNoSecret(after);
    expect(after).not.toContain('"sealed"');
    const [entry] = (await exportEntries('export.orders')).slice(-1);
    expect(entry!.summary).toBe(`Exportação de pedidos: 1 linha, com filtro (busca por ${kind})`);
    expect(entry!.after.filter).toEqual({
      status: 'PAID',
      search: { kind: kind === 'CPF' ? 'cpf' : 'email' },
    });
  });

  it('keeps an order number (no person) in the entry', async () => {
    await download('orders', { search: 'VT-999999' });
    const [entry] = (await exportEntries('export.orders')).slice(-1);
    expect(entry!.after.filter.search).toEqual({ kind: 'number', number: 'VT-999999' });
  });

  it('refuses a ticket whose sealed search was altered, never running it without', async () => {
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/admin/exports/orders',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { filter: { search: CPF } },
    });
    const { url } = ticket.json() as { url: string };
    await ctx.db.execute(sql`UPDATE order_export_tickets
      SET request = jsonb_set(request, '{search,sealed}', '"v1.AAAA"') WHERE used_at IS NULL`);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('an audit log export by e-mail', () => {
  it('stores only the kind of search, in the ticket and in the entry', async () => {
    const { before, file } = await download('audit', { search: EMAIL });
    expectNoSecret(before);
    expect(file.statusCode).toBe(200);
    expectNoSecret(await storedText());
    const [entry] = (await exportEntries('export.audit')).slice(-1);
    expect(entry!.summary).toMatch(/com filtro \(busca por e-mail\)$/);
    expect(entry!.after.filter).toEqual({ search: { kind: 'email' } });
  });
});

describe('migration 0027', () => {
  it('turns searches stored before it into their kind, tickets and audit entries alike', async () => {
    await ctx.db
      .execute(sql`INSERT INTO order_export_tickets (token_hash, staff_id, request, expires_at)
      VALUES ('legacy-orders', ${admin.id}::uuid,
        ${JSON.stringify({ filter: { search: CPF_FORMATTED, status: 'PAID' }, sort: 'NEWEST' })}::jsonb,
        now())`);
    await ctx.db
      .execute(sql`INSERT INTO audit_export_tickets (token_hash, staff_id, request, expires_at)
      VALUES ('legacy-audit', ${admin.id}::uuid, ${JSON.stringify({ filter: { search: EMAIL } })}::jsonb, now())`);
    await ctx.db.execute(sql`INSERT INTO audit_log (action, entity, entity_label, summary, after)
      VALUES ('export.orders', 'EXPORT', 'Pedidos (CSV)', 'Exportação de pedidos: 1 linha, com filtro',
        ${JSON.stringify({ filter: { search: EMAIL }, sort: 'NEWEST', rows: 1 })}::jsonb)`);
    await ctx.db.execute(sql`INSERT INTO audit_log (action, entity, summary, before)
      VALUES ('mail.resend', 'MAIL', 'E-mail reenviado',
        ${JSON.stringify({ lastError: `550 5.1.1 <${EMAIL}>: Recipient address rejected` })}::jsonb)`);
    expect(await storedText()).toContain(EMAIL);

    const file = await readFile(`${MIGRATIONS_DIR}0027_lgpd_export_searches.sql`, 'utf8');
    await ctx.db.transaction(async (tx) => {
      for (const statement of splitSqlStatements(file)) await tx.execute(sql.raw(statement));
    });

    expectNoSecret(await storedText());
    const tickets = await ctx.db.execute<{ request: string }>(
      sql`SELECT request::text AS request FROM order_export_tickets WHERE token_hash = 'legacy-orders'`,
    );
    expect(JSON.parse(tickets.rows[0]!.request)).toEqual({
      filter: { search: null, status: 'PAID' },
      sort: 'NEWEST',
      search: { kind: 'cpf' },
    });
    const [legacy] = (await exportEntries('export.orders')).slice(-1);
    expect(legacy!.after).toEqual({
      filter: { search: { kind: 'email' } },
      sort: 'NEWEST',
      rows: 1,
    });
    const resend = await ctx.db.execute<{ before: string }>(
      sql`SELECT before::text AS before FROM audit_log WHERE action = 'mail.resend'`,
    );
    expect(JSON.parse(resend.rows[0]!.before)).toEqual({
      lastError: '550 5.1.1 <***@gmail.com>: Recipient address rejected',
    });
    // Append-only again once the migration is over.
    await expect(ctx.db.execute(sql`UPDATE audit_log SET summary = 'x'`)).rejects.toThrow();
  });
});
