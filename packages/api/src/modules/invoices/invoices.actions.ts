// What staff do with an order's invoice: send it again after fixing the data (ADMIN and SUPPORT:
// it only asks SEFAZ again for what the law already requires), cancel it within SEFAZ's 24 hours
// with the reason, and issue a carta de correção (ADMIN: both are fiscal acts of the company).
// Each is on the order's timeline and in the audit log. Cancel and CC-e are asked of the provider
// during the request (SEFAZ answers them at once); a provider that is down is a clear error to try
// again, never a half-done change.
import {
  checkInvoiceCancelReason,
  checkInvoiceCorrection,
  INVOICE_INPUT_LIMITS,
  INVOICE_MESSAGES as M,
  SETTLED_RETURN_STATUSES,
  type ReturnStatus,
} from '@vitrine/rules';
import type { Database, Executor } from '../../db';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import type { StaffRole } from '../staff/staff.tables';
import { appendOrderEvent, type Actor } from '../orders/orders.transitions';
import { lockOrderById } from '../orders/orders.repository';
import {
  correctionsOf,
  insertInvoice,
  insertReturnInvoice,
  invoiceById,
  invoiceOfOrder,
  insertInvoiceCorrection,
  invoiceOfReturn,
  lockReturnForInvoice,
  updateInvoiceIfStatusIn,
} from './invoices.repository';
import { CANCEL_WINDOW_MS } from './invoices.service';
import type { InvoiceRow } from './invoices.tables';
import { InvoiceProviderError, type InvoiceProvider } from './provider';

export const INVOICE_VIEW_ROLES: readonly StaffRole[] = ['ADMIN', 'SUPPORT'];
export const INVOICE_RETRY_ROLES: readonly StaffRole[] = ['ADMIN', 'SUPPORT'];
export const INVOICE_FISCAL_ROLES: readonly StaffRole[] = ['ADMIN'];
export const MAX_CORRECTIONS = INVOICE_INPUT_LIMITS.corrections;

export const INVOICE_NOT_FOUND = M.notFound;
export const CANCEL_WINDOW_PASSED = M.cancelWindowPassed;

export type InvoiceAction = 'RETRY' | 'CANCEL' | 'CORRECT';

export interface InvoiceDeps {
  provider: InvoiceProvider;
  environment: 'homologacao' | 'producao';
  now: () => Date;
}

/** What `role` may do with the invoice now. */
export function allowedInvoiceActions(
  invoice: Pick<InvoiceRow, 'status' | 'authorizedAt' | 'attempts'>,
  role: StaffRole,
  now: Date,
  corrections: number,
): InvoiceAction[] {
  const actions: InvoiceAction[] = [];
  if (
    INVOICE_RETRY_ROLES.includes(role) &&
    (invoice.status === 'REJECTED' || (invoice.status === 'PENDING' && invoice.attempts > 0))
  ) {
    actions.push('RETRY');
  }
  if (INVOICE_FISCAL_ROLES.includes(role) && invoice.status === 'AUTHORIZED') {
    const inWindow =
      invoice.authorizedAt !== null &&
      now.getTime() - invoice.authorizedAt.getTime() <= CANCEL_WINDOW_MS;
    if (inWindow) actions.push('CANCEL');
    if (corrections < MAX_CORRECTIONS) actions.push('CORRECT');
  }
  return actions;
}

function providerFailure(error: unknown, what: string): Error {
  if (error instanceof InvoiceProviderError && error.code === 'REJECTED_REQUEST') {
    return badUserInput(error.message);
  }
  return badUserInput(
    `Não foi possível ${what} agora: o emissor de NF-e não respondeu. Tente de novo em alguns minutos.`,
  );
}

/**
 * Sends the order's invoice again (REJECTED after the data was fixed, or PENDING while the provider
 * was down: now); an order paid before issuing began and without an invoice gets one.
 */
export async function retryInvoice(
  db: Database,
  deps: InvoiceDeps,
  actor: Actor,
  orderId: string,
): Promise<InvoiceRow> {
  if (!isUuid(orderId)) throw notFound('Pedido não encontrado.');
  return db.transaction(async (tx) => {
    const order = await lockOrderById(tx, orderId);
    if (!order) throw notFound('Pedido não encontrado.');
    let invoice = await invoiceOfOrder(tx, orderId, true);
    if (!invoice) {
      if (!['PAID', 'SHIPPED', 'DELIVERED'].includes(order.status)) {
        throw badUserInput(M.onlyPaidOrders);
      }
      invoice = await insertInvoice(tx, {
        orderId,
        provider: deps.provider.name,
        environment: deps.environment,
        now: deps.now(),
      });
      if (!invoice) throw badUserInput('A nota fiscal deste pedido já foi criada.');
    } else {
      invoice = await sendAgain(tx, invoice, deps);
    }
    await appendOrderEvent(tx, {
      orderId,
      type: 'invoice_retry',
      actor,
      data: { invoiceId: invoice.id, number: invoice.number },
    });
    return invoice;
  });
}

/** A REJECTED or PENDING invoice due now; any other is a clear refusal. */
async function sendAgain(tx: Executor, invoice: InvoiceRow, deps: InvoiceDeps) {
  if (invoice.status !== 'REJECTED' && invoice.status !== 'PENDING') {
    throw badUserInput(invoice.status === 'PROCESSING' ? M.stillProcessing : M.nothingToResend);
  }
  return (await updateInvoiceIfStatusIn(tx, invoice.id, ['REJECTED', 'PENDING'], {
    status: 'PENDING',
    nextAttemptAt: deps.now(),
    rejectionCode: null,
    rejectionMessage: null,
  }))!;
}

/**
 * Sends a return's NF-e de devolução again (REJECTED after the data was fixed, PENDING while the
 * provider was down); a return received whose sale NF-e is authorised and that has none gets one.
 */
export async function retryReturnInvoice(
  db: Database,
  deps: InvoiceDeps,
  actor: Actor,
  returnId: string,
): Promise<InvoiceRow> {
  if (!isUuid(returnId)) throw notFound('Devolução não encontrada.');
  return db.transaction(async (tx) => {
    const found = await lockReturnForInvoice(tx, returnId);
    if (!found) throw notFound('Devolução não encontrada.');
    let invoice = await invoiceOfReturn(tx, returnId, true);
    if (!invoice) {
      if (!SETTLED_RETURN_STATUSES.includes(found.status as ReturnStatus)) {
        throw badUserInput('A NF-e de devolução é emitida quando a devolução é recebida.');
      }
      const sale = await invoiceOfOrder(tx, found.orderId);
      if (sale?.status !== 'AUTHORIZED') {
        throw badUserInput(
          'A NF-e de venda deste pedido não está autorizada: não há nota a devolver.',
        );
      }
      invoice = await insertReturnInvoice(tx, {
        orderId: found.orderId,
        returnId,
        provider: deps.provider.name,
        environment: deps.environment,
        now: deps.now(),
      });
      if (!invoice) throw badUserInput('A NF-e desta devolução já foi criada.');
    } else {
      invoice = await sendAgain(tx, invoice, deps);
    }
    await appendOrderEvent(tx, {
      orderId: found.orderId,
      type: 'invoice_retry',
      actor,
      data: { invoiceId: invoice.id, number: invoice.number, returnId },
    });
    return invoice;
  });
}

async function authorisedInvoice(db: Database, id: string): Promise<InvoiceRow> {
  const invoice = isUuid(id) ? await invoiceById(db, id) : null;
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  if (invoice.status !== 'AUTHORIZED') {
    throw badUserInput(M.onlyAuthorized);
  }
  return invoice;
}

export async function cancelInvoice(
  db: Database,
  deps: InvoiceDeps,
  actor: Actor,
  id: string,
  reasonInput: string,
): Promise<InvoiceRow> {
  const checked = checkInvoiceCancelReason(reasonInput);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  const reason = checked.value;
  const invoice = await authorisedInvoice(db, id);
  if (deps.now().getTime() - invoice.authorizedAt!.getTime() > CANCEL_WINDOW_MS) {
    throw badUserInput(CANCEL_WINDOW_PASSED);
  }
  let protocol: string | null;
  try {
    protocol = (await deps.provider.cancel(invoice.ref, reason)).protocol;
  } catch (error) {
    throw providerFailure(error, 'cancelar a nota');
  }
  return db.transaction(async (tx) => {
    const updated = await updateInvoiceIfStatusIn(tx, invoice.id, ['AUTHORIZED'], {
      status: 'CANCELED',
      canceledAt: deps.now(),
      cancelReason: reason,
      cancelProtocol: protocol,
    });
    if (!updated) throw badUserInput(M.alreadyCanceled);
    await appendOrderEvent(tx, {
      orderId: invoice.orderId,
      type: 'invoice_canceled',
      actor,
      note: reason,
      data: { invoiceId: invoice.id, number: invoice.number, protocol },
    });
    return updated;
  });
}

export async function correctInvoice(
  db: Database,
  deps: InvoiceDeps,
  actor: Actor,
  id: string,
  textInput: string,
): Promise<InvoiceRow> {
  const checked = checkInvoiceCorrection(textInput);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  const text = checked.value;
  const invoice = await authorisedInvoice(db, id);
  const existing = await correctionsOf(db, invoice.id);
  if (existing.length >= MAX_CORRECTIONS) {
    throw badUserInput(M.tooManyCorrections);
  }
  let answer: { sequence: number; protocol: string | null };
  try {
    answer = await deps.provider.correct(invoice.ref, text);
  } catch (error) {
    throw providerFailure(error, 'registrar a carta de correção');
  }
  return db.transaction(async (tx) => {
    await insertInvoiceCorrection(tx, {
      invoiceId: invoice.id,
      sequence: answer.sequence,
      text,
      protocol: answer.protocol,
      staffId: actor.kind === 'staff' ? actor.staffId : null,
      staffName: actor.name,
    });
    await appendOrderEvent(tx, {
      orderId: invoice.orderId,
      type: 'invoice_corrected',
      actor,
      note: text,
      data: { invoiceId: invoice.id, number: invoice.number, sequence: answer.sequence },
    });
    return (await invoiceById(tx, invoice.id))!;
  });
}
