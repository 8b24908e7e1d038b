// The carriers' prices for a cart's parcel, for quoteShipping: only methods that name a carrier,
// only when a carrier is configured and the parcel's dimensions are known (a parcel of unknown
// size is priced by the tables rather than guessed).
import { billableWeightGrams, normaliseCep, stackedParcel, type ParcelItem } from '@vitrine/rules';
import type {
  CarrierMethod,
  CarrierPrice,
  CarrierQuotes,
} from '../shipping/carriers/carrier-quotes';

export async function carrierPricesFor(
  carriers: CarrierQuotes | undefined,
  methods: readonly CarrierMethod[],
  cep: string | null,
  parcels: readonly ParcelItem[],
): Promise<Map<string, CarrierPrice>> {
  if (!carriers || cep === null || !methods.some((method) => method.carrier !== null)) {
    return new Map();
  }
  const dimensions = stackedParcel(parcels);
  if (!dimensions) return new Map();
  let toCep: string;
  try {
    toCep = normaliseCep(cep);
  } catch {
    return new Map();
  }
  return carriers.pricesFor(methods, toCep, {
    ...dimensions,
    weightGrams: billableWeightGrams(parcels),
  });
}
