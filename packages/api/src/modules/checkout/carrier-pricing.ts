// The carriers' prices for a cart, for quoteShipping: only methods that name a carrier, only when
// a carrier is configured and the units' dimensions are known (a parcel of unknown size is priced
// by the tables rather than guessed). The cart is packed into the store's boxes (shipping/packing:
// one parcel without boxes, its units stacked, exactly as before boxes). One parcel is quoted as
// is; several are each quoted (identical ones once) and, per method, their prices are summed and
// the slowest parcel's days are the method's days. A method some parcel could not get a price
// for is left to its table, whole: never a sum of carrier and table prices.
import { normaliseCep, type ParcelItem } from '@vitrine/rules';
import type { Executor } from '../../db';
import type {
  CarrierMethod,
  CarrierPrice,
  CarrierQuotes,
} from '../shipping/carriers/carrier-quotes';
import { carrierParcelOf, parcelsForItems } from '../shipping/packing';
import type { CarrierParcel } from '../shipping/carriers/provider';

/** More different parcels than this are not quoted by the carriers (the tables price the bag). */
export const MAX_QUOTED_PARCELS = 10;

export interface CarrierPricingDeps {
  db: Executor;
  carriers?: CarrierQuotes | undefined;
}

export async function carrierPricesFor(
  deps: CarrierPricingDeps,
  methods: readonly CarrierMethod[],
  cep: string | null,
  items: readonly ParcelItem[],
): Promise<Map<string, CarrierPrice>> {
  const { carriers } = deps;
  if (!carriers || cep === null || !methods.some((method) => method.carrier !== null)) {
    return new Map();
  }
  let toCep: string;
  try {
    toCep = normaliseCep(cep);
  } catch {
    return new Map();
  }
  const packed = await parcelsForItems(deps.db, items);
  if (!packed) return new Map();
  if (packed.length === 1) return carriers.pricesFor(methods, toCep, carrierParcelOf(packed[0]!));

  // Identical parcels (three units in three same boxes) are asked once and counted.
  const distinct = new Map<string, { parcel: CarrierParcel; count: number }>();
  for (const one of packed) {
    const parcel = carrierParcelOf(one);
    const key = [parcel.weightGrams, parcel.lengthCm, parcel.widthCm, parcel.heightCm].join('|');
    const seen = distinct.get(key);
    if (seen) seen.count += 1;
    else distinct.set(key, { parcel, count: 1 });
  }
  if (distinct.size > MAX_QUOTED_PARCELS) return new Map();
  const answers = await Promise.all(
    [...distinct.values()].map(async ({ parcel, count }) => ({
      prices: await carriers.pricesFor(methods, toCep, parcel),
      count,
    })),
  );
  const result = new Map<string, CarrierPrice>();
  for (const method of methods) {
    let priceCents = 0;
    let businessDays = 0;
    const complete = answers.every(({ prices, count }) => {
      const price = prices.get(method.id);
      if (!price) return false;
      priceCents += price.priceCents * count;
      businessDays = Math.max(businessDays, price.businessDays);
      return true;
    });
    if (complete) result.set(method.id, { priceCents, businessDays });
  }
  return result;
}
