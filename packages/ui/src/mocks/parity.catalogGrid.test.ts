// The products grid's and the catalog pages' parity table (@vitrine/rules parity/catalogGrid.cases)
// through the MSW mocks: each row's request answered as the row says, which is what the real server
// answers (packages/api/test/parity.catalogGrid.test.ts runs the same rows on a real database).
import {
  bulkInputWith,
  PRODUCTS_BULK_CASES,
  PRODUCTS_BULK_DOCUMENT,
  SAVED_PRODUCT_NAME,
  SAVED_PRODUCT_PRICE,
  saveParityProduct,
} from '@vitrine/rules/parity/catalogGrid.cases';
import { describe, expect, it } from 'vitest';

import { askMocks } from './parityAsk';

const ask = askMocks;

/** A product of one variant, saved as staff do: its id and its variant's. */
const saveProduct = (name: string, variant: Record<string, unknown>) =>
  saveParityProduct(ask, { brandId: 'brand-1', categoryId: 'category-1' }, name, variant);

describe('bulk change parity table, on the mocks', () => {
  it.each(PRODUCTS_BULK_CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    // Each test starts from a fresh world: the product is saved again.
    const { productId } = await saveProduct(SAVED_PRODUCT_NAME, {
      sku: 'PAR-GRADE',
      priceCents: SAVED_PRODUCT_PRICE,
    });
    const input = bulkInputWith(row, productId);
    expect(await ask(PRODUCTS_BULK_DOCUMENT, { input })).toEqual(row.answer);
  });
});
