// The returns' outbox towards the reverse carrier: a committed request (REQUESTED with its next
// attempt set) is claimed by one instance, the carrier is asked for the authorisation code, and
// the code is stored and mailed (issueAuthorization). A carrier that does not answer is asked
// again with backoff; one that refuses, or that failed too many times, stops the retries and
// leaves its reason on the return for staff (who may ask again or type a code by hand).
import { orderParty } from '../labels/sender';
import type { Database } from '../../db';
import { orderLinesOf } from '../orders/orders.repository';
import type { OrderRow } from '../orders/orders.tables';
import {
  claimDueAuthorizations,
  findReturn,
  linesOfReturns,
  orderOfReturn,
  recordCarrierFailure,
} from './returns.repository';
import { issueAuthorization, type ReturnsDeps } from './returns.service';
import type { OrderReturnRow } from './returns.tables';
import { ReverseLogisticsError, type ReverseParty, type ReverseRequest } from './reverse-logistics';

/** The first retry after a failure, doubling up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
/** Failures before the retries stop (about six hours of trying). */
export const MAX_CARRIER_ATTEMPTS = 10;
/** How long a claimed request is kept from the other instances while its carrier call runs. */
const LEASE_MS = 2 * 60_000;
/** A box most returns fit; the carrier measures the parcel again at the agency. */
export const RETURN_PARCEL = { lengthCm: 30, widthCm: 20, heightCm: 10 } as const;

export const STORE_ADDRESS_MISSING_MESSAGE =
  'Preencha em Configurações a razão social, o CNPJ e o endereço da loja ("Rua, número – Bairro, Cidade/UF, CEP 00000-000"): os Correios precisam dele para a devolução.';
export const PICKUP_ORDER_MESSAGE =
  'Pedido retirado na loja: não há endereço do cliente para pedir a autorização aos Correios. Combine a devolução com o cliente e informe o código à mão, se houver.';

export interface ReturnAuthorizationsOptions extends ReturnsDeps {
  db: Database;
  /** The store as the addressee; null when Settings lack what the carrier needs. */
  storeParty: () => Promise<ReverseParty | null>;
  /** A code was issued: its mail is in the outbox (kick the sender). */
  onIssued?: () => void;
  requestTimeoutMs?: number;
  log?: { warn(details: Record<string, unknown>, message: string): void };
}

export interface AuthorizationsRun {
  issued: number;
  failed: number;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

function shopperParty(order: OrderRow): ReverseParty | null {
  if (order.shippingMethodKind === 'pickup' || !/^\d{8}$/.test(order.postalCode)) return null;
  return orderParty(order);
}

export class ReturnAuthorizations {
  constructor(private readonly options: ReturnAuthorizationsOptions) {}

  /** Asks the carrier for the codes due; never throws for one return (its failure is kept). */
  async runDue(limit = 10): Promise<AuthorizationsRun> {
    const { db, logistics } = this.options;
    const run: AuthorizationsRun = { issued: 0, failed: 0 };
    if (!logistics) return run;
    const now = this.options.now();
    const due = await claimDueAuthorizations(db, now, new Date(now.getTime() + LEASE_MS), limit);
    for (const id of due) {
      const ret = await findReturn(db, id);
      if (!ret || ret.status !== 'REQUESTED') continue;
      try {
        await this.authorize(ret);
        run.issued += 1;
        this.options.onIssued?.();
      } catch (error) {
        run.failed += 1;
        const known = error instanceof ReverseLogisticsError;
        const attempts = ret.carrierAttempts + 1;
        const retry = (!known || error.retryable) && attempts < MAX_CARRIER_ATTEMPTS;
        await recordCarrierFailure(db, ret.id, {
          attempts,
          error: known ? error.message : 'Erro inesperado ao pedir a autorização.',
          nextAttemptAt: retry
            ? new Date(this.options.now().getTime() + retryDelayMs(attempts))
            : null,
        });
        this.options.log?.warn(
          { err: error, returnId: ret.id, attempts, retry },
          'returns: the reverse carrier did not authorise the return',
        );
      }
    }
    return run;
  }

  private async authorize(ret: OrderReturnRow): Promise<void> {
    const logistics = this.options.logistics!;
    const order = await orderOfReturn(this.options.db, ret.orderId);
    if (!order) throw new ReverseLogisticsError('Pedido não encontrado.', false);
    const from = shopperParty(order);
    if (!from) throw new ReverseLogisticsError(PICKUP_ORDER_MESSAGE, false);
    const to = await this.options.storeParty();
    if (!to) throw new ReverseLogisticsError(STORE_ADDRESS_MISSING_MESSAGE, false);
    const lines = await linesOfReturns(this.options.db, [ret.id]);
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    const bought = (await orderLinesOf(this.options.db, order.id)).reduce(
      (sum, line) => sum + line.quantity,
      0,
    );
    const request: ReverseRequest = {
      returnId: ret.id,
      returnNumber: ret.number,
      orderNumber: order.number,
      from,
      to,
      parcel: {
        ...RETURN_PARCEL,
        // The order's weight in the share of its units that come back.
        weightGrams: Math.max(
          300,
          Math.round((order.billableWeightGrams * units) / Math.max(1, bought)),
        ),
      },
      declaredValueCents: ret.refundCents,
      items: lines.map((line) => ({
        description: line.variantLabel
          ? `${line.productName} (${line.variantLabel})`
          : line.productName,
        quantity: line.quantity,
        unitValueCents: line.unitPriceCents,
      })),
    };
    const authorization = await logistics.authorize(
      request,
      AbortSignal.timeout(this.options.requestTimeoutMs ?? 15_000),
    );
    await issueAuthorization(
      this.options.db,
      this.options,
      { kind: 'provider', name: logistics.label },
      ret.id,
      { ...authorization, carrier: logistics.name, instructions: logistics.instructions },
    );
  }
}
