// One interface for every carrier that quotes a parcel (Correios' contract API, Melhor Envio's
// aggregator): the checkout asks each configured carrier for the services its shipping methods
// name, and a carrier that is slow or down is never the shopper's problem (carrier-quotes.ts
// falls back to the method's own table).

import { LABEL_CARRIER_NAMES, type LabelCarrier, type ShipmentStatus } from '@vitrine/rules';

export type CarrierName = LabelCarrier;

/** 'Melhor Envio', 'Correios': the names people read (@vitrine/rules, the mocks' too). */
export const CARRIER_LABELS: Record<CarrierName, string> = LABEL_CARRIER_NAMES;

/** One box: dimensions in whole centimetres, weight in grams (the billable one). */
export interface CarrierParcel {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface CarrierQuoteRequest {
  /** 8 digits each. */
  fromCep: string;
  toCep: string;
  parcel: CarrierParcel;
  /** The carrier's service codes to price ('1' PAC at Melhor Envio, '03298' PAC at Correios). */
  services: readonly string[];
  signal: AbortSignal;
}

/** A service the carrier priced for the parcel; services it cannot deliver are left out. */
export interface CarrierServiceQuote {
  service: string;
  priceCents: number;
  businessDays: number;
}

/** Anything but an answer: the carrier is down, slow, refused the credentials or answered junk. */
export class CarrierError extends Error {
  override name = 'CarrierError';
  constructor(
    readonly carrier: CarrierName,
    message: string,
  ) {
    super(message);
  }
}

export interface CarrierQuoter {
  readonly name: CarrierName;
  quote(request: CarrierQuoteRequest): Promise<CarrierServiceQuote[]>;
}

/** 'R$ 25,50' / '25.50' / '25,50' / 25.5 -> 2550; null for anything else. */
export function reaisToCents(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.replace(/R\$|\s/g, '');
  const normalised = /,\d{1,2}$/.test(text) ? text.replace(/\./g, '').replace(',', '.') : text;
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/** One event of a parcel, as the carrier tells it. */
export interface CarrierTrackingEvent {
  /** The carrier's code of the event ('BDE', 'OEC'...). */
  code: string;
  status: ShipmentStatus;
  description: string;
  /** 'São Paulo/SP'; null when the carrier gives none. */
  location: string | null;
  occurredAt: Date;
}

/** A carrier that tells where a parcel is by its tracking code. */
export interface CarrierTracker {
  readonly name: CarrierName;
  /** Oldest first; null when the carrier does not know the code (yet). */
  track(trackingCode: string, signal: AbortSignal): Promise<CarrierTrackingEvent[] | null>;
}
