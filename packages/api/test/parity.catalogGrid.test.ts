// The products grid's and the catalog pages' parity table (@vitrine/rules parity/catalogGrid.cases)
// through the real server on a real database: each row's request, answered as the row says. The
// mocks run the same rows (packages/ui/src/mocks/parity.catalogGrid.test.ts).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import {
  bulkInputWith,
  PRODUCTS_BULK_CASES,
  PRODUCTS_BULK_DOCUMENT,
  SAVED_PRODUCT_NAME,
  SAVED_PRODUCT_PRICE,
  saveParityProduct,
} from '@vitrine/rules/parity/catalogGrid.cases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedFixtureCatalog, type FixtureCatalog } from '../src/modules/orders/orders.fixtures';
import { createTestContext, graphql, signInStaffRoles, type TestContext } from './helpers';

let ctx: TestContext;
let catalog: FixtureCatalog;
let token = '';

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
  token = (await signInStaffRoles(ctx)).admin.token;
});

afterAll(async () => {
  await ctx.close();
});

async function ask(query: string, variables: Record<string, unknown>) {
  const { body } = await graphql(ctx.app, query, variables, token);
  return parityAnswer(body as GraphqlBody);
}

/** A product of one variant, saved as staff do: its id and its variant's. */
const saveProduct = (name: string, variant: Record<string, unknown>) =>
  saveParityProduct(
    ask,
    { brandId: catalog.brandA, categoryId: catalog.categoryId },
    name,
    variant,
  );

describe('bulk change parity table, on the server', () => {
  let saved = '';

  beforeAll(async () => {
    saved = (
      await saveProduct(SAVED_PRODUCT_NAME, { sku: 'PAR-GRADE', priceCents: SAVED_PRODUCT_PRICE })
    ).productId;
  });

  it.each(PRODUCTS_BULK_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const input = bulkInputWith(row, saved);
    expect(await ask(PRODUCTS_BULK_DOCUMENT, { input })).toEqual(row.answer);
  });
});
