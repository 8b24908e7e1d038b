// Parity table of the dashboard's products grid and the catalog's pages, and what the API answers:
// the grid's page (staffProducts) and the history's (catalogHistory), the storefront listing's page
// and cursor (products), a stock change by hand (stockChange) and a bulk change (productsBulk),
// each refusal with its Portuguese message and field in the order the server checks them
// (@vitrine/rules paging.input and catalogGrid.input). The same rows run through the real server
// (packages/api/test/parity.catalogGrid.test.ts) and through the MSW mocks
// (packages/ui/src/mocks/parity.catalogGrid.test.ts); the answers are written out. What differs
// between the two worlds (ids, cursors, the products held) is left to the runners: a stock change
// is made on a variant the runner saves first with `stock`, a bulk change's SAVED_PRODUCT is a
// product the runner saves first (named SAVED_PRODUCT_NAME, one variant at SAVED_PRODUCT_PRICE).
import type { ParityAnswer } from './orders.cases';
import { parityData, type ParityAsk } from './answer';

export const GRID_PAGE_DOCUMENTS = {
  staffProducts: `query ($first: Int, $offset: Int) {
  r: staffProducts(first: $first, offset: $offset) { nodes { id } }
}`,
  catalogHistory: `query ($first: Int, $offset: Int) {
  r: catalogHistory(first: $first, offset: $offset) { id }
}`,
  products: `query ($first: Int, $after: String, $sort: ProductSort) {
  r: products(first: $first, after: $after, sort: $sort) { nodes { id } }
}`,
} as const;

/** The storefront's first page, for a cursor of `sort` (the runners' own). */
export const PRODUCTS_CURSOR_DOCUMENT = `query ($sort: ProductSort) {
  r: products(first: 1, sort: $sort) { pageInfo { endCursor } }
}`;

export interface GridPageCase {
  name: string;
  query: keyof typeof GRID_PAGE_DOCUMENTS;
  variables: Record<string, unknown>;
  /** products: `after` is the end cursor of this sort's first page. */
  afterFrom?: 'NAME' | 'PRICE_ASC';
  answer: ParityAnswer<unknown>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

export const GRID_PAGE_CASES: GridPageCase[] = [
  {
    name: 'staffProducts: a page of 0 rows from 10.000',
    query: 'staffProducts',
    variables: { first: 0, offset: 10_000 },
    answer: { data: { nodes: [] } },
  },
  {
    name: 'staffProducts: a page of -1 rows',
    query: 'staffProducts',
    variables: { first: -1 },
    answer: refused('first', 'Informe first entre 0 e 100.'),
  },
  {
    name: 'staffProducts: a page of 101 rows, from -1: the size first',
    query: 'staffProducts',
    variables: { first: 101, offset: -1 },
    answer: refused('first', 'Informe first entre 0 e 100.'),
  },
  {
    name: 'staffProducts: from -1',
    query: 'staffProducts',
    variables: { offset: -1 },
    answer: refused(
      'offset',
      'Informe offset entre 0 e 10.000; refine os filtros para ver produtos além disso.',
    ),
  },
  {
    name: 'staffProducts: from 10.001',
    query: 'staffProducts',
    variables: { first: 100, offset: 10_001 },
    answer: refused(
      'offset',
      'Informe offset entre 0 e 10.000; refine os filtros para ver produtos além disso.',
    ),
  },
  {
    name: 'catalogHistory: 0 entries from 10.000',
    query: 'catalogHistory',
    variables: { first: 0, offset: 10_000 },
    answer: { data: [] },
  },
  {
    name: 'catalogHistory: 101 entries',
    query: 'catalogHistory',
    variables: { first: 101 },
    answer: refused('first', 'Peça de 0 a 100 registros por vez.'),
  },
  {
    name: 'catalogHistory: -1 entries',
    query: 'catalogHistory',
    variables: { first: -1 },
    answer: refused('first', 'Peça de 0 a 100 registros por vez.'),
  },
  {
    name: 'catalogHistory: from 10.001',
    query: 'catalogHistory',
    variables: { offset: 10_001 },
    answer: refused('offset', 'O deslocamento vai de 0 a 10000.'),
  },
  {
    name: 'products: a page of -1',
    query: 'products',
    variables: { first: -1 },
    answer: refused('first', 'first não pode ser negativo.'),
  },
  {
    name: 'products: a page of 101',
    query: 'products',
    variables: { first: 101 },
    answer: refused('first', 'first aceita no máximo 100 itens por página.'),
  },
  {
    name: 'products: a cursor nobody wrote',
    query: 'products',
    variables: { first: 5, sort: 'NAME', after: 'nao-e-um-cursor' },
    answer: refused('after', 'Cursor inválido: use o endCursor da página anterior.'),
  },
  {
    name: 'products: a cursor of the listing by name, for the listing by price',
    query: 'products',
    variables: { first: 5, sort: 'PRICE_ASC' },
    afterFrom: 'NAME',
    answer: refused('after', 'Este cursor pertence a outra ordenação; recomece a listagem.'),
  },
];

export const STOCK_CHANGE_DOCUMENT = `mutation ($variantId: ID!, $reason: StockAdjustReason!, $quantity: Int!, $note: String) {
  r: stockChange(variantId: $variantId, reason: $reason, quantity: $quantity, note: $note) { stock }
}`;

export interface StockChangeCase {
  name: string;
  /** The variant's stock, saved by the runner before the change. */
  stock: number;
  change: { reason: string; quantity: number; note?: string | null };
  answer: ParityAnswer<{ stock: number }>;
}

const COUNTED = 'Informe a quantidade contada: de 0 a 1.000.000 unidades.';
const QUANTITY = 'Informe uma quantidade de 1 a 1.000.000 unidades.';

export const STOCK_CHANGE_CASES: StockChangeCase[] = [
  {
    name: 'received, with a note of 500 characters',
    stock: 5,
    change: { reason: 'RECEIVED', quantity: 3, note: ` ${'n'.repeat(500)} ` },
    answer: { data: { stock: 8 } },
  },
  {
    name: 'counted: none left',
    stock: 5,
    change: { reason: 'STOCK_COUNT', quantity: 0 },
    answer: { data: { stock: 0 } },
  },
  {
    name: 'sold outside the store: all of it',
    stock: 5,
    change: { reason: 'MANUAL_SALE', quantity: 5, note: '   ' },
    answer: { data: { stock: 0 } },
  },
  {
    name: 'received: none',
    stock: 5,
    change: { reason: 'RECEIVED', quantity: 0 },
    answer: refused('quantity', QUANTITY),
  },
  {
    name: 'damaged: 1.000.001, with a note too long: the quantity first',
    stock: 5,
    change: { reason: 'DAMAGED', quantity: 1_000_001, note: 'x'.repeat(501) },
    answer: refused('quantity', QUANTITY),
  },
  {
    name: 'counted: -1',
    stock: 5,
    change: { reason: 'STOCK_COUNT', quantity: -1 },
    answer: refused('quantity', COUNTED),
  },
  {
    name: 'counted: 1.000.001',
    stock: 5,
    change: { reason: 'STOCK_COUNT', quantity: 1_000_001 },
    answer: refused('quantity', COUNTED),
  },
  {
    name: 'a note of 501 characters',
    stock: 5,
    change: { reason: 'RECEIVED', quantity: 1, note: 'x'.repeat(501) },
    answer: refused('note', 'Observação deve ter no máximo 500 caracteres.'),
  },
  {
    name: 'damaged: more than there is',
    stock: 5,
    change: { reason: 'DAMAGED', quantity: 6 },
    answer: refused('quantity', 'Estoque insuficiente: há 5 unidades.'),
  },
  {
    name: 'sold outside the store: 2 of 1',
    stock: 1,
    change: { reason: 'MANUAL_SALE', quantity: 2 },
    answer: refused('quantity', 'Estoque insuficiente: há 1 unidade.'),
  },
  {
    name: 'received: above 1.000.000 in stock',
    stock: 5,
    change: { reason: 'RECEIVED', quantity: 1_000_000 },
    answer: refused('quantity', 'O estoque deve ser de no máximo 1.000.000 unidades.'),
  },
];

export const PRODUCTS_BULK_DOCUMENT = `mutation ($input: ProductBulkInput!) {
  r: productsBulk(input: $input) { action count }
}`;

/** Stands for the product the runner saves first (each world's own id). */
export const SAVED_PRODUCT = '@produto-salvo';
export const SAVED_PRODUCT_NAME = 'Grade paridade';
export const SAVED_PRODUCT_PRICE = 100;

/** Well formed for the server, held by neither world. */
const NO_SUCH_ID = '00000000-0000-4000-8000-00000000b0b0';
/** Words no product has in either world. */
const NOTHING = 'zzqxgrade';

export interface ProductsBulkCase {
  name: string;
  /** ProductBulkInput; SAVED_PRODUCT in ids is the runner's saved product. */
  input: Record<string, unknown>;
  answer: ParityAnswer<{ action: string; count: number }>;
}

const mine = { ids: [SAVED_PRODUCT], expectedCount: 1 };
const prices = (priceChange: unknown) => ({ action: 'CHANGE_PRICES', ...mine, priceChange });
const ONE_OF = 'Escolha os produtos pela lista ou pelo filtro (um dos dois).';
const PERCENT_BOUNDS = 'A porcentagem deve ser maior que -100 % e de no máximo 1000 %.';

export const PRODUCTS_BULK_CASES: ProductsBulkCase[] = [
  {
    name: 'neither ids nor a filter',
    input: { action: 'PUBLISH', expectedCount: 1 },
    answer: refused('input.ids', ONE_OF),
  },
  {
    name: 'ids and a filter',
    input: { action: 'PUBLISH', ids: [SAVED_PRODUCT], filter: {}, expectedCount: 1 },
    answer: refused('input.filter', ONE_OF),
  },
  {
    name: 'an empty list of ids',
    input: { action: 'PUBLISH', ids: [], expectedCount: 0 },
    answer: refused('input.ids', 'Escolha de 1 a 1000 produtos pela lista (ou use o filtro).'),
  },
  {
    name: '1001 ids',
    input: {
      action: 'PUBLISH',
      ids: Array.from(
        { length: 1001 },
        (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      ),
      expectedCount: 1001,
    },
    answer: refused('input.ids', 'Escolha de 1 a 1000 produtos pela lista (ou use o filtro).'),
  },
  {
    name: 'an id that is not one',
    input: { action: 'PUBLISH', ids: [SAVED_PRODUCT, 'produto inválido!'], expectedCount: 2 },
    answer: refused('input.ids', 'Produto inválido na seleção.'),
  },
  {
    name: 'a negative count',
    input: { action: 'FEATURE', ids: [SAVED_PRODUCT], expectedCount: -1 },
    answer: refused('input.expectedCount', 'Número de produtos esperado inválido.'),
  },
  {
    name: 'a move without a category',
    input: { action: 'MOVE_TO_CATEGORY', ...mine },
    answer: refused('input.categoryId', 'Escolha a categoria de destino.'),
  },
  {
    name: 'a move to a category neither world holds',
    input: { action: 'MOVE_TO_CATEGORY', ...mine, categoryId: NO_SUCH_ID },
    answer: refused('input.categoryId', 'Categoria não encontrada.'),
  },
  {
    name: 'a change of prices without the change',
    input: prices(null),
    answer: refused('input.priceChange', 'Informe a mudança de preço.'),
  },
  {
    name: 'a percent and an amount',
    input: prices({ percent: 10, amountCents: 100 }),
    answer: refused(
      'input.priceChange.percent',
      'Informe a mudança em porcentagem ou em reais (uma das duas).',
    ),
  },
  {
    name: 'less 100 %',
    input: prices({ percent: -100 }),
    answer: refused('input.priceChange.percent', PERCENT_BOUNDS),
  },
  {
    name: 'plus 1000,5 %',
    input: prices({ percent: 1000.5 }),
    answer: refused('input.priceChange.percent', PERCENT_BOUNDS),
  },
  {
    name: 'plus 0 %, not rounded',
    input: prices({ percent: 0 }),
    answer: refused('input.priceChange.percent', 'Informe uma porcentagem diferente de zero.'),
  },
  {
    name: 'plus R$ 0,00, not rounded',
    input: prices({ amountCents: 0 }),
    answer: refused('input.priceChange.amountCents', 'Informe um valor diferente de zero.'),
  },
  {
    name: 'plus R$ 1.000.000,01',
    input: prices({ amountCents: 100_000_001 }),
    answer: refused('input.priceChange.amountCents', 'Valor inválido para a mudança de preço.'),
  },
  {
    name: 'less R$ 1,00 on a price of R$ 1,00',
    input: prices({ amountCents: -SAVED_PRODUCT_PRICE }),
    answer: refused(
      'input.priceChange',
      `A mudança deixaria o preço de 1 produto abaixo de R$ 0,01: “${SAVED_PRODUCT_NAME}”. Nada foi alterado.`,
    ),
  },
  {
    name: 'plus R$ 1.000.000,00 on a price of R$ 1,00',
    input: prices({ amountCents: 100_000_000 }),
    answer: refused(
      'input.priceChange',
      `A mudança deixaria o preço de 1 produto acima de R$ 1.000.000,00: “${SAVED_PRODUCT_NAME}”. Nada foi alterado.`,
    ),
  },
  {
    name: 'a product neither world holds, counted as none',
    input: { action: 'FEATURE', ids: [NO_SUCH_ID], expectedCount: 0 },
    answer: refused('input.ids', 'Nenhum produto na seleção: nada a alterar.'),
  },
  {
    name: 'a filter nothing matches, counted as none',
    input: { action: 'FEATURE', filter: { search: NOTHING }, expectedCount: 0 },
    answer: refused('input.filter', 'Nenhum produto na seleção: nada a alterar.'),
  },
  {
    name: 'the count changed since the confirmation',
    input: { action: 'FEATURE', ids: [SAVED_PRODUCT], expectedCount: 2 },
    answer: {
      code: 'BULK_COUNT_CHANGED',
      field: 'input.expectedCount',
      message: 'A seleção mudou: agora são 1 produto. Confira e confirme de novo.',
    },
  },
  {
    name: 'the saved product featured',
    input: { action: 'FEATURE', ...mine },
    answer: { data: { action: 'FEATURE', count: 1 } },
  },
];

const SAVE_DOCUMENT = `mutation ($input: ProductSaveInput!) {
  r: productSave(input: $input) { id variants { id } }
}`;

/** A product of one variant saved as staff do, in the world's brand and category. */
export async function saveParityProduct(
  ask: ParityAsk,
  known: { brandId: string; categoryId: string },
  name: string,
  variant: Record<string, unknown>,
): Promise<{ productId: string; variantId: string }> {
  const saved = parityData<{ id: string; variants: { id: string }[] }>(
    await ask(SAVE_DOCUMENT, {
      input: {
        name,
        description: '',
        brandId: known.brandId,
        categoryId: known.categoryId,
        published: false,
        featured: false,
        images: [],
        variants: [variant],
      },
    }),
  );
  return { productId: saved.id, variantId: saved.variants[0]!.id };
}

/** The bulk row's input with the saved product's id in place of SAVED_PRODUCT. */
export function bulkInputWith(row: ProductsBulkCase, productId: string): Record<string, unknown> {
  const ids = row.input.ids as string[] | undefined;
  return ids
    ? { ...row.input, ids: ids.map((id) => (id === SAVED_PRODUCT ? productId : id)) }
    : row.input;
}
