// The products grid's mock answers as the API: a BRAND_MANAGER's scope, SUPPORT read-only, filters,
// in-grid price and stock edits with their refusals, bulk changes all or nothing, the history.
import { beforeEach, describe, expect, it } from 'vitest';

import { catalogMock, handlerList, makeAccessToken, staffMock } from '../../../mocks';
import { makeStaffCatalog } from '../../../mocks/catalog/staffCatalog.fixtures';
import { server } from '../../../mocks/server';

interface GraphqlResult<T> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

async function staffGraphql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
) {
  const token = makeAccessToken('staff-1', 'admin@vitrine.com.br');
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlResult<T>;
}

const LIST = `query ($filter: StaffProductFilter, $sort: StaffProductSort, $first: Int, $offset: Int) {
  staffProducts(filter: $filter, sort: $sort, first: $first, offset: $offset) {
    totalCount
    nodes { id name published featured totalStock stockLevel minPriceCents brand { id } category { id }
      variants { id priceCents stock } }
  }
}`;

interface ListData {
  staffProducts: {
    totalCount: number;
    nodes: {
      id: string;
      name: string;
      published: boolean;
      featured: boolean;
      totalStock: number;
      stockLevel: string;
      minPriceCents: number;
      brand: { id: string };
      category: { id: string };
      variants: { id: string; priceCents: number; stock: number }[];
    }[];
  };
}

const PRICE = `mutation ($id: ID!, $priceCents: Int!) {
  variantPriceSet(id: $id, priceCents: $priceCents) { id priceCents }
}`;
const STOCK = `mutation ($variantId: ID!, $reason: StockAdjustReason!, $quantity: Int!, $note: String) {
  stockChange(variantId: $variantId, reason: $reason, quantity: $quantity, note: $note) { id stock }
}`;
const BULK = `mutation ($input: ProductBulkInput!) {
  productsBulk(input: $input) { action count historyEntry { summary productCount } }
}`;
const HISTORY = `{ catalogHistory { summary staffName } }`;
const MOVEMENTS = `query ($variantId: ID!) {
  stockMovements(variantId: $variantId) { delta kind stockAfter staffName note }
}`;

function asRole(role: 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT', brandIds: string[] = []) {
  server.use(...handlerList({ staff: staffMock.answers({ role, brandIds, name: 'Carla Dias' }) }));
}

beforeEach(() => {
  server.use(...handlerList({ catalog: catalogMock.answers(makeStaffCatalog()) }));
});

describe('staff catalog mock', () => {
  it('finds a product by the start or any part of a SKU, case ignored, as the server does', async () => {
    const SKUS = `{ staffProducts(first: 100) { nodes { id variants { sku } } } }`;
    const { nodes } = (
      await staffGraphql<{
        staffProducts: { nodes: { id: string; variants: { sku: string }[] }[] };
      }>(SKUS)
    ).data!.staffProducts;
    const product = nodes.find((node) => node.variants.length > 1)!;
    const sku = product.variants[0]!.sku;
    const found = async (search: string) =>
      (await staffGraphql<ListData>(LIST, { filter: { search } })).data!.staffProducts.nodes.map(
        (node) => node.id,
      );
    // 'AUR-107' of 'AUR-107-PRE-M', typed as staff type it.
    const start = sku.split('-').slice(0, 2).join('-');
    expect(await found(start)).toContain(product.id);
    expect(await found(sku.slice(2).toLowerCase())).toContain(product.id);
    expect(await found(`${sku}-NAO`)).toEqual([]);
  });

  it('lists 30 products, last changed first, and filters by stock, status and category subtree', async () => {
    const all = (await staffGraphql<ListData>(LIST, { first: 10 })).data!;
    expect(all.staffProducts.totalCount).toBe(30);
    expect(all.staffProducts.nodes).toHaveLength(10);
    const out = (await staffGraphql<ListData>(LIST, { filter: { stockLevel: 'OUT' } })).data!;
    expect(out.staffProducts.totalCount).toBeGreaterThan(0);
    expect(out.staffProducts.nodes.every((p) => p.totalStock === 0)).toBe(true);
    const drafts = (await staffGraphql<ListData>(LIST, { filter: { published: false } })).data!;
    expect(drafts.staffProducts.totalCount).toBe(4);
    const clothes = (await staffGraphql<ListData>(LIST, { filter: { categoryId: 'cat-roupas' } }))
      .data!;
    const categories = new Set(clothes.staffProducts.nodes.map((p) => p.category.id));
    expect(categories.has('cat-camisetas')).toBe(true);
    expect(categories.has('cat-tenis')).toBe(false);
    const cheap = (
      await staffGraphql<ListData>(LIST, { filter: { maxPriceCents: 5990 }, sort: 'PRICE_ASC' })
    ).data!;
    expect(cheap.staffProducts.nodes.every((p) => p.minPriceCents <= 5990)).toBe(true);
    expect(cheap.staffProducts.nodes[0]?.minPriceCents).toBe(3990);
  });

  it('finds by name without accents', async () => {
    const byName = (await staffGraphql<ListData>(LIST, { filter: { search: 'bone trucker' } }))
      .data!;
    expect(byName.staffProducts.nodes.map((p) => p.name)).toEqual(['Boné trucker de tela']);
  });

  it("shows a brand manager their brands' products only, and refuses the others'", async () => {
    asRole('BRAND_MANAGER', ['brand-serra']);
    const list = (await staffGraphql<ListData>(LIST, { first: 100 })).data!;
    expect(list.staffProducts.totalCount).toBeGreaterThan(0);
    expect(list.staffProducts.nodes.every((p) => p.brand.id === 'brand-serra')).toBe(true);
    const other = (await staffGraphql<ListData>(LIST, { filter: { brandIds: ['brand-aurora'] } }))
      .data!;
    expect(other.staffProducts.totalCount).toBe(0);
    const brands = await staffGraphql<{ staffBrands: { id: string }[] }>('{ staffBrands { id } }');
    expect(brands.data?.staffBrands).toEqual([{ id: 'brand-serra' }]);
    const refused = await staffGraphql(PRICE, { id: 'regata-canelada-v1', priceCents: 3990 });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bulk = await staffGraphql(BULK, {
      input: { action: 'PUBLISH', ids: ['product-regata-canelada'], expectedCount: 1 },
    });
    expect(bulk.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const ledger = await staffGraphql(MOVEMENTS, { variantId: 'regata-canelada-v1' });
    expect(ledger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const history = await staffGraphql<{ catalogHistory: { summary: string }[] }>(HISTORY);
    expect(history.data?.catalogHistory.map((entry) => entry.summary)).toEqual([
      'Preço de Bota de trekking impermeável (42): R$ 499,90 → R$ 529,90',
    ]);
  });

  it('lets SUPPORT read but not change', async () => {
    asRole('SUPPORT');
    expect((await staffGraphql<ListData>(LIST)).data?.staffProducts.totalCount).toBe(30);
    const refused = await staffGraphql(STOCK, {
      variantId: 'regata-canelada-v1',
      reason: 'RECEIVED',
      quantity: 1,
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('changes stock with a reason into the ledger, and refuses going below zero', async () => {
    const received = await staffGraphql(STOCK, {
      variantId: 'regata-canelada-v1',
      reason: 'RECEIVED',
      quantity: 8,
      note: 'NF 99',
    });
    expect(received.data).toEqual({ stockChange: { id: 'regata-canelada-v1', stock: 30 } });
    const counted = await staffGraphql(STOCK, {
      variantId: 'regata-canelada-v1',
      reason: 'STOCK_COUNT',
      quantity: 27,
    });
    expect(counted.data).toEqual({ stockChange: { id: 'regata-canelada-v1', stock: 27 } });
    const ledger = await staffGraphql<{
      stockMovements: { delta: number; kind: string; stockAfter: number; note: string | null }[];
    }>(MOVEMENTS, { variantId: 'regata-canelada-v1' });
    expect(ledger.data?.stockMovements.slice(0, 2)).toEqual([
      { delta: -3, kind: 'STOCK_COUNT', stockAfter: 27, staffName: 'Ana Souza', note: null },
      { delta: 8, kind: 'RECEIVED', stockAfter: 30, staffName: 'Ana Souza', note: 'NF 99' },
    ]);
    const refused = await staffGraphql(STOCK, {
      variantId: 'regata-canelada-v1',
      reason: 'DAMAGED',
      quantity: 28,
    });
    expect(refused.errors?.[0]?.message).toBe('Estoque insuficiente: há 27 unidades.');
    expect(refused.errors?.[0]?.extensions?.field).toBe('quantity');
  });

  it('applies a bulk change to a filter, checks expectedCount and records the history', async () => {
    const stale = await staffGraphql(BULK, {
      input: { action: 'FEATURE', filter: { stockLevel: 'OUT' }, expectedCount: 99 },
    });
    expect(stale.errors?.[0]?.extensions).toMatchObject({
      code: 'BULK_COUNT_CHANGED',
      field: 'input.expectedCount',
    });
    expect(stale.errors?.[0]?.message).toMatch(/^A seleção mudou: agora são \d+ produtos?\./);
    const out = (await staffGraphql<ListData>(LIST, { filter: { stockLevel: 'OUT' } })).data!;
    const count = out.staffProducts.totalCount;
    const done = await staffGraphql(BULK, {
      input: { action: 'UNPUBLISH', filter: { stockLevel: 'OUT' }, expectedCount: count },
    });
    expect(done.data).toEqual({
      productsBulk: {
        action: 'UNPUBLISH',
        count,
        historyEntry: { summary: `Despublicação de ${count} produtos`, productCount: count },
      },
    });
    const after = (
      await staffGraphql<ListData>(LIST, { filter: { stockLevel: 'OUT', published: true } })
    ).data!;
    expect(after.staffProducts.totalCount).toBe(0);
    const history = await staffGraphql<{ catalogHistory: { summary: string }[] }>(HISTORY);
    expect(history.data?.catalogHistory[0]?.summary).toBe(`Despublicação de ${count} produtos`);
  });

  it('refuses a price change that would make any price zero, changing nothing', async () => {
    const ids = ['product-meia-cano-alto-la', 'product-regata-canelada'];
    const refused = await staffGraphql(BULK, {
      input: {
        action: 'CHANGE_PRICES',
        ids,
        priceChange: { amountCents: -4000 },
        expectedCount: 2,
      },
    });
    expect(refused.errors?.[0]?.message).toBe(
      'A mudança deixaria o preço de 1 produto abaixo de R$ 0,01: “Meia cano alto de lã”. Nada foi alterado.',
    );
    const regata = (await staffGraphql<ListData>(LIST, { filter: { search: 'regata' } })).data!;
    expect(regata.staffProducts.nodes[0]?.minPriceCents).toBe(4990);
    const done = await staffGraphql(BULK, {
      input: {
        action: 'CHANGE_PRICES',
        ids,
        priceChange: { percent: -10, roundTo90: true },
        expectedCount: 2,
      },
    });
    expect(done.data).toMatchObject({
      productsBulk: {
        count: 2,
        historyEntry: {
          summary: 'Preços de 2 produtos: -10 % (arredondados para o ,90 mais próximo)',
        },
      },
    });
  });

  it('sets a package on every variant by the variant rules, keeping what is left out', async () => {
    const ids = ['product-meia-cano-alto-la', 'product-regata-canelada'];
    const zero = await staffGraphql(BULK, {
      input: { action: 'SET_PACKAGE', ids, package: { weightGrams: 0 }, expectedCount: 2 },
    });
    expect(zero.errors?.[0]).toMatchObject({
      message: 'O peso deve ser maior que zero.',
      extensions: { code: 'BAD_USER_INPUT', field: 'input.package.weightGrams' },
    });
    const none = await staffGraphql(BULK, {
      input: { action: 'SET_PACKAGE', ids, package: {}, expectedCount: 2 },
    });
    expect(none.errors?.[0]?.message).toBe('Informe o peso ou ao menos uma medida da embalagem.');
    const done = await staffGraphql(BULK, {
      input: {
        action: 'SET_PACKAGE',
        ids,
        package: { weightGrams: 180, lengthCm: 20, widthCm: 15, heightCm: 3 },
        expectedCount: 2,
      },
    });
    expect(done.errors).toBeUndefined();
    const summary = (done.data as { productsBulk: { historyEntry: { summary: string } } })
      .productsBulk.historyEntry.summary;
    expect(summary).toMatch(
      /^Embalagem de 2 produtos \(\d+ variantes\): peso 180 g, 20 × 15 × 3 cm$/,
    );
    const again = await staffGraphql(BULK, {
      input: { action: 'SET_PACKAGE', ids, package: { heightCm: 5 }, expectedCount: 2 },
    });
    expect(again.errors).toBeUndefined();
    const PACKAGES = `{ staffProducts(filter: { search: "regata" }) {
      nodes { variants { weightGrams lengthCm widthCm heightCm } } } }`;
    const regata = await staffGraphql<{
      staffProducts: { nodes: { variants: Record<string, number | null>[] }[] };
    }>(PACKAGES);
    expect(regata.data?.staffProducts.nodes[0]?.variants[0]).toEqual({
      weightGrams: 180,
      lengthCm: 20,
      widthCm: 15,
      heightCm: 5,
    });
  });
});
