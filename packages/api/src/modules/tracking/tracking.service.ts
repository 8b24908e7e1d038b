// Tracking that moves the order: shipped orders with a Correios code are read from the carrier
// (SRO) every so often; each new event is kept for the shopper's tracking page, a delivery that
// did not happen or a return to the sender is flagged on the order's timeline for staff, and a
// delivery moves the order to DELIVERED by the carrier's word, not by hand.
import { isShipmentProblem, SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@vitrine/rules';
import type { Database } from '../../db';
import { formatDateTimeIn } from '../../lib/dates';
import { appendOrderEvent, deliverOrder, type Actor } from '../orders/orders.transitions';
import {
  CARRIER_LABELS,
  type CarrierName,
  type CarrierTracker,
} from '../shipping/carriers/provider';
import {
  claimDueShipments,
  insertShipmentEvents,
  lockTrackedOrder,
  markLabelShipmentDue,
  setTrackingState,
} from './tracking.repository';

export interface ShipmentTrackingOptions {
  db: Database;
  /** The carriers that tell where a parcel is (the Correios' SRO, Melhor Envio's labels). */
  trackers: readonly CarrierTracker[];
  publicUrl: string;
  now?: () => Date;
  /** How long before a parcel in transit is read again. */
  recheckMs?: number;
  /** Parcels read per run. */
  batch?: number;
  /** The longest one read may take. */
  requestTimeoutMs?: number;
  timeZone?: string;
  log?: { warn: (details: Record<string, unknown>, message: string) => void };
}

export interface TrackingRun {
  checked: number;
  delivered: number;
  problems: number;
}

export const DEFAULT_TRACKING_RECHECK_MS = 60 * 60_000;

/** "Entrega confirmada pelos Correios" / "pela Melhor Envio". */
const BY_CARRIER: Record<CarrierName, string> = {
  correios: 'pelos Correios',
  melhorenvio: 'pela Melhor Envio',
};

export class ShipmentTracking {
  private readonly now: () => Date;
  private readonly trackers: ReadonlyMap<CarrierName, CarrierTracker>;

  constructor(private readonly options: ShipmentTrackingOptions) {
    this.now = options.now ?? (() => new Date());
    this.trackers = new Map(options.trackers.map((tracker) => [tracker.name, tracker]));
  }

  private actorOf(carrier: CarrierName): Actor {
    return { kind: 'provider', name: CARRIER_LABELS[carrier] };
  }

  /** Reads the parcels due; never throws for one carrier answer (logged, tried again later). */
  async runDue(): Promise<TrackingRun> {
    const { db } = this.options;
    const now = this.now();
    const due = await claimDueShipments(
      db,
      now,
      new Date(now.getTime() + (this.options.recheckMs ?? DEFAULT_TRACKING_RECHECK_MS)),
      this.options.batch ?? 50,
      new Set(this.trackers.keys()),
    );
    const run: TrackingRun = { checked: 0, delivered: 0, problems: 0 };
    for (const shipment of due) {
      const tracker = this.trackers.get(shipment.carrier)!;
      const actor = this.actorOf(shipment.carrier);
      let events;
      try {
        events = await tracker.track(
          shipment.trackingCode,
          AbortSignal.timeout(this.options.requestTimeoutMs ?? 10_000),
        );
      } catch (error) {
        this.options.log?.warn(
          { err: error, order: shipment.number },
          'tracking: the carrier did not answer (tried again later)',
        );
        continue;
      }
      run.checked += 1;
      if (!events || events.length === 0) continue;
      const outcome = await db.transaction(async (tx) => {
        const order = await lockTrackedOrder(tx, shipment.id);
        if (!order || order.status !== 'SHIPPED') return null;
        const fresh = await insertShipmentEvents(tx, order.id, tracker.name, events);
        const latest: ShipmentStatus = events.at(-1)!.status;
        await setTrackingState(tx, order.id, { status: latest, checkedAt: now });
        const problems = fresh.filter((event) => isShipmentProblem(event.status));
        for (const event of problems) {
          await appendOrderEvent(tx, {
            orderId: order.id,
            type: 'delivery_problem',
            actor,
            note: `${SHIPMENT_STATUS_LABELS[event.status]}: ${event.description}${event.location ? ` (${event.location})` : ''}.`,
            data: {
              code: event.code,
              status: event.status,
              occurredAt: event.occurredAt.toISOString(),
            },
          });
        }
        const delivery = events.find((event) => event.status === 'DELIVERED');
        return { problems: problems.length, delivery: latest === 'DELIVERED' ? delivery : null };
      });
      if (!outcome) continue;
      run.problems += outcome.problems;
      if (outcome.delivery) {
        const when = formatDateTimeIn(outcome.delivery.occurredAt, this.options.timeZone);
        try {
          await deliverOrder(
            db,
            { publicUrl: this.options.publicUrl },
            actor,
            shipment.id,
            `Entrega confirmada ${BY_CARRIER[shipment.carrier]} em ${when}${outcome.delivery.location ? ` (${outcome.delivery.location})` : ''}.`,
          );
          run.delivered += 1;
        } catch (error) {
          // Delivered by hand meanwhile: nothing left to do.
          this.options.log?.warn({ err: error, order: shipment.number }, 'tracking: not delivered');
        }
      }
    }
    return run;
  }

  /**
   * Melhor Envio said something happened to one of its shipments (a webhook): the order with that
   * label is read back from Melhor Envio now, never from the webhook's body. False when no shipped
   * order has that label.
   */
  async readBack(carrierReference: string): Promise<boolean> {
    const orderId = await markLabelShipmentDue(this.options.db, carrierReference, this.now());
    if (!orderId) return false;
    await this.runDue();
    return true;
  }
}
