// The parity tables whose rows need nothing but a request: each row a document, its variables
// (with the world's ids written symbolically where they differ, see catalogStructure.cases.ts),
// who asks and the answer written out. Both runners (the server's packages/api/test/parity.test.ts
// and the mocks' packages/ui/src/mocks/parity.test.ts) run them all through `runParityTables`;
// the tables that need an order, a cart or a team put in place first keep their own loops there.
import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_CASES, AUDIT_LOG_DOCUMENT } from './audit.cases';
import { CATALOG_STRUCTURE_CASES, CATALOG_STRUCTURE_DOCUMENTS } from './catalogStructure.cases';
import { COUPON_CREATE_CASES, COUPON_CREATE_DOCUMENT } from './coupons.cases';
import type { ParityAnswer } from './orders.cases';
import { MAIL_OUTBOX_CASES, MAIL_OUTBOX_DOCUMENT } from './mail.cases';
import { ORDER_LIST_CASES, ORDER_LIST_DOCUMENT } from './ordersList.cases';
import { SETTINGS_UPDATE_CASES, SETTINGS_UPDATE_DOCUMENT } from './settings.cases';
import { SHIPPING_METHOD_CREATE_CASES, SHIPPING_METHOD_CREATE_DOCUMENT } from './shipping.cases';
import { DASHBOARD_STATS_CASES, DASHBOARD_STATS_DOCUMENT } from './stats.cases';
import { SAVED_VIEW_CASES, SAVED_VIEW_DOCUMENTS } from './views.cases';

export type ParityCaller = 'ADMIN' | 'SUPPORT';

export interface ParityRow {
  name: string;
  document: string;
  variables: Record<string, unknown>;
  /** Who asks (ADMIN unless told). */
  caller?: ParityCaller;
  answer: ParityAnswer<unknown>;
}

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
}

export const PARITY_TABLES: ParityTable[] = [
  {
    title: 'coupons',
    rows: COUPON_CREATE_CASES.map((row) => ({
      name: `couponCreate: ${row.name}`,
      document: COUPON_CREATE_DOCUMENT,
      variables: { input: row.input },
      answer: row.answer,
    })),
  },
  {
    title: 'shipping',
    rows: SHIPPING_METHOD_CREATE_CASES.map((row) => ({
      name: `shippingMethodCreate: ${row.name}`,
      document: SHIPPING_METHOD_CREATE_DOCUMENT,
      variables: { input: row.input },
      answer: row.answer,
    })),
  },
  {
    title: 'settings',
    rows: SETTINGS_UPDATE_CASES.map((row) => ({
      name: `settingsUpdate: ${row.name}`,
      document: SETTINGS_UPDATE_DOCUMENT,
      variables: { input: row.input },
      answer: row.answer,
    })),
  },
  {
    title: 'order list',
    rows: ORDER_LIST_CASES.map((row) => ({ ...row, document: ORDER_LIST_DOCUMENT })),
  },
  {
    title: 'audit log',
    rows: AUDIT_LOG_CASES.map((row) => ({ ...row, document: AUDIT_LOG_DOCUMENT })),
  },
  {
    title: 'saved views',
    rows: SAVED_VIEW_CASES.map((row) => ({
      ...row,
      document: SAVED_VIEW_DOCUMENTS[row.operation],
    })),
  },
  {
    title: 'dashboard stats',
    rows: DASHBOARD_STATS_CASES.map((row) => ({ ...row, document: DASHBOARD_STATS_DOCUMENT })),
  },
  {
    title: 'mail outbox',
    rows: MAIL_OUTBOX_CASES.map((row) => ({ ...row, document: MAIL_OUTBOX_DOCUMENT })),
  },
  {
    title: 'catalog structure',
    rows: CATALOG_STRUCTURE_CASES.map((row) => ({
      ...row,
      document: CATALOG_STRUCTURE_DOCUMENTS[row.operation],
    })),
  },
];

/** Every table's rows through `side`, one test per row. */
export function runParityTables(side: ParitySide, tables: ParityTable[] = PARITY_TABLES): void {
  for (const table of tables) {
    describe(`${table.title} parity table, ${side.title}`, () => {
      it.each(table.rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
        const variables = side.place ? side.place(row.variables) : row.variables;
        const answer = await side.ask(row.document, variables, row.caller ?? 'ADMIN');
        expect(answer).toEqual(row.answer);
      });
    });
  }
}
