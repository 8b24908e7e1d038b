// Buying shipping labels in bulk from the orders grid: the paid orders whose shipping method
// names a carrier go to that carrier (all of one carrier in one call: Melhor Envio pays its cart
// in one purchase), and each order gets its label (carrier, tracking code, PDF) or the carrier's
// reason. What was asked and what came back is stored in one batch with one PDF to print: the
// labels, then the content declarations (no NF-e yet). An order's failure never fails the others.
import { labelBatchError, labelIneligibility, MIN_PARCEL_CM } from '@vitrine/rules';
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { formatLongDate } from '../../lib/dates';
import type { AuditOrigin } from '../audit/audit';
import { linesByOrderIds } from '../orders/orders.staff.repository';
import type { OrderLineRow, OrderRow } from '../orders/orders.tables';
import { appendOrderEvent, staffActor } from '../orders/orders.transitions';
import { getStoreSettings } from '../settings/settings.repository';
import type {
  LabelBuyer,
  LabelItem,
  LabelOutcome,
  LabelParty,
  LabelRequest,
} from '../shipping/carriers/labels';
import {
  CARRIER_LABELS,
  type CarrierName,
  type CarrierParcel,
} from '../shipping/carriers/provider';
import { carrierParcelOf, parcelsForItems } from '../shipping/packing';
import {
  insertLabelBatch,
  insertShippingLabel,
  ordersWithCarrier,
  purchasedLabelsOf,
  variantParcelsByIds,
  type VariantParcelRow,
} from './labels.repository';
import type { ShippingLabelRow } from './labels.tables';
import { batchPdf, type ContentDeclaration } from './labels.pdf';
import { orderParty, parseStoreAddress, SENDER_ADDRESS_MESSAGE } from './sender';

/** The carriers' whole answer: past this, what was not done is reported as such. */
const CARRIER_DEADLINE_MS = 50_000;

export interface LabelDeps {
  buyers: ReadonlyMap<CarrierName, LabelBuyer>;
  /** The store's dispatch CEP (SHIPPING_ORIGIN_CEP), when the address does not carry one. */
  originCep: string | null;
}

export interface LabelResult {
  orderId: string;
  orderNumber: string | null;
  label: ShippingLabelRow | null;
  error: string | null;
}

export interface LabelBatchResult {
  batchId: string | null;
  purchased: number;
  failed: number;
  results: LabelResult[];
}

interface Candidate {
  order: OrderRow;
  carrier: CarrierName;
  service: string;
}

/** The goods, each at what was paid for it (the line's discount spread over its units). */
function itemsOf(lines: readonly OrderLineRow[]): LabelItem[] {
  return lines.map((line) => ({
    description: [line.productName, line.variantLabel].filter(Boolean).join(' – '),
    quantity: line.quantity,
    unitValueCents: Math.max(
      0,
      Math.round((line.lineTotalCents - line.discountCents) / Math.max(1, line.quantity)),
    ),
  }));
}

/**
 * The parcel of each order: its lines packed into the store's boxes (shipping/packing.ts, the
 * checkout's rule). Lines whose size is unknown (or a product gone): the smallest parcel the
 * carriers take, at the weight quoted at checkout. Several boxes: null (one label per order).
 */
async function parcelsOf(
  db: Executor,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  sizes: ReadonlyMap<string, VariantParcelRow>,
): Promise<CarrierParcel | null> {
  const items = lines.map((line) => {
    const size = line.variantId ? sizes.get(line.variantId) : undefined;
    return size?.lengthCm && size.widthCm && size.heightCm
      ? { ...size, weightGrams: size.weightGrams ?? 0, quantity: line.quantity }
      : null;
  });
  const known = items.every((item) => item !== null)
    ? await parcelsForItems(db, items as NonNullable<(typeof items)[number]>[])
    : null;
  if (!known || known.length === 0) {
    return { ...MIN_PARCEL_CM, weightGrams: Math.max(100, order.billableWeightGrams) };
  }
  if (known.length > 1) return null;
  const parcel = carrierParcelOf(known[0]!);
  return { ...parcel, weightGrams: Math.max(100, parcel.weightGrams) };
}

async function requestsFor(
  db: Executor,
  candidates: readonly Candidate[],
  from: LabelParty,
): Promise<{ requests: Map<string, LabelRequest>; refused: Map<string, string> }> {
  const lines = await linesByOrderIds(
    db,
    candidates.map((candidate) => candidate.order.id),
  );
  const variantIds = [
    ...new Set(lines.flatMap((line) => (line.variantId ? [line.variantId] : []))),
  ];
  const sizes = new Map((await variantParcelsByIds(db, variantIds)).map((row) => [row.id, row]));
  const requests = new Map<string, LabelRequest>();
  const refused = new Map<string, string>();
  for (const { order, service } of candidates) {
    const own = lines.filter((line) => line.orderId === order.id);
    const parcel = await parcelsOf(db, order, own, sizes);
    if (!parcel) {
      refused.set(
        order.id,
        'Este pedido vai em mais de uma caixa: a compra em lote faz uma etiqueta por pedido.',
      );
      continue;
    }
    const items = itemsOf(own);
    requests.set(order.id, {
      orderId: order.id,
      orderNumber: order.number,
      service,
      from,
      to: orderParty(order),
      parcel,
      declaredValueCents: items.reduce((sum, item) => sum + item.unitValueCents * item.quantity, 0),
      items,
    });
  }
  return { requests, refused };
}

/** Each carrier's orders in one call, side by side; a carrier that throws fails its own orders. */
async function buyAll(
  deps: LabelDeps,
  candidates: readonly Candidate[],
  requests: ReadonlyMap<string, LabelRequest>,
): Promise<Map<string, LabelOutcome>> {
  const byCarrier = new Map<CarrierName, LabelRequest[]>();
  for (const candidate of candidates) {
    const list = byCarrier.get(candidate.carrier) ?? [];
    list.push(requests.get(candidate.order.id)!);
    byCarrier.set(candidate.carrier, list);
  }
  const outcomes = new Map<string, LabelOutcome>();
  const signal = AbortSignal.timeout(CARRIER_DEADLINE_MS);
  await Promise.all(
    [...byCarrier].map(async ([carrier, list]) => {
      let answers: LabelOutcome[];
      try {
        answers = await deps.buyers.get(carrier)!.buy(list, signal);
      } catch {
        answers = list.map((request) => ({
          orderId: request.orderId,
          ok: false as const,
          reason: `${CARRIER_LABELS[carrier]} não respondeu: tente de novo.`,
        }));
      }
      for (const answer of answers) outcomes.set(answer.orderId, answer);
    }),
  );
  return outcomes;
}

export async function buyLabels(
  db: Database,
  deps: LabelDeps,
  principal: StaffPrincipal & { origin?: AuditOrigin },
  ids: readonly string[],
): Promise<LabelBatchResult> {
  const listError = labelBatchError(ids);
  if (listError) throw badUserInput(listError, 'ids');
  const wanted = ids.filter(isUuid);
  const rows = wanted.length ? await ordersWithCarrier(db, wanted) : [];
  const found = new Map(rows.map((row) => [row.order.id, row]));
  const liveLabels = wanted.length ? await purchasedLabelsOf(db, wanted) : [];
  const live = new Map(liveLabels.map((label) => [label.orderId, label]));

  const results = new Map<string, LabelResult>();
  const candidates: Candidate[] = [];
  for (const id of ids) {
    const row = found.get(id.toLowerCase());
    if (!row) {
      results.set(id, {
        orderId: id,
        orderNumber: null,
        label: null,
        error: 'Pedido não encontrado.',
      });
      continue;
    }
    const label = live.get(row.order.id);
    const why = labelIneligibility(
      {
        status: row.order.status,
        shippingMethodKind: row.order.shippingMethodKind,
        shippingMethodName: row.order.shippingMethodName,
        carrier: row.carrier && row.carrierService ? row.carrier : null,
        live: label ? { carrier: label.carrier, trackingCode: label.trackingCode } : null,
      },
      (carrier) => deps.buyers.has(carrier),
    );
    if (why) {
      results.set(id, {
        orderId: row.order.id,
        orderNumber: row.order.number,
        label: null,
        error: why,
      });
    } else {
      candidates.push({ order: row.order, carrier: row.carrier!, service: row.carrierService! });
    }
  }
  if (candidates.length === 0) {
    return { batchId: null, purchased: 0, failed: results.size, results: [...results.values()] };
  }

  const settings = await getStoreSettings(db);
  const from = parseStoreAddress(settings, deps.originCep);
  if (!from) throw badUserInput(SENDER_ADDRESS_MESSAGE, 'ids');
  const { requests, refused } = await requestsFor(db, candidates, from);
  for (const [orderId, why] of refused) {
    const order = candidates.find((candidate) => candidate.order.id === orderId)!.order;
    results.set(orderId, { orderId, orderNumber: order.number, label: null, error: why });
  }
  const toBuy = candidates.filter((candidate) => requests.has(candidate.order.id));
  if (toBuy.length === 0) {
    return {
      batchId: null,
      purchased: 0,
      failed: ids.length,
      results: ids.map((id) => results.get(id) ?? results.get(id.toLowerCase())!),
    };
  }
  const outcomes = await buyAll(deps, toBuy, requests);
  return record(db, deps, principal, { ids, candidates: toBuy, requests, outcomes, results });
}

/** Stores the batch, its labels and the orders' timeline events; builds the batch's PDF. */
async function record(
  db: Database,
  deps: LabelDeps,
  principal: StaffPrincipal & { origin?: AuditOrigin },
  batch: {
    ids: readonly string[];
    candidates: readonly Candidate[];
    requests: ReadonlyMap<string, LabelRequest>;
    outcomes: ReadonlyMap<string, LabelOutcome>;
    results: Map<string, LabelResult>;
  },
): Promise<LabelBatchResult> {
  const bought = batch.candidates.flatMap(({ order }) => {
    const outcome = batch.outcomes.get(order.id);
    return outcome?.ok ? [{ order, outcome }] : [];
  });
  const placeAndDate = `${batch.requests.values().next().value?.from.city ?? ''}, ${formatLongDate(new Date())}`;
  const pdf = bought.length
    ? await batchPdf(
        bought.map(({ outcome }) => outcome.pdf),
        bought.map(({ order }): ContentDeclaration => {
          const request = batch.requests.get(order.id)!;
          return {
            orderNumber: order.number,
            from: request.from,
            to: request.to,
            items: request.items,
            weightGrams: request.parcel.weightGrams,
            placeAndDate,
          };
        }),
      )
    : null;
  const actor = staffActor(principal);
  return db.transaction(async (tx) => {
    const batchId = await insertLabelBatch(tx, {
      staffId: isUuid(principal.id) ? principal.id : null,
      staffName: principal.name,
      requested: batch.ids.length,
      purchased: bought.length,
      failed: batch.ids.length - bought.length,
      pdf,
    });
    for (const { order, carrier, service } of batch.candidates) {
      const outcome = batch.outcomes.get(order.id) ?? {
        orderId: order.id,
        ok: false as const,
        reason: `${CARRIER_LABELS[carrier]} não respondeu a tempo: tente de novo.`,
      };
      const label = await insertShippingLabel(tx, {
        batchId,
        orderId: order.id,
        carrier,
        service,
        status: outcome.ok ? 'PURCHASED' : 'FAILED',
        carrierReference: outcome.carrierReference ?? null,
        trackingCode: outcome.ok ? outcome.trackingCode : null,
        error: outcome.ok ? null : outcome.reason.slice(0, 600),
        pdf: outcome.ok ? outcome.pdf : null,
      });
      if (outcome.ok) {
        await appendOrderEvent(tx, {
          orderId: order.id,
          type: 'label_purchased',
          actor,
          note: `${CARRIER_LABELS[carrier]} · ${outcome.trackingCode}`,
          data: { carrier, service, trackingCode: outcome.trackingCode, labelId: label.id },
        });
      }
      batch.results.set(order.id, {
        orderId: order.id,
        orderNumber: order.number,
        label,
        error: outcome.ok ? null : `${CARRIER_LABELS[carrier]}: ${outcome.reason}`,
      });
    }
    const results = batch.ids.map(
      (id) => batch.results.get(id) ?? batch.results.get(id.toLowerCase())!,
    );
    return {
      batchId,
      purchased: bought.length,
      failed: results.length - bought.length,
      results,
    };
  });
}
