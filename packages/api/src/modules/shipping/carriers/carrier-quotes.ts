// Carrier quotes for the checkout: each shipping method that names a carrier and a service is
// priced by that carrier, all carriers at once, within a deadline (700 ms by default). A carrier
// that fails, refuses or is slower than the deadline leaves its methods to their own price table:
// the shopper never waits longer and never sees an error. Answers are kept a short while per
// destination CEP prefix (5 digits) and parcel, so a bag re-priced, the checkout and placeOrder
// see the same price; once that time has passed placeOrder re-quotes.
import {
  CARRIER_LABELS,
  type CarrierName,
  type CarrierParcel,
  type CarrierQuoter,
} from './provider';

export interface CarrierMethod {
  id: string;
  carrier: CarrierName | null;
  carrierService: string | null;
}

export interface CarrierPrice {
  priceCents: number;
  businessDays: number;
}

export interface CarrierQuotesOptions {
  /** The store's dispatch CEP (8 digits): where every parcel leaves from. */
  originCep: string;
  /** The longest a quote may take before the tables answer instead. */
  timeoutMs?: number;
  /** How long an answer is reused. */
  cacheTtlMs?: number;
  now?: () => number;
  /** Told of each carrier that failed (a log line, a counter); never thrown. */
  onFailure?: (carrier: CarrierName, error: unknown) => void;
  /** The most answers kept (the oldest go first). */
  maxEntries?: number;
}

export const DEFAULT_CARRIER_TIMEOUT_MS = 700;
export const DEFAULT_CARRIER_CACHE_TTL_MS = 10 * 60_000;

interface CacheEntry {
  expiresAt: number;
  /** The carrier's answer by service; a service missing was not offered for this route. */
  prices: Map<string, CarrierPrice>;
}

export class CarrierQuotes {
  private readonly byName: Map<CarrierName, CarrierQuoter>;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly timeoutMs: number;
  private readonly cacheTtlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    quoters: readonly CarrierQuoter[],
    private readonly options: CarrierQuotesOptions,
  ) {
    this.byName = new Map(quoters.map((quoter) => [quoter.name, quoter]));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CARRIER_TIMEOUT_MS;
    this.cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CARRIER_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** The carriers configured here, for the dashboard's method editor. */
  carriers(): CarrierName[] {
    return [...this.byName.keys()];
  }

  label(carrier: CarrierName): string {
    return CARRIER_LABELS[carrier];
  }

  /**
   * The carrier price of every method that names a configured carrier and a service the carrier
   * priced for this route; methods left out are priced by their own table.
   */
  async pricesFor(
    methods: readonly CarrierMethod[],
    toCep: string | null,
    parcel: CarrierParcel | null,
  ): Promise<Map<string, CarrierPrice>> {
    const result = new Map<string, CarrierPrice>();
    if (toCep === null || parcel === null) return result;
    const wanted = new Map<CarrierName, Set<string>>();
    for (const method of methods) {
      if (!method.carrier || !method.carrierService || !this.byName.has(method.carrier)) continue;
      const services = wanted.get(method.carrier) ?? new Set<string>();
      services.add(method.carrierService);
      wanted.set(method.carrier, services);
    }
    if (wanted.size === 0) return result;
    const answers = new Map<CarrierName, Map<string, CarrierPrice>>();
    await Promise.all(
      [...wanted].map(async ([carrier, services]) => {
        const prices = await this.carrierPrices(carrier, [...services].sort(), toCep, parcel);
        if (prices) answers.set(carrier, prices);
      }),
    );
    for (const method of methods) {
      if (!method.carrier || !method.carrierService) continue;
      const price = answers.get(method.carrier)?.get(method.carrierService);
      if (price) result.set(method.id, price);
    }
    return result;
  }

  private async carrierPrices(
    carrier: CarrierName,
    services: string[],
    toCep: string,
    parcel: CarrierParcel,
  ): Promise<Map<string, CarrierPrice> | null> {
    const key = [
      carrier,
      services.join(','),
      toCep.slice(0, 5),
      parcel.weightGrams,
      parcel.lengthCm,
      parcel.widthCm,
      parcel.heightCm,
    ].join('|');
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.prices;
    const quoter = this.byName.get(carrier)!;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(null);
      }, this.timeoutMs);
    });
    try {
      const answer = await Promise.race([
        quoter.quote({
          fromCep: this.options.originCep,
          toCep,
          parcel,
          services,
          signal: controller.signal,
        }),
        deadline,
      ]);
      if (answer === null) {
        this.options.onFailure?.(carrier, new Error(`no answer within ${this.timeoutMs} ms`));
        return null;
      }
      const prices = new Map(
        answer.map((quote) => [
          quote.service,
          { priceCents: quote.priceCents, businessDays: quote.businessDays },
        ]),
      );
      this.remember(key, prices);
      return prices;
    } catch (error) {
      this.options.onFailure?.(carrier, error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private remember(key: string, prices: Map<string, CarrierPrice>): void {
    this.cache.delete(key);
    this.cache.set(key, { expiresAt: this.now() + this.cacheTtlMs, prices });
    while (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}
