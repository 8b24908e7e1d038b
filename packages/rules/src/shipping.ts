// CEP (Brazilian postal code): validation, postal region and state, billable weight and the
// pure shipping quote that turns configured methods into priced options.
import type { PickupPointSnapshot } from './pickup';
import type { Uf } from './uf';

export const CEP_ERROR_MESSAGE = 'CEP inválido: use 8 dígitos, como 01310-100.';

export class CepError extends Error {
  override name = 'CepError';
  readonly code = 'INVALID_CEP';
  constructor(readonly input: unknown) {
    super(CEP_ERROR_MESSAGE);
  }
}

/** '01310-100', '01310100' or ' 01310-100 ' -> '01310100'; anything else throws CepError. */
export function normaliseCep(input: string): string {
  if (typeof input !== 'string') throw new CepError(input);
  const match = /^(\d{5})-?(\d{3})$/.exec(input.trim());
  if (!match) throw new CepError(input);
  return `${match[1]}${match[2]}`;
}

export function isValidCep(input: string): boolean {
  try {
    normaliseCep(input);
    return true;
  } catch {
    return false;
  }
}

/** '01310100' -> '01310-100'. */
export function formatCep(input: string): string {
  const cep = normaliseCep(input);
  return `${cep.slice(0, 5)}-${cep.slice(5)}`;
}

/** 0 Grande São Paulo, 1 interior de SP, 2 RJ/ES, ..., 9 RS: the first digit of the CEP. */
export type PostalRegion = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export function regionOfCep(input: string): PostalRegion {
  return Number(normaliseCep(input)[0]) as PostalRegion;
}

// Correios' CEP ranges per state (first five digits, inclusive), after the 2008 revision that
// moved Rondônia to 76800-76999. 00000-00999 and 78900-78999 belong to no state.
const UF_RANGES: ReadonlyArray<readonly [from: number, to: number, uf: Uf]> = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The state a CEP belongs to, or null for a CEP outside every Correios range. */
export function ufOfCep(input: string): Uf | null {
  const prefix = Number(normaliseCep(input).slice(0, 5));
  for (const [from, to, uf] of UF_RANGES) {
    if (prefix >= from && prefix <= to) return uf;
  }
  return null;
}

export interface ParcelItem {
  /** Real weight of one unit, in grams. */
  weightGrams: number;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  quantity: number;
}

export class ShippingInputError extends RangeError {
  override name = 'ShippingInputError';
}

function nonNegative(value: number | null | undefined, what: string): number {
  const n = value ?? 0;
  if (!Number.isFinite(n) || n < 0) throw new ShippingInputError(`${what} must be >= 0`);
  return n;
}

/** Carriers' cubic factor: 6000 cm³ per kg, i.e. L × W × H / 6 grams. */
export const CUBIC_FACTOR_CM3_PER_KG = 6000;

/**
 * Billable weight in grams: per unit, the larger of the real weight and the volumetric weight
 * (L × W × H / 6000 kg), rounded up to the gram, times the quantity, summed over the items.
 */
export function billableWeightGrams(items: readonly ParcelItem[]): number {
  let total = 0;
  for (const item of items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new ShippingInputError('quantity must be a positive integer');
    }
    const real = nonNegative(item.weightGrams, 'weightGrams');
    const volume =
      nonNegative(item.lengthCm, 'lengthCm') *
      nonNegative(item.widthCm, 'widthCm') *
      nonNegative(item.heightCm, 'heightCm');
    const volumetric = (volume * 1000) / CUBIC_FACTOR_CM3_PER_KG;
    // A hair of tolerance keeps 10 × 10 × 6 (exactly 100 g) from becoming 101 g by float noise.
    total += Math.ceil(Math.max(real, volumetric) - 1e-9) * item.quantity;
  }
  return total;
}

/** Correios' smallest parcel (the "pacote" format): 16 × 11 × 2 cm. */
export const MIN_PARCEL_CM = { lengthCm: 16, widthCm: 11, heightCm: 2 } as const;

export interface ParcelDimensions {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/** A unit's sides, longest first; null when one is unknown or not positive. */
export function unitSides(
  item: ParcelItem,
): [longest: number, middle: number, smallest: number] | null {
  const sides = [item.lengthCm, item.widthCm, item.heightCm];
  if (sides.some((side) => side === null || side === undefined || !(side > 0))) return null;
  return (sides as number[]).sort((a, b) => b - a) as [number, number, number];
}

/**
 * How much room the units take stacked, exactly (no rounding, no minimum): every unit laid flat
 * (its smallest side up) on the one below, as long as the longest unit, as wide as the widest and
 * as high as all the units' heights added. Null when a unit's dimensions are unknown, or no units.
 */
export function stackedExtent(items: readonly ParcelItem[]): ParcelDimensions | null {
  if (items.length === 0) return null;
  let lengthCm = 0;
  let widthCm = 0;
  let heightCm = 0;
  for (const item of items) {
    const sides = unitSides(item);
    if (!sides) return null;
    const [longest, middle, smallest] = sides;
    lengthCm = Math.max(lengthCm, longest);
    widthCm = Math.max(widthCm, middle);
    heightCm += smallest * item.quantity;
  }
  return { lengthCm, widthCm, heightCm };
}

/**
 * The parcel of an order until the store has boxes: the units stacked (stackedExtent), each side
 * rounded up to the centimetre and never below Correios' minimum (16 × 11 × 2 cm). Null when a
 * unit's dimensions are unknown.
 */
export function stackedParcel(items: readonly ParcelItem[]): ParcelDimensions | null {
  const extent = stackedExtent(items);
  if (!extent) return null;
  return {
    lengthCm: Math.max(MIN_PARCEL_CM.lengthCm, Math.ceil(extent.lengthCm)),
    widthCm: Math.max(MIN_PARCEL_CM.widthCm, Math.ceil(extent.widthCm)),
    heightCm: Math.max(MIN_PARCEL_CM.heightCm, Math.ceil(extent.heightCm)),
  };
}

export interface WeightBand {
  /** This band covers billable weights up to and including this many grams. */
  upToGrams: number;
  priceCents: number;
}

export interface DeliveryRate {
  /** Ascending by upToGrams. */
  bands: readonly WeightBand[];
  /** Price of each started kilogram beyond the last band; without it, heavier parcels are refused. */
  extraKgPriceCents?: number | null;
  businessDays: number;
}

export interface DeliveryMethod {
  kind: 'delivery';
  id: string;
  name: string;
  /** Rates per postal region (first CEP digit). */
  byRegion?: Partial<Record<PostalRegion, DeliveryRate>>;
  /** Rates per state; a state's rate wins over its region's. */
  byUf?: Partial<Record<Uf, DeliveryRate>>;
  /** Business days added to every estimate (packing time). */
  handlingBusinessDays?: number;
  /**
   * Free at or above this subtotal. undefined: the store-wide threshold applies;
   * null: never free (say, an express method excluded from the store's offer).
   */
  freeShippingThresholdCents?: number | null;
  /**
   * The carrier's own quote for this parcel and destination (Correios, Melhor Envio): it replaces
   * the table's price and days (the handling days are still added). Absent: the table prices it.
   */
  carrierQuote?: { priceCents: number; businessDays: number };
}

export interface PickupMethod {
  kind: 'pickup';
  id: string;
  name: string;
  readyInBusinessDays: number;
  /** Where to pick up, shown to the shopper: the address on one line. */
  address?: string;
  /** The point itself (address, hours, instructions), kept by the order placed with it. */
  point?: PickupPointSnapshot;
}

export type ShippingMethod = DeliveryMethod | PickupMethod;

export interface ShippingOption {
  methodId: string;
  name: string;
  kind: 'delivery' | 'pickup';
  priceCents: number;
  /** The table price before a free-shipping threshold zeroed it. */
  fullPriceCents: number;
  freeShipping: boolean;
  /** Delivery: business days to arrive; pickup: business days until ready. */
  businessDays: number;
  billableWeightGrams: number;
  address?: string;
  /** Pickup: where, its hours and instructions. */
  pickupPoint?: PickupPointSnapshot;
  /** Priced by the carrier's quote rather than the store's table. */
  carrierQuoted?: boolean;
}

function priceForWeight(rate: DeliveryRate, grams: number): number | null {
  const bands = [...rate.bands].sort((a, b) => a.upToGrams - b.upToGrams);
  const band = bands.find((b) => grams <= b.upToGrams);
  if (band) return band.priceCents;
  const last = bands.at(-1);
  if (!last || rate.extraKgPriceCents === undefined || rate.extraKgPriceCents === null) return null;
  const extraKg = Math.ceil((grams - last.upToGrams) / 1000);
  return last.priceCents + extraKg * rate.extraKgPriceCents;
}

/**
 * Prices every method for a destination and a cart. Methods without a rate for the destination,
 * or whose bands cannot carry the weight, are left out. Sorted by price, then days, then name.
 * Without a destination (null) only pickups are quoted: collecting at the store needs no CEP.
 * Throws CepError for an invalid CEP.
 */
export function quoteShipping(
  methods: readonly ShippingMethod[],
  destinationCep: string | null,
  items: readonly ParcelItem[],
  subtotalCents: number,
  storeFreeShippingThresholdCents?: number | null,
): ShippingOption[] {
  const cep = destinationCep === null ? null : normaliseCep(destinationCep);
  const region = cep === null ? null : regionOfCep(cep);
  const uf = cep === null ? null : ufOfCep(cep);
  const grams = billableWeightGrams(items);
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new ShippingInputError('subtotalCents must be a non-negative integer');
  }

  const options: ShippingOption[] = [];
  for (const method of methods) {
    if (method.kind === 'pickup') {
      options.push({
        methodId: method.id,
        name: method.name,
        kind: 'pickup',
        priceCents: 0,
        fullPriceCents: 0,
        freeShipping: true,
        businessDays: method.readyInBusinessDays,
        billableWeightGrams: grams,
        ...(method.address === undefined ? {} : { address: method.address }),
        ...(method.point === undefined ? {} : { pickupPoint: method.point }),
      });
      continue;
    }
    if (region === null) continue;
    const rate = (uf === null ? undefined : method.byUf?.[uf]) ?? method.byRegion?.[region];
    const carried = method.carrierQuote;
    const fullPrice = carried ? carried.priceCents : rate ? priceForWeight(rate, grams) : null;
    const days = carried ? carried.businessDays : rate?.businessDays;
    if (fullPrice === null || days === undefined) continue;
    const threshold =
      method.freeShippingThresholdCents === undefined
        ? (storeFreeShippingThresholdCents ?? null)
        : method.freeShippingThresholdCents;
    const free = threshold !== null && subtotalCents >= threshold;
    options.push({
      methodId: method.id,
      name: method.name,
      kind: 'delivery',
      priceCents: free ? 0 : fullPrice,
      fullPriceCents: fullPrice,
      freeShipping: free,
      businessDays: days + (method.handlingBusinessDays ?? 0),
      billableWeightGrams: grams,
      ...(carried ? { carrierQuoted: true } : {}),
    });
  }
  return options.sort(
    (a, b) =>
      a.priceCents - b.priceCents ||
      a.businessDays - b.businessDays ||
      a.name.localeCompare(b.name, 'pt-BR'),
  );
}
