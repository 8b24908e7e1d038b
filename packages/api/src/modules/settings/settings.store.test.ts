// The settings of "dashboard, team and store": interest-free installments (and the checkout's
// offer built on them), two-factor requirement, the institutional pages' texts, the audit entry of
// settingsUpdate, the Pix preview and the shipping simulator. PGlite, and PostgreSQL with
// TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { insertFixtureCatalog } from '../checkout/checkout.fixtures';
import { seedCommerceDemo } from '../checkout/checkout.seed';
import { cartPreview } from '../checkout/checkout.cart';
import { parseBrCode } from '../payments/brcode';
import { PIX_KEY_ERROR_MESSAGE } from './settings.validation';

const FIELDS = `maxInstallments interestFreeInstallments requireTwoFactor exchangesPolicyText
  privacyPolicyText contactPageText`;
const UPDATE = `mutation($input: SettingsInput!) { settingsUpdate(input: $input) { ${FIELDS} } }`;
const PUBLIC = `{ storeSettings { installments { maxInstallments minInstallmentCents }
  interestFreeInstallments exchangesPolicyText privacyPolicyText contactPageText } }`;
const PIX = `query($input: PixPreviewInput!) { pixPreview(input: $input) { code qrCodeSvg amountCents } }`;
const SIMULATE = `query($postalCode: String!, $weightGrams: Int!, $subtotalCents: Int) {
  shippingSimulate(postalCode: $postalCode, weightGrams: $weightGrams, subtotalCents: $subtotalCents) {
    methodId name kind priceCents fullPriceCents freeShipping businessDays billableWeightGrams pickupAddress
  } }`;

type GqlError = { message: string; extensions?: { code?: string; field?: string } };

let ctx: TestContext;
let admin: string;
let support: string;

async function gql(query: string, variables: Record<string, unknown>, token: string = admin) {
  const { body } = await graphql(ctx.app, query, variables, token);
  return {
    data: body.data as Record<string, unknown> | undefined,
    error: body.errors?.[0] as GqlError | undefined,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await signInStaffRoles(ctx, { names: { admin: 'Ana Admin' } });
  admin = staff.admin.token;
  support = staff.support.token;
  await seedCommerceDemo(ctx.db);
});

afterAll(async () => {
  await ctx?.close();
});

describe('settingsUpdate: the settings of this issue', () => {
  it('stores the institutional texts (line breaks kept, empty -> null) and two-factor', async () => {
    const { data, error } = await gql(UPDATE, {
      input: {
        exchangesPolicyText: '  Trocas em até 30 dias.\r\n\r\n- Etiqueta\tpresa\r\n',
        privacyPolicyText: '   ',
        contactPageText: 'Atendimento de seg. a sex.',
        requireTwoFactor: true,
      },
    });
    expect(error).toBeUndefined();
    expect(data?.settingsUpdate).toMatchObject({
      exchangesPolicyText: 'Trocas em até 30 dias.\n\n- Etiqueta\tpresa',
      privacyPolicyText: null,
      contactPageText: 'Atendimento de seg. a sex.',
      requireTwoFactor: true,
    });
    const { body } = await graphql(ctx.app, PUBLIC);
    expect(body.data?.storeSettings).toMatchObject({
      exchangesPolicyText: 'Trocas em até 30 dias.\n\n- Etiqueta\tpresa',
      privacyPolicyText: null,
      contactPageText: 'Atendimento de seg. a sex.',
    });
    // Back off, straight in the database: with it on, the API answers this admin (who has not
    // enrolled) only the enrolment (the auth module's TWO_FACTOR_SETUP_REQUIRED).
    const stored = await ctx.db.execute<{ require_two_factor: boolean }>(
      sql`SELECT require_two_factor FROM store_settings`,
    );
    expect(stored.rows[0]?.require_two_factor).toBe(true);
    await ctx.db.execute(
      sql`UPDATE store_settings SET require_two_factor = false, contact_page_text = NULL`,
    );
  });

  it.each([
    ['exchangesPolicyText', 'a'.repeat(20_001), /no máximo 20\.000 caracteres/],
    ['privacyPolicyText', 'Texto com \u0007 sino', /caracteres inválidos/],
    ['contactPageText', 'Linha\u001bcom escape', /caracteres inválidos/],
    ['interestFreeInstallments', 0, /parcelas sem juros/],
    ['interestFreeInstallments', 13, /parcelas sem juros/],
    ['installmentInterestPercent', -0.5, /juros do parcelamento/],
    ['installmentInterestPercent', 10, /entre 0 e 9,99/],
    ['installmentInterestPercent', 1.999, /duas casas decimais/],
  ])('refuses a bad %s naming the field', async (field, value, message) => {
    const { error } = await gql(UPDATE, { input: { [field]: value } });
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(error?.message).toMatch(message);
  });

  it('keeps interest-free installments within maxInstallments: refuses above, lowers with it', async () => {
    await gql(UPDATE, { input: { maxInstallments: 10, interestFreeInstallments: 6 } });
    const above = await gql(UPDATE, { input: { interestFreeInstallments: 11 } });
    expect(above.error?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'interestFreeInstallments',
    });
    const both = await gql(UPDATE, { input: { maxInstallments: 4, interestFreeInstallments: 5 } });
    expect(both.error?.message).toBe(
      'As parcelas sem juros não podem passar do número máximo de parcelas (4).',
    );
    const lowered = await gql(UPDATE, { input: { maxInstallments: 3 } });
    expect(lowered.data?.settingsUpdate).toMatchObject({
      maxInstallments: 3,
      interestFreeInstallments: 3,
    });
    const raised = await gql(UPDATE, {
      input: { maxInstallments: 12, interestFreeInstallments: 4 },
    });
    expect(raised.data?.settingsUpdate).toMatchObject({
      maxInstallments: 12,
      interestFreeInstallments: 4,
    });
    // The storefront is told the installments it may promise: interest-free ones only.
    const { body } = await graphql(ctx.app, PUBLIC);
    expect(body.data?.storeSettings).toMatchObject({
      installments: { maxInstallments: 4 },
      interestFreeInstallments: 4,
    });
  });

  it("makes the checkout's offer interest-free installments only", async () => {
    await gql(UPDATE, {
      input: { maxInstallments: 10, interestFreeInstallments: 3, minInstallmentCents: 500 },
    });
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'PARC-1', priceCents: 20000, stock: 5 },
    ]);
    const deps = { db: ctx.db, clock: ctx.clock, config: ctx.config, gatewayConfigured: true };
    const preview = await cartPreview(deps, {
      items: [{ variantId: catalog.variantIds[0], quantity: 1 }],
    });
    // R$ 200,00 would be 10x of R$ 20,00; only 3 carry no interest, so 3x is the offer.
    expect(preview.installments).toMatchObject({
      count: 3,
      interestFree: true,
      totalCents: 20000,
    });
  });

  it('offers plans with interest past the interest-free ones once a monthly interest is set', async () => {
    const set = await graphql(
      ctx.app,
      'mutation($input: SettingsInput!) { settingsUpdate(input: $input) { installmentInterestPercent } }',
      {
        input: {
          maxInstallments: 12,
          interestFreeInstallments: 6,
          minInstallmentCents: 500,
          installmentInterestPercent: 2.99,
        },
      },
      admin,
    );
    expect(set.body.data?.settingsUpdate).toEqual({ installmentInterestPercent: 2.99 });
    const { body } = await graphql(
      ctx.app,
      `
        {
          storeSettings {
            installments {
              maxInstallments
              minInstallmentCents
              maxInstallmentsWithInterest
              monthlyInterestPercent
            }
          }
        }
      `,
    );
    // 'sem juros' may be promised up to 6x; plans go to 12x at 2,99% a.m.
    expect(body.data?.storeSettings).toEqual({
      installments: {
        maxInstallments: 6,
        minInstallmentCents: 500,
        maxInstallmentsWithInterest: 12,
        monthlyInterestPercent: 2.99,
      },
    });
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'PARC-JUROS', priceCents: 20000, stock: 5 },
    ]);
    const deps = { db: ctx.db, clock: ctx.clock, config: ctx.config, gatewayConfigured: true };
    const preview = await cartPreview(deps, {
      items: [{ variantId: catalog.variantIds[0], quantity: 1 }],
    });
    expect(preview.installments).toMatchObject({ count: 6, interestFree: true });
    expect(preview.installmentsWithInterest).toMatchObject({ count: 12, interestFree: false });
    expect(preview.installmentOptions.map((option) => option.interestFree)).toEqual([
      ...Array<boolean>(6).fill(true),
      ...Array<boolean>(6).fill(false),
    ]);
    // Back to 0: the plans with interest go, 'sem juros' stays.
    await gql(UPDATE, { input: { installmentInterestPercent: 0 } });
    const after = await cartPreview(deps, {
      items: [{ variantId: catalog.variantIds[0], quantity: 1 }],
    });
    expect(after.installmentsWithInterest).toBeNull();
    expect(after.installmentOptions).toHaveLength(6);
  });

  it('records settings.update in the audit log with the changed fields, the Pix key masked', async () => {
    const { error } = await gql(UPDATE, {
      input: { storeName: 'Casa Ipê' },
    });
    expect(error).toBeUndefined();
    await graphql(
      ctx.app,
      `
        mutation ($input: SettingsInput!) {
          settingsUpdate(input: $input) {
            storeName
          }
        }
      `,
      { input: { pixKey: 'financeiro@casaipe.com.br' } },
      admin,
    );
    const rows = await ctx.db.execute<{
      action: string;
      entity: string;
      actor_name: string;
      summary: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(
      sql`SELECT action, entity, actor_name, summary, before, after FROM audit_log
        WHERE action = 'settings.update' ORDER BY at DESC, id DESC LIMIT 2`,
    );
    expect(rows.rows[0]).toMatchObject({
      entity: 'SETTINGS',
      actor_name: 'Ana Admin',
      after: { pixKey: 'fi***@casaipe.com.br' },
    });
    expect(JSON.stringify(rows.rows[0])).not.toContain('financeiro@');
    expect(rows.rows[1]).toMatchObject({
      // The summary names the fields as the Settings form does, not by their code names.
      summary: 'Configurações alteradas: Nome da loja.',
      before: { storeName: 'Vitrine' },
      after: { storeName: 'Casa Ipê' },
    });
    expect(rows.rows[0]!.summary).toBe('Configurações alteradas: Chave Pix.');
  });
});

describe('pixPreview', () => {
  it('answers the BR Code the checkout would build, read back by parseBrCode', async () => {
    const { data, error } = await gql(PIX, {
      input: {
        pixKey: '+55 (11) 98765-4321',
        pixMerchantName: 'Ateliê Ipê',
        pixMerchantCity: 'São Paulo',
        amountCents: 12345,
      },
    });
    expect(error).toBeUndefined();
    const preview = data?.pixPreview as { code: string; qrCodeSvg: string; amountCents: number };
    expect(preview.amountCents).toBe(12345);
    expect(preview.qrCodeSvg).toMatch(/^<svg/);
    const fields = parseBrCode(preview.code);
    expect(fields).toMatchObject({
      key: '+5511987654321',
      merchantName: 'Atelie Ipe',
      merchantCity: 'Sao Paulo',
      amountCents: 12345,
    });
    const byDefault = await gql(PIX, {
      input: { pixKey: '52998224725', pixMerchantName: 'Loja', pixMerchantCity: 'Recife' },
    });
    expect(parseBrCode((byDefault.data?.pixPreview as { code: string }).code).amountCents).toBe(
      10000,
    );
  });

  it.each([
    [{ pixKey: 'não é chave' }, 'input.pixKey', PIX_KEY_ERROR_MESSAGE],
    [{ pixMerchantName: '   ' }, 'input.pixMerchantName', /^Informe o nome do recebedor/],
    [{ pixMerchantCity: 'Cidade Com Nome Longo Demais' }, 'input.pixMerchantCity', /no máximo 15/],
    [{ amountCents: 0 }, 'input.amountCents', /R\$ 0,01/],
  ])('validates like settingsUpdate: %j', async (override, field, message) => {
    const { error } = await gql(PIX, {
      input: {
        pixKey: 'loja@exemplo.com.br',
        pixMerchantName: 'Loja',
        pixMerchantCity: 'Recife',
        ...override,
      },
    });
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(error?.message).toMatch(message);
  });

  it('is for ADMIN only', async () => {
    const { error } = await gql(
      PIX,
      { input: { pixKey: 'loja@exemplo.com.br', pixMerchantName: 'L', pixMerchantCity: 'R' } },
      support,
    );
    expect(error?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('shippingSimulate', () => {
  it("answers what a real cart's quote answers for the same CEP, weight and subtotal", async () => {
    const catalog = await insertFixtureCatalog(ctx.db, [
      { sku: 'FRETE-1', priceCents: 4000, stock: 10, weightGrams: 700 },
    ]);
    const quote = await graphql(
      ctx.app,
      `
        query ($items: [CartItemInput!]!) {
          shippingQuote(postalCode: "69900-000", items: $items) {
            methodId
            name
            kind
            priceCents
            fullPriceCents
            freeShipping
            businessDays
            billableWeightGrams
            pickupAddress
          }
        }
      `,
      { items: [{ variantId: catalog.variantIds[0], quantity: 2 }] },
    );
    expect(quote.body.errors).toBeUndefined();
    const simulated = await gql(SIMULATE, {
      postalCode: '69900000',
      weightGrams: 1400,
      subtotalCents: 8000,
    });
    expect(simulated.error).toBeUndefined();
    expect(simulated.data?.shippingSimulate).toEqual(quote.body.data?.shippingQuote);
    expect((simulated.data?.shippingSimulate as unknown[]).length).toBeGreaterThan(1);
  });

  it('applies the free-shipping threshold but not to excluded methods (SEDEX)', async () => {
    await gql(UPDATE, { input: { freeShippingThresholdCents: 20000 } });
    const { data } = await gql(SIMULATE, {
      postalCode: '01310-100',
      weightGrams: 500,
      subtotalCents: 25000,
    });
    const options = data?.shippingSimulate as {
      name: string;
      freeShipping: boolean;
      priceCents: number;
    }[];
    expect(options.find((o) => o.name === 'PAC')).toMatchObject({
      freeShipping: true,
      priceCents: 0,
    });
    expect(options.find((o) => o.name === 'SEDEX')?.freeShipping).toBe(false);
    await gql(UPDATE, { input: { freeShippingThresholdCents: null } });
  });

  it('refuses a bad CEP or weight naming the argument, and is for ADMIN only', async () => {
    const bad = await gql(SIMULATE, { postalCode: '123', weightGrams: 500 });
    expect(bad.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'postalCode' });
    const heavy = await gql(SIMULATE, { postalCode: '01310-100', weightGrams: 0 });
    expect(heavy.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'weightGrams' });
    const refused = await gql(SIMULATE, { postalCode: '01310-100', weightGrams: 500 }, support);
    expect(refused.error?.extensions?.code).toBe('FORBIDDEN');
  });
});
