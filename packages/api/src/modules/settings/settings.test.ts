// Store settings edited by staff: settingsUpdate (ADMIN only, every rule validated with a
// Portuguese message naming the field, partial updates, a log of each change) and the staff
// settings query; a store started without the demo seed can sell by Pix once configured.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  signInStaffRoles,
  STAFF_PASSWORD,
  type TestContext,
} from '../../../test/helpers';
import {
  fixtureOrderInput,
  insertFixtureCatalog,
  PLACE_ORDER_MUTATION,
} from '../checkout/checkout.fixtures';
import { parseBrCode } from '../payments/brcode';
import { isValidCnpj, normalisePixKey } from './settings.validation';

const FIELDS = `storeName pixKey pixMerchantName pixMerchantCity pixExpiryMinutes pixExpiryHours
  pixDiscountPercent maxInstallments minInstallmentCents freeShippingThresholdCents
  analyticsMeasurementId heroTitle heroSubtitle guestMaxUnitsPerLine guestMaxUnitsPerOrder
  updatedAt updatedByName`;
const UPDATE = `mutation($input: SettingsInput!) { settingsUpdate(input: $input) { ${FIELDS} } }`;
const READ = `{ settings { ${FIELDS} } }`;

let ctx: TestContext;
let admin: string;
let support: string;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await signInStaffRoles(ctx, { names: { admin: 'Ana Admin' } });
  admin = staff.admin.token;
  support = staff.support.token;
  manager = staff.manager.token;
});

afterAll(async () => {
  await ctx?.close();
});

async function update(input: Record<string, unknown>, token: string | null = admin) {
  const { body } = await graphql(ctx.app, UPDATE, { input }, token ?? undefined);
  return {
    data: body.data?.settingsUpdate as Record<string, unknown> | undefined,
    error: body.errors?.[0] as
      { message: string; extensions?: { code?: string; field?: string } } | undefined,
  };
}

describe('settingsUpdate: who may change the settings', () => {
  it('answers UNAUTHENTICATED without a token and changes nothing', async () => {
    const { error } = await update({ storeName: 'Invasor' }, null);
    expect(error?.extensions?.code).toBe('UNAUTHENTICATED');
    const { body } = await graphql(ctx.app, '{ storeSettings { storeName } }');
    expect(body.data?.storeSettings).toEqual({ storeName: 'Vitrine' });
  });

  it.each([
    ['SUPPORT', () => support],
    ['BRAND_MANAGER', () => manager],
  ])('answers FORBIDDEN to %s', async (_role, token) => {
    const { error } = await update({ storeName: 'Outra' }, token());
    expect(error?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lets any staff member read the settings (the Pix account: ADMIN only), but not the public', async () => {
    // The Pix receiving account is refused to other roles field by field (orders.staff.roles.test).
    const { body } = await graphql(
      ctx.app,
      '{ settings { pixExpiryMinutes pixExpiryHours guestMaxUnitsPerLine guestMaxUnitsPerOrder } }',
      {},
      support,
    );
    expect(body.errors).toBeUndefined();
    // Defaults of migration 0010: a 30-minute Pix hold, 10 units per product and 30 per order.
    expect(body.data?.settings).toMatchObject({
      pixExpiryMinutes: 30,
      pixExpiryHours: 1,
      guestMaxUnitsPerLine: 10,
      guestMaxUnitsPerOrder: 30,
    });
    const anonymous = await graphql(ctx.app, READ);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('settingsUpdate: values', () => {
  it('changes only the fields sent, records who and when, and logs each change', async () => {
    const before = (await graphql(ctx.app, READ, {}, admin)).body.data?.settings as Record<
      string,
      unknown
    >;
    ctx.clock.advance(1000);
    const { data, error } = await update({
      storeName: '  Casa   Aurora ',
      pixKey: 'loja@Aurora.com.br',
      maxInstallments: 6,
    });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({
      ...before,
      storeName: 'Casa Aurora',
      pixKey: 'loja@aurora.com.br',
      maxInstallments: 6,
      updatedByName: 'Ana Admin',
      updatedAt: expect.any(String),
    });
    const log = await ctx.db.execute<{ staff_name: string; changes: Record<string, unknown> }>(
      sql`SELECT staff_name, changes FROM settings_changes ORDER BY created_at DESC LIMIT 1`,
    );
    expect(log.rows[0]).toEqual({
      staff_name: 'Ana Admin',
      changes: {
        storeName: { from: 'Vitrine', to: 'Casa Aurora' },
        pixKey: { from: null, to: 'loja@aurora.com.br' },
        maxInstallments: { from: 10, to: 6 },
        // Lowering the maximum lowers the interest-free installments with it (never above it).
        interestFreeInstallments: { from: 10, to: 6 },
      },
    });
    // The public view follows.
    const { body } = await graphql(
      ctx.app,
      '{ storeSettings { storeName installments { maxInstallments } } }',
    );
    expect(body.data?.storeSettings).toEqual({
      storeName: 'Casa Aurora',
      installments: { maxInstallments: 6 },
    });
  });

  it('sets the Pix hold in minutes (the deprecated hours too) and the guest unit caps', async () => {
    const { data, error } = await update({
      pixExpiryMinutes: 45,
      guestMaxUnitsPerLine: 5,
      guestMaxUnitsPerOrder: 12,
    });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({
      pixExpiryMinutes: 45,
      pixExpiryHours: 1,
      guestMaxUnitsPerLine: 5,
      guestMaxUnitsPerOrder: 12,
    });
    const log = await ctx.db.execute<{ changes: Record<string, unknown> }>(
      sql`SELECT changes FROM settings_changes ORDER BY created_at DESC LIMIT 1`,
    );
    expect(log.rows[0]?.changes).toEqual({
      pixExpiryMinutes: { from: 30, to: 45 },
      guestMaxUnitsPerLine: { from: 10, to: 5 },
      guestMaxUnitsPerOrder: { from: 30, to: 12 },
    });
    // An older client sending whole hours still works: stored as minutes.
    const hours = await update({ pixExpiryHours: 2 });
    expect(hours.error).toBeUndefined();
    expect(hours.data).toMatchObject({ pixExpiryMinutes: 120, pixExpiryHours: 2 });
    const restored = await update({
      pixExpiryMinutes: 30,
      guestMaxUnitsPerLine: 10,
      guestMaxUnitsPerOrder: 30,
    });
    expect(restored.error).toBeUndefined();
  });

  it('writes no log row when nothing actually changes', async () => {
    const count = async () =>
      Number(
        (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM settings_changes`))
          .rows[0]!.n,
      );
    const before = await count();
    const { error } = await update({ maxInstallments: 6 });
    expect(error).toBeUndefined();
    expect(await count()).toBe(before);
  });

  it('clears the nullable settings with null', async () => {
    await update({ freeShippingThresholdCents: 19900, analyticsMeasurementId: 'g-abc123xyz' });
    const set = await update({});
    expect(set.data).toMatchObject({
      freeShippingThresholdCents: 19900,
      analyticsMeasurementId: 'G-ABC123XYZ',
    });
    const cleared = await update({
      freeShippingThresholdCents: null,
      analyticsMeasurementId: null,
    });
    expect(cleared.data).toMatchObject({
      freeShippingThresholdCents: null,
      analyticsMeasurementId: null,
    });
  });

  it('stores a percent Pix discount with up to two decimals and uses it in the cart', async () => {
    const { data } = await update({ pixDiscountPercent: 2.5 });
    expect(data?.pixDiscountPercent).toBe(2.5);
    const { body } = await graphql(ctx.app, '{ storeSettings { pixDiscountPercent } }');
    expect(body.data?.storeSettings).toEqual({ pixDiscountPercent: 2.5 });
  });

  it.each([
    // Pix keys: CPF and CNPJ with check digits, e-mail, +55 phone, random key.
    ['529.982.247-25', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['5F84A4C5-C5CB-4599-9F13-7EB4D419DACC', '5f84a4c5-c5cb-4599-9f13-7eb4d419dacc'],
  ])('accepts the Pix key %s as %s', async (key, stored) => {
    const { data, error } = await update({ pixKey: key });
    expect(error).toBeUndefined();
    expect(data?.pixKey).toBe(stored);
  });

  it.each([
    [{ storeName: '   ' }, 'storeName', 'Informe o nome da loja.'],
    [{ storeName: 'x'.repeat(81) }, 'storeName', 'Nome da loja pode ter no máximo 80 caracteres.'],
    [{ pixKey: '529.982.247-26' }, 'pixKey', /^Chave Pix inválida/],
    [{ pixKey: '11.222.333/0001-82' }, 'pixKey', /^Chave Pix inválida/],
    [{ pixKey: '11987654321x' }, 'pixKey', /^Chave Pix inválida/],
    [{ pixKey: '11 98765-4321' }, 'pixKey', /^Chave Pix inválida/],
    [{ pixKey: '+1 202 555 0100' }, 'pixKey', /^Chave Pix inválida/],
    [{ pixKey: 'loja@' }, 'pixKey', /^Chave Pix inválida/],
    [{ pixKey: '00000000000' }, 'pixKey', /^Chave Pix inválida/],
    [
      { pixMerchantName: 'Loja de Roupas e Acessórios Aurora' },
      'pixMerchantName',
      'Nome do recebedor pode ter no máximo 25 caracteres (limite do Pix).',
    ],
    [{ pixMerchantName: '😀' }, 'pixMerchantName', /^Informe o nome do recebedor/],
    [
      { pixMerchantCity: 'São José dos Campos' },
      'pixMerchantCity',
      'Cidade do recebedor pode ter no máximo 15 caracteres (limite do Pix).',
    ],
    [{ pixExpiryMinutes: 9 }, 'pixExpiryMinutes', /minutos entre 10 e 1440 \(24 horas\)/],
    [{ pixExpiryMinutes: 1441 }, 'pixExpiryMinutes', /minutos entre 10 e 1440/],
    [{ pixExpiryHours: 0 }, 'pixExpiryHours', /horas entre 1 e 24/],
    [{ pixExpiryHours: 25 }, 'pixExpiryHours', /horas entre 1 e 24/],
    [
      { pixExpiryHours: 1, pixExpiryMinutes: 60 },
      'pixExpiryHours',
      'Informe o prazo do Pix em minutos.',
    ],
    [{ guestMaxUnitsPerLine: 0 }, 'guestMaxUnitsPerLine', /por produto .* de 1 a 50/],
    [{ guestMaxUnitsPerLine: 51 }, 'guestMaxUnitsPerLine', /por produto .* de 1 a 50/],
    [{ guestMaxUnitsPerOrder: 0 }, 'guestMaxUnitsPerOrder', /por pedido .* de 1 a 500/],
    [{ guestMaxUnitsPerOrder: 501 }, 'guestMaxUnitsPerOrder', /por pedido .* de 1 a 500/],
    [{ pixDiscountPercent: -1 }, 'pixDiscountPercent', /entre 0 e 50/],
    [{ pixDiscountPercent: 50.01 }, 'pixDiscountPercent', /entre 0 e 50/],
    [{ pixDiscountPercent: 3.333 }, 'pixDiscountPercent', /duas casas decimais/],
    [{ maxInstallments: 0 }, 'maxInstallments', /de 1 a 12/],
    [{ maxInstallments: 13 }, 'maxInstallments', /de 1 a 12/],
    [{ minInstallmentCents: 99 }, 'minInstallmentCents', /entre R\$ 1,00/],
    [{ freeShippingThresholdCents: -1 }, 'freeShippingThresholdCents', /frete grátis/],
    [{ analyticsMeasurementId: 'UA-12345-1' }, 'analyticsMeasurementId', /G-XXXXXXXXXX/],
    [{ analyticsMeasurementId: 'G-<script>' }, 'analyticsMeasurementId', /G-XXXXXXXXXX/],
    [{ heroTitle: '  ' }, 'heroTitle', 'Informe o título da página inicial.'],
    [{ heroTitle: null }, 'heroTitle', 'Informe o título da página inicial.'],
    [
      { heroTitle: 'x'.repeat(121) },
      'heroTitle',
      'Título da página inicial pode ter no máximo 120 caracteres.',
    ],
    [
      { heroTitle: 'Linha um\nlinha dois' },
      'heroTitle',
      'Título da página inicial tem caracteres inválidos.',
    ],
    [
      { heroSubtitle: 'x'.repeat(241) },
      'heroSubtitle',
      'Subtítulo da página inicial pode ter no máximo 240 caracteres.',
    ],
    // A line break in the store's name is refused, not silently made a space.
    [{ storeName: 'Casa\nAurora' }, 'storeName', 'Nome da loja tem caracteres inválidos.'],
    [{ analyticsMeasurementId: 'UA-123' }, 'analyticsMeasurementId', /G-XXXXXXXXXX/],
    [
      { heroSubtitle: 'Oferta\u0000' },
      'heroSubtitle',
      'Subtítulo da página inicial tem caracteres inválidos.',
    ],
  ])('refuses %j naming %s', async (input, field, message) => {
    const before = (await graphql(ctx.app, READ, {}, admin)).body.data?.settings;
    // A valid change sent alongside is not applied either: nothing is half-written.
    const { error } = await update({ maxInstallments: 2, ...input });
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    if (typeof message === 'string') expect(error?.message).toBe(message);
    else expect(error?.message).toMatch(message);
    expect((await graphql(ctx.app, READ, {}, admin)).body.data?.settings).toEqual(before);
  });

  it('validates CNPJ check digits', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000180')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(normalisePixKey('+55 11 3333-4444')).toBe('+551133334444');
  });
});

describe("the home's hero", () => {
  const PUBLIC_HERO = '{ storeSettings { heroTitle heroSubtitle } }';

  it('starts with the texts the home had before it came from the API', async () => {
    const hero = {
      heroTitle: 'Marcas brasileiras que você ama, num só lugar',
      heroSubtitle:
        'Roupas, calçados e acessórios de pequenas marcas, com Pix com desconto e entrega para todo o Brasil.',
    };
    expect((await graphql(ctx.app, PUBLIC_HERO)).body.data?.storeSettings).toEqual(hero);
    const staffHero = await graphql(
      ctx.app,
      '{ settings { heroTitle heroSubtitle } }',
      {},
      support,
    );
    expect(staffHero.body.data?.settings).toEqual(hero);
  });

  it('is refused to anyone but an ADMIN and stays as it was', async () => {
    const before = (await graphql(ctx.app, PUBLIC_HERO)).body.data;
    expect((await update({ heroTitle: 'Invasão' }, null)).error?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    for (const token of [support, manager]) {
      const { error } = await update({ heroTitle: 'Outra', heroSubtitle: '' }, token);
      expect(error?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await graphql(ctx.app, PUBLIC_HERO)).body.data).toEqual(before);
  });

  it('is changed by an ADMIN, trimmed, logged and shown in the public storeSettings', async () => {
    const { data, error } = await update({
      heroTitle: '  Inverno   na Vitrine ',
      heroSubtitle: ' Casacos e botas de marcas do Sul. ',
    });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({
      heroTitle: 'Inverno na Vitrine',
      heroSubtitle: 'Casacos e botas de marcas do Sul.',
      updatedByName: 'Ana Admin',
    });
    const log = await ctx.db.execute<{ staff_name: string; changes: Record<string, unknown> }>(
      sql`SELECT staff_name, changes FROM settings_changes ORDER BY created_at DESC LIMIT 1`,
    );
    expect(log.rows[0]).toEqual({
      staff_name: 'Ana Admin',
      changes: {
        heroTitle: {
          from: 'Marcas brasileiras que você ama, num só lugar',
          to: 'Inverno na Vitrine',
        },
        heroSubtitle: {
          from: 'Roupas, calçados e acessórios de pequenas marcas, com Pix com desconto e entrega para todo o Brasil.',
          to: 'Casacos e botas de marcas do Sul.',
        },
      },
    });
    expect((await graphql(ctx.app, PUBLIC_HERO)).body.data?.storeSettings).toEqual({
      heroTitle: 'Inverno na Vitrine',
      heroSubtitle: 'Casacos e botas de marcas do Sul.',
    });
  });

  it('takes a title of exactly 120 characters and an empty or null subtitle', async () => {
    const title = 'T'.repeat(120);
    const set = await update({ heroTitle: title, heroSubtitle: '   ' });
    expect(set.error).toBeUndefined();
    expect(set.data).toMatchObject({ heroTitle: title, heroSubtitle: '' });
    await update({ heroSubtitle: 'De volta.' });
    const cleared = await update({ heroSubtitle: null });
    expect(cleared.data).toMatchObject({ heroSubtitle: '' });
  });
});

describe('a store started without the demo seed', () => {
  it('offers no payment until staff set a Pix key, then sells by Pix', async () => {
    const fresh = await createTestContext();
    try {
      await createStaffUser(fresh.db, {
        email: 'dona@loja.test',
        name: 'Dona',
        password: STAFF_PASSWORD,
        role: 'ADMIN',
      });
      const token = await loginAs(fresh.app, 'dona@loja.test', STAFF_PASSWORD);
      const catalog = await insertFixtureCatalog(fresh.db, [
        { sku: 'NOVA-1', priceCents: 10000, stock: 3 },
      ]);
      const method = await graphql(
        fresh.app,
        `
          mutation ($input: ShippingMethodInput!) {
            shippingMethodCreate(input: $input) {
              id
            }
          }
        `,
        {
          input: {
            name: 'Retirada no ateliê',
            kind: 'PICKUP',
            pickupPoint: {
              street: 'Rua Augusta',
              number: '100',
              district: 'Consolação',
              city: 'São Paulo',
              uf: 'SP',
              postalCode: '01304-001',
              hours: 'Seg. a sex., 10h às 18h',
            },
          },
        },
        token,
      );
      const methodId = (method.body.data?.shippingMethodCreate as { id: string }).id;
      const input = fixtureOrderInput(
        [{ variantId: catalog.variantIds[0]!, quantity: 1 }],
        methodId,
      );

      const methods = await graphql(fresh.app, '{ paymentMethods { method } }');
      expect(methods.body.data?.paymentMethods).toEqual([]);
      const refused = await graphql(fresh.app, PLACE_ORDER_MUTATION, { input });
      expect(refused.body.errors?.[0]).toMatchObject({
        message: 'O pagamento por Pix ainda não está configurado nesta loja.',
        extensions: { code: 'BAD_USER_INPUT', field: 'paymentMethod' },
      });

      const configured = await graphql(
        fresh.app,
        UPDATE,
        {
          input: {
            pixKey: '11.222.333/0001-81',
            pixMerchantName: 'Ateliê Ipê',
            pixMerchantCity: 'São Paulo',
            pixExpiryHours: 2,
            pixDiscountPercent: 10,
          },
        },
        token,
      );
      expect(configured.body.errors).toBeUndefined();
      expect((await graphql(fresh.app, '{ paymentMethods { method } }')).body.data).toEqual({
        paymentMethods: [{ method: 'PIX' }],
      });

      const placed = await graphql(fresh.app, PLACE_ORDER_MUTATION, {
        input: { ...input, idempotencyKey: `${input.idempotencyKey}-2` },
      });
      expect(placed.body.errors).toBeUndefined();
      const order = placed.body.data?.placeOrder as {
        totalCents: number;
        pixDiscountCents: number;
        pix: { code: string; expiresAt: string };
      };
      expect(order).toMatchObject({ pixDiscountCents: 1000, totalCents: 9000 });
      const fields = parseBrCode(order.pix.code);
      expect(fields.key).toBe('11222333000181');
      expect(fields.merchantName).toBe('Atelie Ipe');
      expect(fields.merchantCity).toBe('Sao Paulo');
      expect(fields.amount).toBe('90.00');
      expect(Date.parse(order.pix.expiresAt) - fresh.clock.now()).toBe(2 * 3_600_000);
    } finally {
      await fresh.close();
    }
  });
});
