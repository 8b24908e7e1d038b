// One hub per process: listens to the database's order notifications (lazily, when the first
// staff stream opens) and hands each event to the streams allowed to see it. A BRAND_MANAGER sees
// only orders holding one of their brands: the brands of every order in a burst are read in one
// query, and events keep their order for every stream.
import type { StaffPrincipal } from '../../graphql/context';
import { parseOrderNotification, type OrderLiveEvent } from './live.events';
import type { NotificationSource } from './live.source';

export interface LiveSubscriber {
  staff: Pick<StaffPrincipal, 'id' | 'role' | 'brandIds'>;
  send(event: OrderLiveEvent): void;
  /** Notifications may have been lost (the listening connection dropped): reload. */
  resync(): void;
}

export type BrandLookup = (orderIds: readonly string[]) => Promise<Map<string, Set<string>>>;

interface HubLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class OrderEventHub {
  readonly #subscribers = new Set<LiveSubscriber>();
  #started: Promise<void> | null = null;
  #pending: OrderLiveEvent[] = [];
  #draining: Promise<void> | null = null;
  #closed = false;

  constructor(
    private readonly source: NotificationSource | null,
    private readonly lookupBrands: BrandLookup,
    private readonly log: HubLog,
  ) {}

  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  /**
   * Adds a stream; resolves once the process is listening (an event committed afterwards reaches
   * it). Rejects when listening cannot start; the next subscribe tries again.
   */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    await this.#ensureStarted();
    this.#subscribers.add(subscriber);
    return () => {
      this.#subscribers.delete(subscriber);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#subscribers.clear();
    await this.#draining;
    if (this.#started) {
      await this.#started.catch(() => undefined);
      await this.source?.stop();
    }
  }

  #ensureStarted(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('live events: the hub is closed'));
    if (!this.source) return Promise.resolve();
    this.#started ??= this.source
      .start({
        onPayload: (payload) => this.#receive(payload),
        onResync: () => {
          for (const subscriber of [...this.#subscribers]) subscriber.resync();
        },
      })
      .catch((err: unknown) => {
        this.#started = null;
        throw err;
      });
    return this.#started;
  }

  #receive(payload: string): void {
    const event = parseOrderNotification(payload);
    if (!event) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'live events: unreadable notification');
      return;
    }
    if (this.#closed || this.#subscribers.size === 0) return;
    this.#pending.push(event);
    this.#scheduleDrain();
  }

  /** One drain at a time, so every stream gets the events in the order they were committed. */
  #scheduleDrain(): void {
    if (this.#draining) return;
    // Notifications of one commit arrive together: setImmediate lets them join one batch.
    this.#draining = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#drain())
      .catch((err: unknown) => this.log.error({ err }, 'live events: delivery failed'))
      .finally(() => {
        this.#draining = null;
        if (this.#pending.length > 0 && !this.#closed) this.#scheduleDrain();
      });
  }

  async #drain(): Promise<void> {
    const events = this.#pending;
    this.#pending = [];
    const subscribers = [...this.#subscribers];
    const needsBrands = subscribers.some((s) => s.staff.role === 'BRAND_MANAGER');
    let brands: Map<string, Set<string>> | null = null;
    if (needsBrands) {
      try {
        brands = await this.lookupBrands([...new Set(events.map((e) => e.id))]);
      } catch (err) {
        this.log.error({ err }, 'live events: could not read the brands of the orders');
      }
    }
    for (const event of events) {
      for (const subscriber of subscribers) {
        if (!this.#subscribers.has(subscriber)) continue;
        if (!mayReceive(subscriber.staff, event, brands)) continue;
        try {
          subscriber.send(event);
        } catch (err) {
          this.log.warn({ err }, 'live events: a stream refused an event');
        }
      }
    }
  }
}

/** ADMIN and SUPPORT see every order; a BRAND_MANAGER only orders with a line of their brands. */
export function mayReceive(
  staff: LiveSubscriber['staff'],
  event: OrderLiveEvent,
  brandsByOrder: Map<string, Set<string>> | null,
): boolean {
  if (staff.role !== 'BRAND_MANAGER') return true;
  // Without the brands (the look-up failed) nothing is sent: never leak another brand's order.
  const brands = brandsByOrder?.get(event.id);
  if (!brands) return false;
  return staff.brandIds.some((id) => brands.has(id));
}
