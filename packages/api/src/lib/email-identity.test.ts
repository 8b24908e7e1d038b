// The coupon per-e-mail key: the same in TypeScript and in SQL (stored redemptions are keyed there).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { emailIdentityKey, emailIdentityKeySql } from './email-identity';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const CASES: Array<[string, string]> = [
  ['nome@exemplo.com.br', 'nome@exemplo.com.br'],
  ['Nome+1@Exemplo.com.br', 'nome@exemplo.com.br'],
  ['nome+promo+2@exemplo.com.br', 'nome@exemplo.com.br'],
  ['no.me@exemplo.com.br', 'no.me@exemplo.com.br'],
  ['N.o.M.e+x@Gmail.com', 'nome@gmail.com'],
  ['nome@googlemail.com', 'nome@gmail.com'],
  ['  nome@gmail.com ', 'nome@gmail.com'],
  ['+tag@exemplo.com', '@exemplo.com'],
  ['semarroba', 'semarroba'],
];

describe('emailIdentityKey', () => {
  it.each(CASES)('%j → %j, in TypeScript and in SQL', async (email, key) => {
    expect(emailIdentityKey(email)).toBe(key);
    const result = await ctx.db.execute<{ key: string }>(
      sql`SELECT ${emailIdentityKeySql(sql`${email}::text`)} AS key`,
    );
    expect(result.rows[0]!.key).toBe(key);
  });
});
