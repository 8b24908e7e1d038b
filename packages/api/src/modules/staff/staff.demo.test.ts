// DEMO_STAFF_PASSWORD: a new demo store gets a brand manager and a support account to try each role.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  loginAs,
  TEST_SCRYPT,
  type TestContext,
} from '../../../test/helpers';
import { PasswordHasher } from './password';
import { DEMO_STAFF, seedDemoStaff } from './staff.service';

const PASSWORD = 'Demo-Vitrine-7q!Xk2-longa';
let ctx: TestContext;
const brandIds: Record<string, string> = {
  'aurora-textil': randomUUID(),
  'mandacaru-calcados': randomUUID(),
};
const hasher = new PasswordHasher(TEST_SCRYPT);
const brandIdOf = async (slug: string) => brandIds[slug] ?? null;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('seedDemoStaff (DEMO_STAFF_PASSWORD)', () => {
  it('creates a BRAND_MANAGER of the two first demo brands and a SUPPORT that sign in with the password', async () => {
    const created = await seedDemoStaff(ctx.db, hasher, PASSWORD, brandIdOf);
    expect(created.map((staff) => [staff.email, staff.role])).toEqual(
      DEMO_STAFF.map((account) => [account.email, account.role]),
    );

    const managerToken = await loginAs(ctx.app, 'marcas@vitrine.local', PASSWORD);
    const me = await graphql(ctx.app, '{ me { role brandIds } }', {}, managerToken);
    expect(me.body.data?.me).toEqual({
      role: 'BRAND_MANAGER',
      brandIds: [brandIds['aurora-textil'], brandIds['mandacaru-calcados']],
    });
    const supportToken = await loginAs(ctx.app, 'atendimento@vitrine.local', PASSWORD);
    const support = await graphql(ctx.app, '{ me { role brandIds } }', {}, supportToken);
    expect(support.body.data?.me).toEqual({ role: 'SUPPORT', brandIds: [] });
  });

  it('leaves accounts that exist alone (a second start creates nothing and keeps their passwords)', async () => {
    const again = await seedDemoStaff(ctx.db, hasher, 'Outra-senha-bem-longa-9!', brandIdOf);
    expect(again).toEqual([]);
    await expect(loginAs(ctx.app, 'marcas@vitrine.local', PASSWORD)).resolves.toEqual(
      expect.any(String),
    );
  });
});
