// The parity tables both runners run alike: each row a request (a document, its variables, with
// the world's ids written symbolically where they differ, see catalogStructure.cases.ts) or a
// short script of requests (make a product, then change its stock), who asks and the answer
// written out. Both runners (the server's packages/api/test/parity.test.ts and the mocks'
// packages/ui/src/mocks/parity.test.ts) run them all through `runParityTables`, each saying only
// how its side asks and which brand and category its world has; the tables that need an order or
// a cart put in place first (orders, checkout, returns, customers, team, bank statement entries)
// or a world of their own (the bulk change) keep their own loops.
import { describe, expect, it } from 'vitest';
import { parityData, type ParityAsk } from './answer';
import { AUDIT_LOG_CASES, AUDIT_LOG_DOCUMENT } from './audit.cases';
import {
  GRID_PAGE_CASES,
  GRID_PAGE_DOCUMENTS,
  PRODUCTS_CURSOR_DOCUMENT,
  saveParityProduct,
  STOCK_CHANGE_CASES,
  STOCK_CHANGE_DOCUMENT,
} from './catalogGrid.cases';
import {
  CATALOG_DELETE_CASES,
  CATALOG_STRUCTURE_CASES,
  CATALOG_STRUCTURE_DOCUMENTS,
  runCatalogDeleteCase,
} from './catalogStructure.cases';
import { COUPON_CREATE_CASES, COUPON_CREATE_DOCUMENT } from './coupons.cases';
import {
  INVOICE_CANCEL_CASES,
  INVOICE_CANCEL_DOCUMENT,
  INVOICE_CORRECT_CASES,
  INVOICE_CORRECT_DOCUMENT,
  INVOICE_LIST_CASES,
  INVOICES_DOCUMENT,
} from './invoices.cases';
import { MAIL_OUTBOX_CASES, MAIL_OUTBOX_DOCUMENT } from './mail.cases';
import type { ParityAnswer } from './orders.cases';
import { ORDER_LIST_CASES, ORDER_LIST_DOCUMENT } from './ordersList.cases';
import {
  ENTRY_CONFIRM_CASES,
  ENTRY_CONFIRM_DOCUMENT,
  ONE_CREDIT_CSV,
  ORDER_CANCEL_DOCUMENT,
  ORDER_PAY_CASES,
  ORDER_PAY_DOCUMENT,
  pixCreditFor,
  STATEMENT_CREATE_CASES,
  STATEMENT_CREATE_DOCUMENT,
  STATEMENT_CREATE_ENTRIES_DOCUMENT,
  STATEMENT_IMPORTS_CASES,
  STATEMENT_IMPORTS_DOCUMENT,
  UNKNOWN_ORDER_ID,
} from './payments.cases';
import { SETTINGS_UPDATE_CASES, SETTINGS_UPDATE_DOCUMENT } from './settings.cases';
import {
  SHIPPING_METHOD_CREATE_CASES,
  SHIPPING_METHOD_CREATE_DOCUMENT,
  SHIPPING_SIMULATE_CASES,
  SHIPPING_SIMULATE_DOCUMENT,
} from './shipping.cases';
import { DASHBOARD_STATS_CASES, DASHBOARD_STATS_DOCUMENT } from './stats.cases';
import { SAVED_VIEW_CASES, SAVED_VIEW_DOCUMENTS } from './views.cases';

export type { ParityAsk };

export type ParityCaller = 'ADMIN' | 'SUPPORT';

/** A brand and a category the side's world has (a script's products are made in them). */
export interface ParityKnown {
  brandId: string;
  categoryId: string;
  /** Puts a Pix order waiting for payment in the side's world (the bank statement scripts). */
  pendingPixOrder?(): Promise<{ id: string; number: string; totalCents: number }>;
}

interface ParityRowBase {
  name: string;
  /** Who asks (ADMIN unless told). */
  caller?: ParityCaller;
  answer: ParityAnswer<unknown>;
}

/** One request, answered as the row says. */
export interface ParityRequestRow extends ParityRowBase {
  document: string;
  variables: Record<string, unknown>;
}

/** Requests in order; the last one's answer is the row's. */
export interface ParityScriptRow extends ParityRowBase {
  script(ask: ParityAsk, known: ParityKnown): Promise<ParityAnswer<unknown>>;
}

export type ParityRow = ParityRequestRow | ParityScriptRow;

export interface ParityTable {
  title: string;
  rows: ParityRow[];
}

/** One side's way of asking: the real server or the mocks. */
export interface ParitySide {
  /** 'on the server', 'on the mocks'. */
  title: string;
  ask(document: string, variables: Record<string, unknown>, caller: ParityCaller): Promise<unknown>;
  /** The row's variables with the side's own ids and slugs in place of the symbolic ones. */
  place?(variables: Record<string, unknown>): Record<string, unknown>;
  /** Read when a row runs (the server's world is made before the tests). */
  known?(): ParityKnown;
}

const request = <T extends { name: string; answer: ParityAnswer<unknown> }>(
  cases: readonly T[],
  document: (row: T) => string,
  variables: (row: T) => Record<string, unknown>,
  prefix = '',
): ParityRequestRow[] =>
  cases.map((row) => ({
    name: `${prefix}${row.name}`,
    document: document(row),
    variables: variables(row),
    answer: row.answer,
    ...('caller' in row && row.caller ? { caller: row.caller as ParityCaller } : {}),
  }));

const own = (row: { variables: Record<string, unknown> }) => row.variables;

// The products grid's scripts: a product of one variant saved as staff do, then the row's request.
const GRID_TABLES: ParityTable[] = [
  {
    title: 'catalog pages',
    rows: GRID_PAGE_CASES.map((row) => ({
      name: row.name,
      answer: row.answer,
      async script(ask) {
        const variables = { ...row.variables };
        if (row.afterFrom) {
          const first = parityData<{ pageInfo: { endCursor: string | null } }>(
            await ask(PRODUCTS_CURSOR_DOCUMENT, { sort: row.afterFrom }),
          );
          if (first.pageInfo.endCursor === null) throw new Error('no first page');
          variables.after = first.pageInfo.endCursor;
        }
        return ask(GRID_PAGE_DOCUMENTS[row.query], variables);
      },
    })),
  },
  {
    title: 'stock change',
    rows: STOCK_CHANGE_CASES.map((row, index) => ({
      name: row.name,
      answer: row.answer,
      async script(ask, known) {
        const { variantId } = await saveParityProduct(ask, known, `Estoque paridade ${index}`, {
          sku: `PAR-ESTOQUE-${index}`,
          priceCents: 9990,
          stock: row.stock,
        });
        return ask(STOCK_CHANGE_DOCUMENT, { variantId, ...row.change });
      },
    })),
  },
];

/**
 * A bank statement's credit confirmed as an order's payment: one Pix order waiting in each row's
 * world, a statement whose credit matches it (or not), the order canceled first when the row says.
 */
const ENTRY_CONFIRM_TABLE: ParityTable = {
  title: 'bank statement entry confirmation',
  rows: ENTRY_CONFIRM_CASES.map((row) => ({
    name: row.name,
    answer: row.answer,
    async script(ask, known) {
      if (!known.pendingPixOrder) throw new Error('this side makes no Pix order');
      const order = await known.pendingPixOrder();
      const content =
        row.statement === 'matched' ? pixCreditFor(order.number, order.totalCents) : ONE_CREDIT_CSV;
      const made = parityData<{ entries: { id: string }[] }>(
        await ask(STATEMENT_CREATE_ENTRIES_DOCUMENT, {
          input: { fileName: 'extrato.csv', content },
        }),
      );
      if (row.canceledFirst) {
        parityData<{ status: string }>(await ask(ORDER_CANCEL_DOCUMENT, { id: order.id }));
      }
      const orderId = row.orderId === 'own' ? order.id : UNKNOWN_ORDER_ID;
      return ask(ENTRY_CONFIRM_DOCUMENT, { id: made.entries[0]!.id, orderId });
    },
  })),
};

export const PARITY_TABLES: ParityTable[] = [
  {
    title: 'coupons',
    rows: request(
      COUPON_CREATE_CASES,
      () => COUPON_CREATE_DOCUMENT,
      (row) => ({ input: row.input }),
      'couponCreate: ',
    ),
  },
  {
    title: 'shipping',
    rows: request(
      SHIPPING_METHOD_CREATE_CASES,
      () => SHIPPING_METHOD_CREATE_DOCUMENT,
      (row) => ({ input: row.input }),
      'shippingMethodCreate: ',
    ),
  },
  {
    title: 'shipping simulator',
    rows: request(SHIPPING_SIMULATE_CASES, () => SHIPPING_SIMULATE_DOCUMENT, own),
  },
  {
    title: 'settings',
    rows: request(
      SETTINGS_UPDATE_CASES,
      () => SETTINGS_UPDATE_DOCUMENT,
      (row) => ({ input: row.input }),
      'settingsUpdate: ',
    ),
  },
  { title: 'order list', rows: request(ORDER_LIST_CASES, () => ORDER_LIST_DOCUMENT, own) },
  { title: 'audit log', rows: request(AUDIT_LOG_CASES, () => AUDIT_LOG_DOCUMENT, own) },
  {
    title: 'saved views',
    rows: request(SAVED_VIEW_CASES, (row) => SAVED_VIEW_DOCUMENTS[row.operation], own),
  },
  {
    title: 'dashboard stats',
    rows: request(DASHBOARD_STATS_CASES, () => DASHBOARD_STATS_DOCUMENT, own),
  },
  { title: 'mail outbox', rows: request(MAIL_OUTBOX_CASES, () => MAIL_OUTBOX_DOCUMENT, own) },
  {
    title: 'catalog structure',
    rows: request(
      CATALOG_STRUCTURE_CASES,
      (row) => CATALOG_STRUCTURE_DOCUMENTS[row.operation],
      own,
    ),
  },
  {
    title: 'catalog deletes',
    rows: CATALOG_DELETE_CASES.map((row) => ({
      name: row.name,
      answer: row.answer,
      script: (ask, known) => runCatalogDeleteCase(row, ask, known),
    })),
  },
  ...GRID_TABLES,
  // The list first: the statements the rows below import would be on it.
  {
    title: 'bank statements list',
    rows: request(STATEMENT_IMPORTS_CASES, () => STATEMENT_IMPORTS_DOCUMENT, own),
  },
  {
    title: 'bank statement import',
    rows: request(STATEMENT_CREATE_CASES, () => STATEMENT_CREATE_DOCUMENT, own),
  },
  ENTRY_CONFIRM_TABLE,
  { title: 'orderPay', rows: request(ORDER_PAY_CASES, () => ORDER_PAY_DOCUMENT, own) },
];

/** The NF-e's tables: on the server, with the NF-e provider's plugin registered. */
export const INVOICE_PARITY_TABLES: ParityTable[] = [
  { title: 'NF-e list', rows: request(INVOICE_LIST_CASES, () => INVOICES_DOCUMENT, own) },
  {
    title: 'NF-e cancellation',
    rows: request(INVOICE_CANCEL_CASES, () => INVOICE_CANCEL_DOCUMENT, own),
  },
  {
    title: 'carta de correção',
    rows: request(INVOICE_CORRECT_CASES, () => INVOICE_CORRECT_DOCUMENT, own),
  },
];

/** Every table's rows through `side`, one test per row. */
export function runParityTables(side: ParitySide, tables: ParityTable[] = PARITY_TABLES): void {
  for (const table of tables) {
    describe(`${table.title} parity table, ${side.title}`, () => {
      it.each(table.rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
        const caller = row.caller ?? 'ADMIN';
        const ask: ParityAsk = async (document, variables) =>
          (await side.ask(
            document,
            side.place ? side.place(variables) : variables,
            caller,
          )) as ParityAnswer<unknown>;
        const answer =
          'script' in row
            ? await row.script(ask, side.known?.() ?? { brandId: '', categoryId: '' })
            : await ask(row.document, row.variables);
        expect(answer).toEqual(row.answer);
      });
    });
  }
}
