// One interface for every carrier that takes a return back to the store (the Correios'
// logística reversa; another carrier's return label would be one more adapter): asked by the
// returns worker after the shopper's request was committed, never while she waits.

import type { LabelParty } from '../shipping/carriers/labels';

/** A person or company at one end of the return parcel (as a label's: the same fields). */
export type ReverseParty = LabelParty;

export interface ReverseRequest {
  /** Ours: the carrier's note names the return and the order. */
  returnId: string;
  returnNumber: number;
  orderNumber: string;
  /** The shopper, who posts the parcel. */
  from: ReverseParty;
  /** The store, which receives it. */
  to: ReverseParty;
  parcel: { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number };
  declaredValueCents: number;
  /** The content declaration: what comes back. */
  items: { description: string; quantity: number; unitValueCents: number }[];
}

/** What the shopper needs to send the parcel back. */
export interface ReverseAuthorization {
  /** The code the shopper gives at the agency (the Correios' e-ticket). */
  authorizationCode: string;
  /** The parcel's tracking code, when the carrier gives one apart from the authorisation. */
  trackingCode: string | null;
  /** A label to print, when the carrier makes one (the Correios' e-ticket needs none). */
  labelUrl: string | null;
  /** Until when the code can be used. */
  expiresAt: Date | null;
  /** The carrier's id of the request. */
  reference: string | null;
}

/**
 * The carrier did not authorise the return. `retryable`: it did not answer or is down (asked
 * again with backoff); otherwise it refused the request as it is (staff see its reason and may
 * type a code by hand or ask again once they fixed the cause).
 */
export class ReverseLogisticsError extends Error {
  override name = 'ReverseLogisticsError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface ReverseLogistics {
  /** Stored on the return ('correios'). */
  readonly name: string;
  /** Said to the shopper and staff ('Correios'). */
  readonly label: string;
  /** What the shopper does with the code, in Portuguese. */
  readonly instructions: string;
  authorize(request: ReverseRequest, signal: AbortSignal): Promise<ReverseAuthorization>;
}

/** The carrier of a code staff typed by hand. */
export const MANUAL_CARRIER = 'manual';
