// The products grid's and the catalog pages' parity table (@vitrine/rules parity/catalogGrid.cases)
// through the real server on a real database: each row's request, answered as the row says. The
// mocks run the same rows (packages/ui/src/mocks/parity.catalogGrid.test.ts).
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import {
  PRODUCTS_BULK_CASES,
  PRODUCTS_BULK_DOCUMENT,
  SAVED_PRODUCT,
  SAVED_PRODUCT_NAME,
  SAVED_PRODUCT_PRICE,
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

const SAVE_DOCUMENT = `mutation ($input: ProductSaveInput!) {
  r: productSave(input: $input) { id variants { id } }
}`;

/** A product of one variant, saved as staff do: its id and its variant's. */
async function saveProduct(name: string, variant: Record<string, unknown>) {
  const answer = await ask(SAVE_DOCUMENT, {
    input: {
      name,
      description: '',
      brandId: catalog.brandA,
      categoryId: catalog.categoryId,
      published: false,
      featured: false,
      images: [],
      variants: [variant],
    },
  });
  const saved = (answer as { data: { id: string; variants: { id: string }[] } }).data;
  return { productId: saved.id, variantId: saved.variants[0]!.id };
}

describe('bulk change parity table, on the server', () => {
  let saved = '';

  beforeAll(async () => {
    saved = (
      await saveProduct(SAVED_PRODUCT_NAME, { sku: 'PAR-GRADE', priceCents: SAVED_PRODUCT_PRICE })
    ).productId;
  });

  it.each(PRODUCTS_BULK_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const ids = row.input.ids as string[] | undefined;
    const input = ids
      ? { ...row.input, ids: ids.map((id) => (id === SAVED_PRODUCT ? saved : id)) }
      : row.input;
    expect(await ask(PRODUCTS_BULK_DOCUMENT, { input })).toEqual(row.answer);
  });
});
