// The store's legal identity (issue 12, item 13; Decreto 7.962/2013): razão social, CNPJ, address
// and contact are store settings, validated (CNPJ check digits), public on storeSettings for the
// footer, and filled with the demo company's by the demo seed without overwriting a store's own.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { DEMO_LEGAL_IDENTITY, seedCommerceDemo } from '../checkout/checkout.seed';
import { normaliseCnpj } from './settings.validation';

const LEGAL = 'legalName cnpj legalAddress contactEmail contactPhone';
const UPDATE = `mutation($input: SettingsInput!) { settingsUpdate(input: $input) { ${LEGAL} } }`;
const PUBLIC = `{ storeSettings { ${LEGAL} } }`;

let ctx: TestContext;
let admin: string;
let support: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await signInStaffRoles(ctx, { names: { admin: 'Ana Admin' } });
  admin = staff.admin.token;
  support = staff.support.token;
});

afterAll(async () => {
  await ctx?.close();
});

async function update(input: Record<string, unknown>, token = admin) {
  const { body } = await graphql(ctx.app, UPDATE, { input }, token);
  return {
    data: body.data?.settingsUpdate as Record<string, unknown> | undefined,
    error: body.errors?.[0] as
      { message: string; extensions?: { code?: string; field?: string } } | undefined,
  };
}

async function publicLegal() {
  const { body } = await graphql(ctx.app, PUBLIC);
  return body.data?.storeSettings as Record<string, unknown>;
}

describe('normaliseCnpj', () => {
  it('takes the masked or bare CNPJ with valid check digits and nothing else', () => {
    expect(normaliseCnpj('12.345.678/0001-95')).toBe('12345678000195');
    expect(normaliseCnpj(' 12345678000195 ')).toBe('12345678000195');
    expect(normaliseCnpj('12.345.678/0001-96')).toBeNull();
    expect(normaliseCnpj('11.111.111/1111-11')).toBeNull();
    expect(normaliseCnpj('1234567800019')).toBeNull();
    expect(normaliseCnpj('12a45678000195')).toBeNull();
    expect(normaliseCnpj(12345678000195)).toBeNull();
  });
});

describe('the legal identity as store settings', () => {
  it('is empty (null) on a store that has not set it', async () => {
    expect(await publicLegal()).toEqual({
      legalName: null,
      cnpj: null,
      legalAddress: null,
      contactEmail: null,
      contactPhone: null,
    });
  });

  it('is set by an ADMIN, normalised, and shown masked in the public storeSettings', async () => {
    const { data, error } = await update({
      legalName: '  Garoa   Urbana Comércio LTDA ',
      cnpj: '12345678000195',
      legalAddress: 'Rua Augusta, 1500 – Consolação, São Paulo/SP, CEP 01304-001',
      contactEmail: ' SAC@Garoa.com.br ',
      contactPhone: '11 3456-7890',
    });
    expect(error).toBeUndefined();
    const expected = {
      legalName: 'Garoa Urbana Comércio LTDA',
      cnpj: '12.345.678/0001-95',
      legalAddress: 'Rua Augusta, 1500 – Consolação, São Paulo/SP, CEP 01304-001',
      contactEmail: 'sac@garoa.com.br',
      contactPhone: '(11) 3456-7890',
    };
    expect(data).toEqual(expected);
    expect(await publicLegal()).toEqual(expected);
    const stored = await ctx.db.execute<{ cnpj: string; contact_phone: string }>(
      sql`SELECT cnpj, contact_phone FROM store_settings`,
    );
    expect(stored.rows[0]).toEqual({ cnpj: '12345678000195', contact_phone: '1134567890' });
  });

  it.each([
    [
      'cnpj',
      '12.345.678/0001-96',
      'CNPJ inválido: confira os 14 dígitos, como 12.345.678/0001-95.',
    ],
    ['cnpj', '00000000000000', 'CNPJ inválido: confira os 14 dígitos, como 12.345.678/0001-95.'],
    [
      'contactEmail',
      'sac@garoa',
      'E-mail de contato inválido: use um endereço como contato@loja.com.br.',
    ],
    [
      'contactPhone',
      '3456-7890',
      'Telefone de contato inválido: informe o DDD e o número, como (11) 3456-7890.',
    ],
    ['legalName', 'x'.repeat(121), 'Razão social pode ter no máximo 120 caracteres.'],
    ['legalAddress', 'Rua\nNova, 1', 'Endereço da empresa tem caracteres inválidos.'],
  ])('refuses %s = %j with BAD_USER_INPUT naming the field', async (field, value, message) => {
    const before = await publicLegal();
    const { error } = await update({ [field]: value });
    expect(error).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    expect(await publicLegal()).toEqual(before);
  });

  it('is refused to staff who are not ADMIN', async () => {
    const { error } = await update({ legalName: 'Outra LTDA' }, support);
    expect(error?.extensions?.code).toBe('FORBIDDEN');
    expect((await publicLegal()).legalName).toBe('Garoa Urbana Comércio LTDA');
  });

  it('is cleared with null or an empty text', async () => {
    const { data } = await update({ contactPhone: null, legalAddress: '  ' });
    expect(data).toMatchObject({ contactPhone: null, legalAddress: null });
  });
});

describe('the demo seed', () => {
  it("fills the demo company's identity only where the store has none", async () => {
    await ctx.db.execute(
      sql`UPDATE store_settings SET legal_name = NULL, cnpj = NULL, legal_address = NULL,
        contact_email = NULL, contact_phone = NULL`,
    );
    await seedCommerceDemo(ctx.db);
    expect(await publicLegal()).toEqual({
      legalName: DEMO_LEGAL_IDENTITY.legalName,
      cnpj: '12.345.678/0001-95',
      legalAddress: DEMO_LEGAL_IDENTITY.legalAddress,
      contactEmail: DEMO_LEGAL_IDENTITY.contactEmail,
      contactPhone: '(11) 99999-0000',
    });
    expect(normaliseCnpj(DEMO_LEGAL_IDENTITY.cnpj)).toBe(DEMO_LEGAL_IDENTITY.cnpj);

    await update({ legalName: 'Loja Própria LTDA', cnpj: '11.222.333/0001-81' });
    await seedCommerceDemo(ctx.db);
    expect(await publicLegal()).toMatchObject({
      legalName: 'Loja Própria LTDA',
      cnpj: '11.222.333/0001-81',
    });
  });
});
