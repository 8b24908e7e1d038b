// The invoices' worker: each pass creates the invoices of newly paid (or shipped) orders and the
// NF-e de devolução of returns received (payload-return.ts), sends
// the due ones (with backoff while the provider is down: the order never waits), polls those
// SEFAZ is processing, stores the DANFE and XML of the authorised ones and mails the shopper, and
// notes on the timeline an authorised invoice whose order was canceled or refunded since. A
// webhook only makes one invoice be read back from the provider (readBack): its body is never
// believed. Every change is conditional on the invoice's status, so a webhook and a poll, or two
// instances, apply an answer once.
import type { FastifyBaseLogger } from 'fastify';
import { sefazRejectionText } from '@vitrine/rules';
import type { Database, Executor } from '../../db';
import { enqueueOutboxMail } from '../orders/orders.outbox';
import { appendOrderEvent, type Actor } from '../orders/orders.transitions';
import type { OrderRow } from '../orders/orders.tables';
import { getStoreSettings } from '../settings/settings.repository';
import type { StoreSettingsRow } from '../settings/settings.tables';
import { danfePath, xmlPath } from './invoices.config';
import { invoiceAuthorizedMail } from './invoices.mail';
import {
  claimDueInvoices,
  createMissingInvoices,
  createMissingReturnInvoices,
  invoiceById,
  invoiceByRef,
  invoiceLinesOf,
  invoicesMissingFiles,
  invoiceOfOrder,
  invoicesToSuggestCancel,
  orderForInvoice,
  returnForInvoice,
  setInvoiceNumber,
  takeInvoiceNumber,
  updateInvoiceIfStatusIn,
} from './invoices.repository';
import type { InvoiceRow } from './invoices.tables';
import {
  buildNfePayload,
  type InvoiceIssuer,
  type InvoiceOrder,
  type PayloadOptions,
  type PayloadResult,
} from './payload';
import { buildReturnNfePayload } from './payload-return';
import {
  InvoiceProviderError,
  isRetryable,
  type InvoiceProvider,
  type ProviderInvoice,
} from './provider';
import type { ReformRates } from './taxes';

/** Waits before sending again while the provider fails: 30 s, 1, 2, 5, 10, 30 min, then hourly. */
export const SEND_BACKOFF_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];
/** Waits before asking SEFAZ's answer again: 5, 10, 30, 60 s, then every 5 min. */
export const POLL_BACKOFF_MS = [5_000, 10_000, 30_000, 60_000, 300_000];
const LEASE_MS = 120_000;
const BATCH = 20;

export interface InvoiceIssuingOptions {
  db: Database;
  provider: InvoiceProvider;
  environment: 'homologacao' | 'producao';
  rates: ReformRates;
  publicUrl: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** After a mail was put in the outbox. */
  onMail?: () => void;
}

export interface PassResult {
  created: number;
  sent: number;
  polled: number;
  authorized: number;
  rejected: number;
  failed: number;
}

const step = (list: readonly number[], attempt: number) =>
  list[Math.min(Math.max(attempt, 1), list.length) - 1]!;

export function issuerOf(settings: StoreSettingsRow): InvoiceIssuer {
  return {
    storeName: settings.storeName,
    legalName: settings.legalName,
    cnpj: settings.cnpj,
    legalAddress: settings.legalAddress,
    contactPhone: settings.contactPhone,
    stateRegistration: settings.stateRegistration,
    taxRegime: settings.taxRegime,
    ibgeCityCode: settings.ibgeCityCode,
    cfopInsideState: settings.cfopInsideState,
    cfopOutsideState: settings.cfopOutsideState,
    natureOfOperation: settings.natureOfOperation,
    defaultTaxSituation: settings.defaultTaxSituation,
  };
}

export function invoiceOrderOf(order: OrderRow): InvoiceOrder {
  return {
    number: order.number,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerCpf: order.customerCpf,
    customerPhone: order.customerPhone,
    postalCode: order.postalCode,
    street: order.street,
    streetNumber: order.streetNumber,
    complement: order.complement,
    district: order.district,
    city: order.city,
    uf: order.uf,
    shippingMethodKind: order.shippingMethodKind,
    paymentMethod: order.paymentMethod,
    pixDiscountCents: order.pixDiscountCents,
    shippingCents: order.shippingCents,
    interestCents: order.interestCents,
    totalCents: order.totalCents,
  };
}

export class InvoiceIssuing {
  constructor(readonly options: InvoiceIssuingOptions) {}

  get provider(): InvoiceProvider {
    return this.options.provider;
  }

  private get providerActor(): Actor {
    return { kind: 'provider', name: 'Emissor de NF-e' };
  }

  /** One pass: new invoices, due sends and polls, missing files, cancellations to suggest. */
  async runPass(): Promise<PassResult> {
    const { db, now } = this.options;
    const result: PassResult = {
      created: 0,
      sent: 0,
      polled: 0,
      authorized: 0,
      rejected: 0,
      failed: 0,
    };
    const creating = {
      provider: this.provider.name,
      environment: this.options.environment,
      now: now(),
    };
    result.created = await createMissingInvoices(db, creating);
    result.created += await createMissingReturnInvoices(db, creating);
    const due = await claimDueInvoices(db, now(), new Date(now().getTime() + LEASE_MS), BATCH);
    for (const invoice of due) {
      const outcome =
        invoice.status === 'PENDING' ? await this.send(invoice) : await this.poll(invoice);
      if (invoice.status === 'PENDING') result.sent += 1;
      else result.polled += 1;
      if (outcome === 'AUTHORIZED') result.authorized += 1;
      if (outcome === 'REJECTED') result.rejected += 1;
      if (outcome === 'FAILED') result.failed += 1;
    }
    await this.fetchMissingFiles();
    await this.suggestCancellations();
    return result;
  }

  /** The payload of the invoice now, numbered (the number taken once, on the first send). */
  private async payloadOf(
    invoice: InvoiceRow,
  ): Promise<
    | { ok: true; invoice: InvoiceRow; payload: PayloadResult & { ok: true } }
    | { ok: false; problems: string[] }
  > {
    const { db, now, rates } = this.options;
    const build = await this.builderOf(invoice);
    if (!build) return { ok: false, problems: ['O pedido ou a devolução não existe mais.'] };
    const base = { issuedAt: now(), rates };
    const dry = build({ ...base, series: invoice.series ?? 1, number: invoice.number ?? 1 });
    if (!dry.ok) return dry;
    let numbered = invoice;
    if (invoice.number === null) {
      numbered = await db.transaction(async (tx) => {
        const locked = await invoiceById(tx, invoice.id, true);
        if (!locked || locked.number !== null) return locked ?? invoice;
        const taken = await takeInvoiceNumber(tx);
        return setInvoiceNumber(tx, invoice.id, taken);
      });
    }
    const payload = build({ ...base, series: numbered.series!, number: numbered.number! });
    if (!payload.ok) return payload;
    return { ok: true, invoice: numbered, payload };
  }

  /** What builds the invoice's payload: the sale's, or the devolução of its return. */
  private async builderOf(
    invoice: InvoiceRow,
  ): Promise<((options: PayloadOptions) => PayloadResult) | null> {
    const { db } = this.options;
    const order = await orderForInvoice(db, invoice.orderId);
    if (!order) return null;
    const issuer = issuerOf(await getStoreSettings(db));
    const lines = await invoiceLinesOf(db, invoice.orderId);
    if (invoice.kind === 'SALE') {
      return (options) => buildNfePayload(issuer, invoiceOrderOf(order), lines, options);
    }
    const returned = invoice.returnId ? await returnForInvoice(db, invoice.returnId) : null;
    if (!returned) return null;
    const sale = await invoiceOfOrder(db, invoice.orderId);
    const saleKey = sale?.status === 'AUTHORIZED' ? sale.accessKey : null;
    return (options) =>
      buildReturnNfePayload(issuer, invoiceOrderOf(order), lines, returned, saleKey, options);
  }

  /** Sends a PENDING invoice; answers what became of it. */
  async send(claimed: InvoiceRow): Promise<'PROCESSING' | 'AUTHORIZED' | 'REJECTED' | 'FAILED'> {
    const built = await this.payloadOf(claimed);
    if (!built.ok) {
      await this.reject(claimed, ['PENDING'], null, built.problems.join(' '));
      return 'REJECTED';
    }
    const invoice = built.invoice;
    try {
      const answer = await this.provider.issue(built.payload.payload, invoice.ref);
      return await this.apply(invoice, ['PENDING'], answer, invoice.attempts + 1);
    } catch (error) {
      return this.failed(invoice, ['PENDING'], error, SEND_BACKOFF_MS);
    }
  }

  /** Asks a PROCESSING invoice's state. */
  async poll(invoice: InvoiceRow): Promise<'PROCESSING' | 'AUTHORIZED' | 'REJECTED' | 'FAILED'> {
    try {
      const answer = await this.provider.status(invoice.ref);
      return await this.apply(invoice, ['PROCESSING'], answer, invoice.attempts + 1);
    } catch (error) {
      return this.failed(invoice, ['PROCESSING'], error, POLL_BACKOFF_MS);
    }
  }

  /**
   * The webhook's read back: the invoice of `ref` asked from the provider and applied. Answers
   * null for a ref that is no invoice of this store.
   */
  async readBack(ref: string): Promise<InvoiceRow | null> {
    const invoice = await invoiceByRef(this.options.db, ref);
    if (!invoice) return null;
    if (invoice.status !== 'PENDING' && invoice.status !== 'PROCESSING') return invoice;
    const answer = await this.provider.status(ref);
    await this.apply(invoice, ['PENDING', 'PROCESSING'], answer, invoice.attempts);
    return invoiceById(this.options.db, invoice.id);
  }

  private async failed(
    invoice: InvoiceRow,
    from: readonly ('PENDING' | 'PROCESSING')[],
    error: unknown,
    backoff: readonly number[],
  ): Promise<'REJECTED' | 'FAILED'> {
    const message = error instanceof Error ? error.message : String(error);
    if (!isRetryable(error)) {
      // The provider refused the request itself (its validation): as a rejection, to be fixed.
      await this.reject(invoice, from, null, `O emissor de NF-e recusou a nota: ${message}`);
      return 'REJECTED';
    }
    const attempts = invoice.attempts + 1;
    this.options.log.warn(
      { invoice: invoice.id, err: error },
      'nfe provider call failed (retried)',
    );
    await updateInvoiceIfStatusIn(this.options.db, invoice.id, from, {
      attempts,
      lastError: message.slice(0, 2000),
      nextAttemptAt: new Date(this.options.now().getTime() + step(backoff, attempts)),
    });
    return 'FAILED';
  }

  private async reject(
    invoice: InvoiceRow,
    from: readonly ('PENDING' | 'PROCESSING')[],
    code: string | null,
    message: string,
  ): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const updated = await updateInvoiceIfStatusIn(tx, invoice.id, from, {
        status: 'REJECTED',
        rejectionCode: code,
        rejectionMessage: message.slice(0, 2000),
        nextAttemptAt: null,
        attempts: invoice.attempts + 1,
      });
      if (!updated) return;
      await appendOrderEvent(tx, {
        orderId: invoice.orderId,
        type: invoice.kind === 'RETURN' ? 'return_invoice_rejected' : 'invoice_rejected',
        actor: this.providerActor,
        note: sefazRejectionText(code, message),
        data: {
          invoiceId: invoice.id,
          code,
          number: invoice.number,
          ...(invoice.returnId ? { returnId: invoice.returnId } : {}),
        },
      });
    });
  }

  /** Applies the provider's answer to an invoice still in one of `from`. */
  private async apply(
    invoice: InvoiceRow,
    from: readonly ('PENDING' | 'PROCESSING')[],
    answer: ProviderInvoice,
    attempts: number,
  ): Promise<'PROCESSING' | 'AUTHORIZED' | 'REJECTED' | 'FAILED'> {
    const { db, now } = this.options;
    if (answer.status === 'PROCESSING') {
      await updateInvoiceIfStatusIn(db, invoice.id, from, {
        status: 'PROCESSING',
        attempts,
        lastError: null,
        nextAttemptAt: new Date(now().getTime() + step(POLL_BACKOFF_MS, attempts)),
      });
      return 'PROCESSING';
    }
    if (answer.status === 'REJECTED') {
      await this.reject(
        { ...invoice, attempts: attempts - 1 },
        from,
        answer.sefazCode,
        answer.sefazMessage ?? 'A SEFAZ rejeitou a nota sem informar o motivo.',
      );
      return 'REJECTED';
    }
    if (answer.status === 'CANCELED' || !answer.accessKey || !/^\d{44}$/.test(answer.accessKey)) {
      this.options.log.error(
        { invoice: invoice.id, status: answer.status },
        'nfe: unexpected answer',
      );
      return this.failed(
        invoice,
        from,
        new InvoiceProviderError(
          'BAD_RESPONSE',
          `Resposta inesperada do emissor (${answer.status}).`,
        ),
        POLL_BACKOFF_MS,
      );
    }
    await this.authorize(invoice, from, answer, attempts);
    return 'AUTHORIZED';
  }

  private async authorize(
    invoice: InvoiceRow,
    from: readonly ('PENDING' | 'PROCESSING')[],
    answer: ProviderInvoice,
    attempts: number,
  ): Promise<void> {
    const { db, now } = this.options;
    const done = await db.transaction(async (tx) => {
      const updated = await updateInvoiceIfStatusIn(tx, invoice.id, from, {
        status: 'AUTHORIZED',
        accessKey: answer.accessKey,
        protocol: answer.protocol,
        series: invoice.series ?? answer.series,
        number: invoice.number ?? answer.number,
        danfeUrl: answer.danfeUrl,
        xmlUrl: answer.xmlUrl,
        rejectionCode: null,
        rejectionMessage: null,
        lastError: null,
        attempts,
        nextAttemptAt: null,
        authorizedAt: now(),
        // The shopper is mailed the sale's NF-e; a devolução is the store's own entrada.
        mailedAt: invoice.kind === 'SALE' ? now() : null,
      });
      if (!updated) return null;
      await appendOrderEvent(tx, {
        orderId: invoice.orderId,
        type: invoice.kind === 'RETURN' ? 'return_invoice_authorized' : 'invoice_authorized',
        actor: this.providerActor,
        data: {
          invoiceId: invoice.id,
          number: updated.number,
          series: updated.series,
          accessKey: updated.accessKey,
          protocol: updated.protocol,
          ...(invoice.returnId ? { returnId: invoice.returnId } : {}),
        },
      });
      if (invoice.kind === 'SALE') await this.enqueueMail(tx, updated);
      return updated;
    });
    if (!done) return;
    this.options.onMail?.();
    await this.storeFiles(done);
  }

  private async enqueueMail(tx: Executor, invoice: InvoiceRow): Promise<void> {
    const order = await orderForInvoice(tx, invoice.orderId);
    const settings = await getStoreSettings(tx);
    if (!order || !invoice.accessKey || invoice.number === null || invoice.series === null) return;
    const publicUrl = this.options.publicUrl.replace(/\/+$/, '');
    await enqueueOutboxMail(
      tx,
      invoiceAuthorizedMail(
        { storeName: settings.storeName, publicUrl },
        {
          orderNumber: order.number,
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          invoiceNumber: invoice.number,
          series: invoice.series,
          accessKey: invoice.accessKey,
          danfeUrl: `${publicUrl}${danfePath(invoice.publicToken)}`,
          xmlUrl: `${publicUrl}${xmlPath(invoice.publicToken)}`,
        },
      ),
    );
  }

  /** Downloads and keeps the DANFE and the XML (tried again on the next pass when it fails). */
  private async storeFiles(invoice: InvoiceRow): Promise<void> {
    if (!invoice.danfeUrl || !invoice.xmlUrl) return;
    try {
      const [danfePdf, xml] = await Promise.all([
        invoice.danfePdf
          ? Promise.resolve(invoice.danfePdf)
          : this.provider.download(invoice.danfeUrl),
        invoice.xml ? Promise.resolve(invoice.xml) : this.provider.download(invoice.xmlUrl),
      ]);
      await updateInvoiceIfStatusIn(this.options.db, invoice.id, ['AUTHORIZED', 'CANCELED'], {
        danfePdf,
        xml,
      });
    } catch (error) {
      this.options.log.warn(
        { invoice: invoice.id, err: error },
        'nfe files not downloaded (retried)',
      );
    }
  }

  private async fetchMissingFiles(): Promise<void> {
    for (const invoice of await invoicesMissingFiles(this.options.db, BATCH)) {
      await this.storeFiles(invoice);
    }
  }

  /** An order canceled or refunded with its invoice authorised: the timeline says what to do. */
  private async suggestCancellations(): Promise<void> {
    const { db, now } = this.options;
    for (const candidate of await invoicesToSuggestCancel(db)) {
      await db.transaction(async (tx) => {
        const updated = await updateInvoiceIfStatusIn(tx, candidate.id, ['AUTHORIZED'], {
          cancelSuggestedAt: now(),
        });
        if (!updated || !updated.authorizedAt) return;
        const inWindow = now().getTime() - updated.authorizedAt.getTime() <= CANCEL_WINDOW_MS;
        const what = candidate.orderStatus === 'CANCELED' ? 'cancelado' : 'reembolsado';
        await appendOrderEvent(tx, {
          orderId: candidate.orderId,
          type: 'invoice_cancel_suggested',
          actor: { kind: 'system', name: 'Vitrine' },
          note: inWindow
            ? `Pedido ${what} com NF-e autorizada: cancele a nota fiscal até ${formatDeadline(updated.authorizedAt)}.`
            : `Pedido ${what} com NF-e autorizada há mais de 24 horas: emita uma NF-e de devolução pelo emissor do seu contador.`,
          data: { invoiceId: updated.id, number: updated.number },
        });
      });
    }
  }
}

/** SEFAZ's window to cancel an authorised NF-e. */
export const CANCEL_WINDOW_MS = 24 * 3600_000;

/** '16/01/2026 09:00' in São Paulo's time. */
export function formatDeadline(authorizedAt: Date): string {
  const deadline = new Date(authorizedAt.getTime() + CANCEL_WINDOW_MS);
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(deadline);
}
