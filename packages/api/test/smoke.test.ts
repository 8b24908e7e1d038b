import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, createTestContext, graphql, loginAs, type TestContext } from './helpers';

describe('API server skeleton', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the health check with the database reachable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves storeSettings publicly over GraphQL', async () => {
    const { statusCode, body } = await graphql(
      ctx.app,
      '{ storeSettings { storeName pixDiscountPercent installments { maxInstallments minInstallmentCents } freeShippingThresholdCents } }',
    );
    expect(statusCode).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.storeSettings).toEqual({
      storeName: 'Vitrine',
      pixDiscountPercent: 5,
      installments: { maxInstallments: 10, minInstallmentCents: 500 },
      freeShippingThresholdCents: 29900,
    });
  });

  it('refuses me without a token with UNAUTHENTICATED', async () => {
    const { body } = await graphql(ctx.app, '{ me { id } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers me for a signed-in staff member', async () => {
    await createStaffUser(ctx.db, {
      email: 'ana@vitrine.test',
      password: 'uma senha bem longa',
      role: 'ADMIN',
      name: 'Ana',
    });
    const token = await loginAs(ctx.app, 'ana@vitrine.test', 'uma senha bem longa');
    const { body } = await graphql(
      ctx.app,
      '{ me { email name role active brandIds } }',
      {},
      token,
    );
    expect(body.data?.me).toEqual({
      email: 'ana@vitrine.test',
      name: 'Ana',
      role: 'ADMIN',
      active: true,
      brandIds: [],
    });
  });
});
