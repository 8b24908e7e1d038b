// The payments domain of the GraphQL mock: the ways to pay, and orderPay as the server answers it
// over the orders domain's orders: a card approved, refused or in review by its token (see
// checkout/cardTokenizer.ts), a boleto issued once; a payment still alive is answered again on a
// second call, never created twice. And the Pix reconciliation by bank statement (bankStatement*)
// over the staff orders: a statement sent as base64 bytes (UTF-8, else Windows-1252) or text, read
// as OFX or CSV, its credits matched by txid and amount, or without txid suggested by amount (one
// order waiting: SUGGESTED; several: AMBIGUOUS); the matched (and suggested) ones confirmed once,
// or one credit as one of its orders (an order paid since is ALREADY_PAID on the next import).
import { GraphQLError } from 'graphql';

import {
  MOCK_BOLETO,
  MOCK_CARD_PUBLIC_KEY,
  makePaymentsState,
  type PaymentMethodCode,
  type PaymentResultFixture,
  type PaymentsFixtures,
  type PaymentsState,
} from './payments.fixtures';
import {
  checkCardToken,
  checkPaymentMethodId,
  checkStatementFile,
  checkStatementImportsPage,
  checkStatementRead,
  installmentOptionFor,
  installmentsRefusalMessage,
  installmentTable,
  installmentTableOfRules,
  namesAgree,
  PAYMENT_MESSAGES as M,
  type StatementSource,
} from '@vitrine/rules';
import {
  dropCandidate,
  makeStatementImport,
  matchCredit,
  pixTxidOf,
  readStatement,
  waitsFor,
  type StatementEntryFixture,
  type StatementImportFixture,
} from './reconciliation.fixtures';
import type { StaffOrderFixture } from '../orders/staffOrders.fixtures';
import {
  badInput,
  defineGraphqlDomain,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/orders';

export { MOCK_BOLETO, MOCK_CARD_PUBLIC_KEY };

export interface OrderPayInput {
  number: string;
  email: string;
  method: PaymentMethodCode;
  cardToken?: string | null;
  paymentMethodId?: string | null;
  installments?: number | null;
}

const METHOD_LABELS: Record<PaymentMethodCode, string> = {
  PIX: 'Pix',
  CARD: 'Cartão de crédito',
  BOLETO: 'Boleto bancário',
};

/** The payments domain's input: its fixtures and the bank statements imported before. */
export type PaymentsMockInput = Partial<PaymentsFixtures> & {
  statementImports?: StatementImportFixture[];
};

// The imports of each mock world (a fresh payments state on each reset).
const importsOf = new WeakMap<PaymentsState, StatementImportFixture[]>();

/** The API's FORBIDDEN (graphql/errors forbidden()): reconciling is ADMIN only. */
export const RECONCILIATION_FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';

/**
 * A statement's text as the server reads it (statement-encoding.ts): bytes that are UTF-8 (after
 * a BOM) as UTF-8, anything else as Windows-1252.
 */
function statementText(source: StatementSource): string {
  if (source.kind === 'text') return source.text;
  const { bytes } = source;
  const body =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

function reconciliation(context: RequestContext) {
  const staff = requireStaff(context);
  if (staff.role !== 'ADMIN') {
    throw new GraphQLError(RECONCILIATION_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
  }
  let imports = importsOf.get(context.world.payments);
  if (!imports) {
    imports = [];
    importsOf.set(context.world.payments, imports);
  }
  return { staff, imports, orders: context.world.orders.staffOrders };
}

function presentOrder(order: StaffOrderFixture) {
  return {
    ...order,
    pixTxid: order.paymentMethod === 'PIX' ? pixTxidOf(order.number) : null,
    itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    brandNames: [...new Set(order.lines.map((line) => line.brandName))],
    allowedActions: [],
  };
}

function presentImport(item: StatementImportFixture, orders: StaffOrderFixture[]) {
  const count = (match: string) => item.entries.filter((entry) => entry.match === match).length;
  const byId = (id: string | null) => orders.find((candidate) => candidate.id === id);
  return {
    ...item,
    matchedCount: count('MATCHED'),
    mismatchCount: count('AMOUNT_MISMATCH'),
    unmatchedCount: count('UNMATCHED'),
    confirmedCount: count('CONFIRMED'),
    suggestedCount: count('SUGGESTED'),
    ambiguousCount: count('AMBIGUOUS'),
    entries: item.entries.map((entry) => {
      const order = entry.match === 'AMBIGUOUS' ? undefined : byId(entry.orderId);
      // What is open now: an order paid or canceled since the import is no longer offered.
      const candidates =
        entry.match === 'SUGGESTED' || entry.match === 'AMBIGUOUS'
          ? entry.candidateIds
              .map(byId)
              .filter(
                (candidate): candidate is StaffOrderFixture =>
                  candidate?.status === 'PENDING_PAYMENT',
              )
          : [];
      // The order's customer, or the one candidate's: several candidates are never compared.
      const named = byId(
        entry.orderId ?? (entry.candidateIds.length === 1 ? entry.candidateIds[0]! : null),
      );
      return {
        ...entry,
        order: order ? presentOrder(order) : null,
        candidates: candidates.map(presentOrder),
        payerNameAgrees: named ? namesAgree(entry.payerName, named.customer.name) : false,
      };
    }),
  };
}

function confirmPixPayment(order: StaffOrderFixture, staffId: string, staffName: string): void {
  const when = new Date().toISOString();
  order.status = 'PAID';
  order.paymentStatus = 'PAID';
  order.paidAt = when;
  order.paymentExpiresAt = null;
  order.payments.push({
    id: `${order.id}-pay-${order.payments.length + 1}`,
    provider: 'manual',
    providerPaymentId: `manual-${order.id}`,
    confirmation: `Conferido no extrato do banco por ${staffName}`,
    method: 'PIX',
    status: 'approved',
    amountCents: order.totalCents,
    refundedCents: 0,
    createdAt: when,
    updatedAt: when,
  });
  order.timeline.push({
    id: `${order.id}-event-${order.timeline.length + 1}`,
    type: 'paid',
    fromStatus: 'PENDING_PAYMENT',
    toStatus: 'PAID',
    actor: 'staff',
    actorStaffId: staffId,
    actorName: staffName,
    note: 'Pix conferido no extrato do banco.',
    createdAt: when,
  });
  order.lastMailSubject = `Pagamento confirmado: pedido ${order.number}`;
}

/**
 * Confirms a credit as the payment of its order (which waits for exactly this Pix); the open
 * entries of every import that listed the order stop listing it.
 */
function confirmEntry(
  entry: StatementEntryFixture,
  order: StaffOrderFixture,
  staff: { id: string; name: string },
  imports: StatementImportFixture[],
): void {
  confirmPixPayment(order, staff.id, staff.name);
  entry.match = 'CONFIRMED';
  entry.orderId = order.id;
  for (const other of imports.flatMap((item) => item.entries)) {
    const open = other.match === 'SUGGESTED' || other.match === 'AMBIGUOUS';
    if (other !== entry && open && other.candidateIds.includes(order.id)) {
      dropCandidate(other, order.id);
    }
  }
}

let nextImportId = 1;

const reconciliationResolvers = {
  bankStatementImports: ({ first }: { first?: number | null }, context: RequestContext) => {
    const { imports, orders } = reconciliation(context);
    const limit = checkStatementImportsPage(first);
    if (!limit.ok) throw badInput(limit.issue.message, limit.issue.field);
    return [...imports]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, limit.value)
      .map((item) => presentImport(item, orders));
  },
  bankStatementImport: ({ id }: { id: string }, context: RequestContext) => {
    const { imports, orders } = reconciliation(context);
    const found = imports.find((item) => item.id === id);
    return found ? presentImport(found, orders) : null;
  },
  bankStatementImportCreate: (
    {
      input,
    }: { input: { fileName: string; content?: string | null; contentBase64?: string | null } },
    context: RequestContext,
  ) => {
    const { staff, imports, orders } = reconciliation(context);
    const file = checkStatementFile(input);
    if (!file.ok) throw badInput(file.issue.message, file.issue.field);
    const content = statementText(file.value.source);
    const read = checkStatementRead(readStatement(content));
    if (!read.ok) throw badInput(read.issue.message, read.issue.field);
    const made = makeStatementImport(
      {
        id: `statement-new-${nextImportId++}`,
        fileName: file.value.fileName,
        content,
        createdAt: new Date().toISOString(),
        staffName: staff.name,
      },
      orders,
    )!;
    imports.push(made);
    return presentImport(made, orders);
  },
  bankStatementConfirmMatched: (
    { id, includeSuggested }: { id: string; includeSuggested?: boolean | null },
    context: RequestContext,
  ) => {
    const { staff, imports, orders } = reconciliation(context);
    const found = imports.find((item) => item.id === id);
    if (!found) {
      throw new GraphQLError(M.statementNotFound, { extensions: { code: 'NOT_FOUND' } });
    }
    for (const entry of found.entries) {
      if (entry.match === 'MATCHED') {
        // Matched again now: another import or a person may have confirmed it meanwhile.
        const now = matchCredit(entry, orders);
        const order = orders.find((candidate) => candidate.id === now.orderId);
        if (now.match === 'MATCHED' && order) {
          confirmEntry(entry, order, staff, imports);
        } else {
          entry.match = now.match;
          entry.orderId = now.orderId;
        }
      } else if (includeSuggested && entry.match === 'SUGGESTED' && entry.orderId) {
        const order = orders.find((candidate) => candidate.id === entry.orderId);
        if (order && waitsFor(order, entry.amountCents)) confirmEntry(entry, order, staff, imports);
        else dropCandidate(entry, entry.orderId);
      }
    }
    return presentImport(found, orders);
  },
  bankStatementEntryConfirm: (
    { id, orderId }: { id: string; orderId: string },
    context: RequestContext,
  ) => {
    const { staff, imports, orders } = reconciliation(context);
    const found = imports.find((item) => item.entries.some((entry) => entry.id === id));
    const entry = found?.entries.find((candidate) => candidate.id === id);
    if (!found || !entry) {
      throw new GraphQLError(M.entryNotFound, { extensions: { code: 'NOT_FOUND' } });
    }
    if (!['MATCHED', 'SUGGESTED', 'AMBIGUOUS'].includes(entry.match)) {
      throw badInput(M.entryNotOpen, 'id');
    }
    const own =
      entry.match === 'AMBIGUOUS'
        ? entry.candidateIds.includes(orderId)
        : entry.orderId === orderId;
    if (!own) throw badInput(M.notThisEntrysOrder, 'orderId');
    const order = orders.find((candidate) => candidate.id === orderId);
    if (entry.match === 'MATCHED') {
      const now = matchCredit(entry, orders);
      if (now.match !== 'MATCHED' || !order) {
        entry.match = now.match;
        entry.orderId = now.orderId;
        throw badInput(M.orderNotWaitingForPix, 'orderId');
      }
    } else if (!order || !waitsFor(order, entry.amountCents)) {
      // The entry is updated to say so before the refusal.
      dropCandidate(entry, orderId);
      throw badInput(M.orderNotWaitingForPix, 'orderId');
    }
    confirmEntry(entry, order, staff, imports);
    return presentImport(found, orders);
  },
} satisfies RootResolvers;

const resolvers = {
  ...reconciliationResolvers,
  paymentMethods: (_args: unknown, { world }: RequestContext) =>
    world.payments.methods.map((method) => ({
      method,
      label: METHOD_LABELS[method],
      provider: method === 'PIX' ? null : 'mercadopago',
      publicKey: method === 'CARD' ? MOCK_CARD_PUBLIC_KEY : null,
    })),
  orderPay: ({ input }: { input: OrderPayInput }, { world }: RequestContext) => {
    const payments = world.payments;
    // As the server: Pix is paid by its code, never through orderPay.
    if (input.method === 'PIX') throw badInput(M.methodUnavailable, 'method');
    const order = world.orders.orders.find(
      (item) =>
        item.number === input.number.trim().toUpperCase() &&
        item.customerEmail === input.email.trim().toLowerCase(),
    );
    if (!order) {
      throw new GraphQLError(ORDER_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
    }
    const replay = payments.live.get(order);
    if (replay) return { ...replay, orderStatus: order.status };
    if (order.status !== 'PENDING_PAYMENT') throw badInput(M.orderNotWaitingForPayment, 'number');
    if (order.paymentMethod !== input.method) throw badInput(M.otherMethod, 'method');
    const checkedToken = input.method === 'CARD' ? checkCardToken(input.cardToken) : null;
    if (checkedToken && !checkedToken.ok) {
      throw badInput(checkedToken.issue.message, checkedToken.issue.field);
    }
    const methodId = checkPaymentMethodId(input.paymentMethodId);
    if (!methodId.ok) throw badInput(methodId.issue.message, methodId.issue.field);
    const providerPaymentId = String(payments.nextProviderPaymentId++);
    if (input.method === 'BOLETO') {
      const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const result: PaymentResultFixture = {
        status: 'pending',
        providerPaymentId,
        statusDetail: 'pending_waiting_payment',
        orderStatus: order.status,
        boletoUrl: MOCK_BOLETO.url,
        boletoBarcode: MOCK_BOLETO.barcode,
        boletoExpiresAt: expiresAt,
      };
      order.boleto = { url: MOCK_BOLETO.url, barcode: MOCK_BOLETO.barcode, expiresAt };
      payments.live.set(order, result);
      return result;
    }
    const token = checkedToken?.ok ? checkedToken.value : '';
    // As the server: another plan than the order's re-prices it on today's table, then charges it.
    const requested = input.installments;
    if (requested !== null && requested !== undefined && requested !== order.installments) {
      const table = installmentTableOfRules(world.settings.installments);
      const base = order.totalCents - order.interestCents;
      const plan = installmentOptionFor(base, requested, table);
      if (!plan) {
        const most = installmentTable(base, table).length;
        throw badInput(installmentsRefusalMessage(most), 'installments');
      }
      order.installments = plan.count;
      order.interestCents = plan.interestCents;
      order.totalCents = plan.totalCents;
    }
    // The outcome is the fixture's: the mock tokenizer names approved, refused and review tokens.
    const outcome = token.startsWith('recusado')
      ? 'rejected'
      : token.startsWith('analise')
        ? 'pending'
        : 'approved';
    if (outcome === 'approved') {
      order.status = 'PAID';
      order.paymentStatus = 'PAID';
      order.timeline = [
        ...order.timeline,
        {
          type: 'paid',
          status: 'PAID',
          label: 'Pagamento confirmado',
          createdAt: new Date().toISOString(),
        },
      ];
    } else if (outcome === 'rejected') {
      order.paymentStatus = 'FAILED';
    }
    const result: PaymentResultFixture = {
      status: outcome,
      providerPaymentId,
      statusDetail:
        outcome === 'approved'
          ? 'accredited'
          : outcome === 'pending'
            ? 'pending_review_manual'
            : 'cc_rejected_other_reason',
      orderStatus: order.status,
      boletoUrl: null,
      boletoBarcode: null,
      boletoExpiresAt: null,
    };
    // A refused card leaves room for another attempt; anything else is answered again.
    if (outcome !== 'rejected') payments.live.set(order, result);
    return result;
  },
} satisfies RootResolvers;

/**
 * Payments: `paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] })`; with bank statements
 * imported before: `paymentsMock.answers({ statementImports: [makeSampleStatementImport()] })`.
 */
export const paymentsMock = defineGraphqlDomain(
  'payments',
  ({ statementImports, ...input }: PaymentsMockInput = {}) => {
    const state = makePaymentsState(input);
    importsOf.set(state, structuredClone(statementImports ?? []));
    return state;
  },
  resolvers,
);
