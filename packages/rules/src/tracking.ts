// Shipment tracking codes: the Correios (UPU S10) shape and check digit, and the general rule for
// other carriers. Shared by the server's ship and correction mutations and the dashboard's forms.

/** Carriers whose objects carry a Correios (UPU S10) code. */
export const CORREIOS_CARRIER_PATTERN = /correios|pac|sedex|carta registrada|mini envios/i;

/** An S10 code: 2 letters, 8 serial digits, the check digit and 2 letters (the country). */
const S10_PATTERN = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/;
/** Loosely S10-shaped (2 letters, 8 to 10 digits, 2 letters): checked as a Correios code. */
const S10_LIKE_PATTERN = /^[A-Z]{2}\d{8,10}[A-Z]{2}$/;
/** Any other carrier's code: 3 to 40 letters, numbers, dots, dashes and slashes. */
const GENERAL_PATTERN = /^[A-Z0-9][A-Z0-9.\-/]{2,39}$/;

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

export const TRACKING_CODE_REQUIRED_MESSAGE = 'Informe o código de rastreamento.';
export const CORREIOS_SHAPE_MESSAGE =
  'Código dos Correios inválido: são 2 letras, 9 números e 2 letras, como AA123456785BR.';
export const CORREIOS_CHECK_DIGIT_MESSAGE =
  'Código dos Correios inválido: o dígito verificador (o 9º número) não confere. Confira o código na etiqueta.';
export const TRACKING_CODE_GENERAL_MESSAGE =
  'Código de rastreamento inválido: use de 3 a 40 letras e números, como AA123456785BR.';

/** The UPU S10 check digit of an 8-digit serial number. */
export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new Error('An S10 serial number has 8 digits.');
  const sum = S10_WEIGHTS.reduce((total, weight, i) => total + weight * Number(serial[i]), 0);
  const r = 11 - (sum % 11);
  if (r === 10) return 0;
  if (r === 11) return 5;
  return r;
}

/** Upper-case without spaces, as codes are stored and printed. */
export function normaliseTrackingCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Whether a carrier's name is one of the Correios' services. */
export function isCorreiosCarrier(carrier: string): boolean {
  return CORREIOS_CARRIER_PATTERN.test(carrier);
}

export type TrackingCodeCheck = { ok: true; code: string } | { ok: false; message: string };

/**
 * Checks a tracking code for a carrier: a Correios carrier, or a code shaped like one, needs a
 * valid S10 code (shape and check digit); any other carrier 3 to 40 letters and numbers. Answers
 * the code normalised (spaces removed, upper-case) or the reason in Portuguese.
 */
export function checkTrackingCode(carrier: string, code: string): TrackingCodeCheck {
  const normalised = normaliseTrackingCode(typeof code === 'string' ? code : '');
  if (normalised === '') return { ok: false, message: TRACKING_CODE_REQUIRED_MESSAGE };
  const correios = isCorreiosCarrier(typeof carrier === 'string' ? carrier : '');
  if (correios || S10_LIKE_PATTERN.test(normalised)) {
    const match = S10_PATTERN.exec(normalised);
    if (!match) return { ok: false, message: CORREIOS_SHAPE_MESSAGE };
    if (s10CheckDigit(match[1]!) !== Number(match[2])) {
      return { ok: false, message: CORREIOS_CHECK_DIGIT_MESSAGE };
    }
    return { ok: true, code: normalised };
  }
  if (!GENERAL_PATTERN.test(normalised))
    return { ok: false, message: TRACKING_CODE_GENERAL_MESSAGE };
  return { ok: true, code: normalised };
}

/** Where a parcel stands, as carriers' events say it. */
export const SHIPMENT_STATUSES = [
  'POSTED',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'DELIVERY_FAILED',
  'RETURNING',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  POSTED: 'Postado',
  IN_TRANSIT: 'Em trânsito',
  OUT_FOR_DELIVERY: 'Saiu para entrega',
  DELIVERED: 'Entregue',
  DELIVERY_FAILED: 'Entrega não realizada',
  RETURNING: 'Devolvido ao remetente',
};

/** The statuses staff must look at: the parcel did not reach the shopper. */
export function isShipmentProblem(status: ShipmentStatus): boolean {
  return status === 'DELIVERY_FAILED' || status === 'RETURNING';
}

/**
 * A Correios SRO event as a status: 'PO' posted; 'OEC' out for delivery; 'BDE', 'BDI' and 'BDR'
 * with type '01' delivered, with another type a delivery that did not happen (or, when the words
 * say so, a return to the sender); 'LDI'/'LDE' waiting at a branch (not delivered); a return to
 * the sender wherever the words say 'devolvido ao remetente' or 'devolução'; anything else is the
 * parcel moving ('RO', 'DO', 'TR', 'PAR'...).
 */
export function correiosEventStatus(
  code: string,
  type: string,
  description: string,
): ShipmentStatus {
  const words = description.toLowerCase();
  const returning = /devolvido ao remetente|devolu[çc][ãa]o ao remetente|em devolu[çc][ãa]o/.test(
    words,
  );
  if (code === 'PO') return 'POSTED';
  if (code === 'OEC') return 'OUT_FOR_DELIVERY';
  if (code === 'BDE' || code === 'BDI' || code === 'BDR') {
    if (type === '01') return 'DELIVERED';
    return returning ? 'RETURNING' : 'DELIVERY_FAILED';
  }
  if (returning) return 'RETURNING';
  if (code === 'LDI' || code === 'LDE') return 'DELIVERY_FAILED';
  return 'IN_TRANSIT';
}
