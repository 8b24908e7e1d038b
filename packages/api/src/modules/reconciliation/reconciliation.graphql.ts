// Pix reconciliation over GraphQL (ADMIN only: the store's money, STORE_MONEY_ROLES): statement
// imports, their entries with the order each names (batched per request), and the confirmation of
// the matched entries. Every other role gets FORBIDDEN before the statement is read.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { badUserInput } from '../../graphql/errors';
import { requireStaff, STORE_MONEY_ROLES } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import { keyedLoader } from '../../lib/keyed-loader';
import type { OrderRow } from '../orders/orders.tables';
import { entriesOfImports, listStatementImports, ordersByIds } from './reconciliation.repository';
import { checkStatementImportsPage, namesAgree } from '@vitrine/rules';
import {
  confirmEntry,
  confirmMatchedEntries,
  importStatement,
  statementImport,
} from './reconciliation.service';
import type {
  BankStatementEntryRow,
  BankStatementImportRow,
  EntryMatch,
} from './reconciliation.tables';

const RECONCILIATION_ROLES = STORE_MONEY_ROLES;

function loaders(ctx: GraphQLContext) {
  return ctx.loaders.get('reconciliation', () => ({
    entries: keyedLoader<string, BankStatementEntryRow[]>(
      async (ids) => {
        const groups = new Map<string, BankStatementEntryRow[]>();
        for (const row of await entriesOfImports(ctx.db, ids)) {
          const group = groups.get(row.importId);
          if (group) group.push(row);
          else groups.set(row.importId, [row]);
        }
        return groups;
      },
      () => [],
    ),
    orders: keyedLoader<string, OrderRow | null>(
      (ids) => ordersByIds(ctx.db, ids),
      () => null,
    ),
  }));
}

function count(match: EntryMatch) {
  return async (row: BankStatementImportRow, _args: unknown, ctx: GraphQLContext) =>
    (await loaders(ctx).entries.load(row.id)).filter((entry) => entry.match === match).length;
}

export const resolvers: Resolvers = {
  Query: {
    async bankStatementImports(_root, args, ctx) {
      requireStaff(ctx, RECONCILIATION_ROLES);
      const first = checkStatementImportsPage(args.first);
      if (!first.ok) throw badUserInput(first.issue.message, first.issue.field);
      return listStatementImports(ctx.db, first.value);
    },
    async bankStatementImport(_root, args, ctx) {
      requireStaff(ctx, RECONCILIATION_ROLES);
      return statementImport(ctx.db, args.id);
    },
  },
  Mutation: {
    async bankStatementImportCreate(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, RECONCILIATION_ROLES);
      return importStatement(ctx.db, principal, args.input);
    },
    async bankStatementConfirmMatched(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, RECONCILIATION_ROLES);
      const { statement, confirmed } = await confirmMatchedEntries(
        ctx.db,
        { publicUrl: ctx.config.publicUrl, refundAtGateway: null },
        principal,
        args.id,
        (err, entryId) =>
          ctx.request.log.error({ err, entryId }, 'bank statement entry not confirmed'),
        { includeSuggested: args.includeSuggested === true },
      );
      // The 'pagamento confirmado' mails of the orders just paid.
      if (confirmed > 0) ctx.request.server.mail.kick();
      return statement;
    },
    async bankStatementEntryConfirm(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, RECONCILIATION_ROLES);
      const statement = await confirmEntry(
        ctx.db,
        { publicUrl: ctx.config.publicUrl, refundAtGateway: null },
        principal,
        args.id,
        args.orderId,
      );
      ctx.request.server.mail.kick();
      return statement;
    },
  },
  BankStatementImport: {
    createdAt: (row) => row.createdAt.toISOString(),
    entries: (row, _args, ctx) => loaders(ctx).entries.load(row.id),
    matchedCount: count('MATCHED'),
    mismatchCount: count('AMOUNT_MISMATCH'),
    unmatchedCount: count('UNMATCHED'),
    confirmedCount: count('CONFIRMED'),
    suggestedCount: count('SUGGESTED'),
    ambiguousCount: count('AMBIGUOUS'),
  },
  BankStatementEntry: {
    postedAt: (row) => row.postedAt.toISOString(),
    order: (row, _args, ctx) =>
      row.orderId && row.match !== 'AMBIGUOUS' ? loaders(ctx).orders.load(row.orderId) : null,
    // What is open now: an order paid or canceled since the import is no longer offered.
    candidates: async (row, _args, ctx) => {
      if (row.match !== 'SUGGESTED' && row.match !== 'AMBIGUOUS') return [];
      const orders = await Promise.all(
        row.candidateOrderIds.map((id) => loaders(ctx).orders.load(id)),
      );
      return orders.filter(
        (order): order is OrderRow => order !== null && order.status === 'PENDING_PAYMENT',
      );
    },
    payerNameAgrees: async (row, _args, ctx) => {
      const orderId =
        row.orderId ?? (row.candidateOrderIds.length === 1 ? row.candidateOrderIds[0] : null);
      if (!row.payerName || !orderId) return false;
      const order = await loaders(ctx).orders.load(orderId);
      return namesAgree(row.payerName, order?.customerName ?? null);
    },
  },
};
