// One interface for buying shipping labels from a carrier (Melhor Envio's cart → checkout →
// generate → print; the Correios' pre-postagem and rótulo): the labels module hands each carrier
// the orders whose shipping method names it, and gets back, per order, the tracking code and the
// label's PDF, or the carrier's reason for refusing it. One order's failure never fails the rest.
import type { CarrierName, CarrierParcel } from './provider';

/** A person or company at one end of the parcel. */
export interface LabelParty {
  name: string;
  /** CPF (11 digits) or CNPJ (14 digits), digits only; null when unknown. */
  document: string | null;
  phone: string | null;
  email: string | null;
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  uf: string;
  /** 8 digits. */
  postalCode: string;
}

/** One line of the content declaration (there is no NF-e yet): what the parcel carries. */
export interface LabelItem {
  description: string;
  quantity: number;
  unitValueCents: number;
}

export interface LabelRequest {
  /** Ours: echoed in the outcome, and sent as the carrier's reference. */
  orderId: string;
  orderNumber: string;
  /** The carrier's service code ('1' PAC at Melhor Envio, '03298' PAC at the Correios). */
  service: string;
  from: LabelParty;
  to: LabelParty;
  parcel: CarrierParcel;
  /** The declared value (insurance) and the content declaration. */
  declaredValueCents: number;
  items: LabelItem[];
}

export type LabelOutcome =
  | {
      orderId: string;
      ok: true;
      /** The carrier's id of the shipment (Melhor Envio's order, the Correios' pre-postagem). */
      carrierReference: string;
      trackingCode: string;
      /** The label, ready to print. */
      pdf: Uint8Array;
    }
  | {
      orderId: string;
      ok: false;
      /** The carrier's reason, in its words (shown to staff beside the order). */
      reason: string;
      /** Bought but not printed: the carrier's id, so a retry does not pay twice. */
      carrierReference?: string;
    };

export interface LabelBuyer {
  readonly name: CarrierName;
  /** Never throws for one order: its failure is its outcome. Throws only when nothing was tried. */
  buy(requests: readonly LabelRequest[], signal: AbortSignal): Promise<LabelOutcome[]>;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping their order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  return results;
}

/** A carrier's error body as one line: Melhor Envio's `message`/`errors`, the Correios' `msgs`. */
export function carrierReason(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const parts: string[] = [];
    if (typeof record.message === 'string') parts.push(record.message);
    if (typeof record.error === 'string') parts.push(record.error);
    if (Array.isArray(record.msgs)) parts.push(...record.msgs.filter((m) => typeof m === 'string'));
    if (record.errors && typeof record.errors === 'object') {
      for (const value of Object.values(record.errors as Record<string, unknown>)) {
        if (Array.isArray(value)) parts.push(...value.filter((m) => typeof m === 'string'));
        else if (typeof value === 'string') parts.push(value);
      }
    }
    const text = [...new Set(parts.map((part) => part.trim()).filter(Boolean))].join(' ');
    if (text) return text.slice(0, 500);
  }
  return `HTTP ${status}`;
}
