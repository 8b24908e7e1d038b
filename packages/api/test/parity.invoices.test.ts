// The NF-e parity table of @vitrine/rules (packages/rules/parity/invoices.cases.ts) through the
// real server on a real database, with issuing configured (the provider is never reached: each
// row is refused, or its invoice is nobody's): each row's request answered as the row says. The
// mocks run the same rows (packages/ui/src/mocks/parity.test.ts).
import type { FastifyInstance } from 'fastify';
import { parityAnswer, type GraphqlBody } from '@vitrine/rules/parity/answer';
import { INVOICE_PARITY_TABLES, runParityTables } from '@vitrine/rules/parity/tables';
import { afterAll, beforeAll } from 'vitest';

import { buildApp } from '../src/app';
import { FocusNfeClient } from '../src/modules/invoices/focusnfe-client';
import { invoicesPlugin } from '../src/modules/invoices/invoices.plugin';
import { createTestContext, graphql, signInStaffRoles, type TestContext } from './helpers';

let ctx: TestContext;
let app: FastifyInstance;
let token = '';

beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp({
    config: ctx.config,
    db: ctx.db,
    clock: ctx.clock,
    logger: false,
    mailTransport: ctx.mail,
  });
  // Nothing listens there: a row that reached the provider would fail.
  app.register(invoicesPlugin, {
    provider: new FocusNfeClient({ baseUrl: 'http://127.0.0.1:9', token: 'paridade' }),
    environment: 'homologacao',
    webhookSecret: null,
  });
  await app.ready();
  token = (await signInStaffRoles({ app, db: ctx.db })).admin.token;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function ask(query: string, variables: Record<string, unknown>) {
  const { body } = await graphql(app, query, variables, token);
  return parityAnswer(body as GraphqlBody);
}

runParityTables(
  { title: 'on the server', ask: (query, variables) => ask(query, variables) },
  INVOICE_PARITY_TABLES,
);
