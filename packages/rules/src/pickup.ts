// The store's pickup point (a pickup shipping method's counter): its address, opening hours and
// instructions, checked with one set of Portuguese messages (the server and the ui's mocks), and
// how it is written for the shopper — address lines, one line, and what to bring to collect.
import { CEP_ERROR_MESSAGE, formatCep, isValidCep, normaliseCep } from './shipping';
import { normaliseUf, UF_ERROR_MESSAGE, type Uf } from './uf';

/** Where a pickup order is collected. The CEP is 8 digits; texts are trimmed. */
export interface PickupPoint {
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  uf: Uf;
  postalCode: string;
  /** Opening hours as the store writes them: 'Seg. a sex., 10h às 20h; sáb., 10h às 18h'. */
  hours: string;
  /** The store's own words for collecting: where the counter is, who else may collect... */
  instructions: string | null;
}

/**
 * What an order keeps of its pickup point when it is placed: the point as it was then, or, for
 * orders placed before the point had its own fields, the method's one-line address.
 */
export type PickupPointSnapshot = PickupPoint | { address: string };

export type PickupPointField = keyof PickupPoint;

export type PickupPointCheck =
  { ok: true; point: PickupPoint } | { ok: false; field: PickupPointField; message: string };

export const PICKUP_POINT_LIMITS = {
  street: 200,
  number: 20,
  complement: 100,
  district: 100,
  city: 100,
  hours: 200,
  instructions: 500,
} as const;

// Line breaks are kept in the hours and the instructions; no other control character.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0009\u000b-\u001f\u007f]/;

const REQUIRED_MESSAGES: Record<'street' | 'number' | 'district' | 'city' | 'hours', string> = {
  street: 'Informe a rua do ponto de retirada.',
  number: 'Informe o número do ponto de retirada (ou s/n).',
  district: 'Informe o bairro do ponto de retirada.',
  city: 'Informe a cidade do ponto de retirada.',
  hours: 'Informe o horário de funcionamento da retirada, como "Seg. a sex., 10h às 19h".',
};

const LABELS: Record<keyof typeof PICKUP_POINT_LIMITS, string> = {
  street: 'A rua',
  number: 'O número',
  complement: 'O complemento',
  district: 'O bairro',
  city: 'A cidade',
  hours: 'O horário',
  instructions: 'O texto das instruções',
};

/** Spaces inside a line collapsed; line breaks kept only where `multiline` (at most one blank). */
function cleanText(value: string, multiline: boolean): string {
  if (!multiline) return value.trim().replace(/\s+/g, ' ');
  return value
    .split('\n')
    .map((line) => line.trim().replace(/[^\S\n]+/g, ' '))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const FIELD_ORDER: readonly PickupPointField[] = [
  'street',
  'number',
  'complement',
  'district',
  'city',
  'uf',
  'postalCode',
  'hours',
  'instructions',
];

type FieldCheck = { value: string } | { message: string };

function checkField(raw: Record<string, unknown>, field: PickupPointField): FieldCheck {
  const value = raw[field];
  if (field === 'uf') {
    const uf = typeof value === 'string' && value.length <= 10 ? normaliseUf(value) : null;
    return uf === null ? { message: UF_ERROR_MESSAGE } : { value: uf };
  }
  if (field === 'postalCode') {
    if (typeof value !== 'string' || value.trim() === '') {
      return { message: 'Informe o CEP do ponto de retirada.' };
    }
    if (value.length > 20 || !isValidCep(value)) return { message: CEP_ERROR_MESSAGE };
    return { value: normaliseCep(value) };
  }
  if (value === null || value === undefined) {
    return field in REQUIRED_MESSAGES
      ? { message: REQUIRED_MESSAGES[field as keyof typeof REQUIRED_MESSAGES] }
      : { value: '' };
  }
  if (typeof value !== 'string') return { message: `${LABELS[field]} deve ser um texto.` };
  const multiline = field === 'hours' || field === 'instructions';
  const lines = value.replace(/\r\n?/g, '\n');
  if (CONTROL_CHARS.test(lines) || (!multiline && lines.includes('\n'))) {
    return { message: `${LABELS[field]} tem caracteres inválidos.` };
  }
  const cleaned = cleanText(lines, multiline);
  const max = PICKUP_POINT_LIMITS[field];
  if (cleaned.length > max) {
    return { message: `${LABELS[field]} pode ter no máximo ${max} caracteres.` };
  }
  if (cleaned === '' && field in REQUIRED_MESSAGES) {
    return { message: REQUIRED_MESSAGES[field as keyof typeof REQUIRED_MESSAGES] };
  }
  return { value: cleaned };
}

/** Every field in error of a pickup point as staff typed it, with its Portuguese message. */
export function pickupPointErrors(input: unknown): Partial<Record<PickupPointField, string>> {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors: Partial<Record<PickupPointField, string>> = {};
  for (const field of FIELD_ORDER) {
    const checked = checkField(raw, field);
    if ('message' in checked) errors[field] = checked.message;
  }
  return errors;
}

/**
 * Checks a pickup point as staff typed it: street, number, district, city, UF, CEP and hours are
 * required; complement and instructions optional (blank is none). Answers the first field in
 * error with its Portuguese message, or the point cleaned (UF upper-cased, CEP as 8 digits).
 */
export function checkPickupPoint(input: unknown): PickupPointCheck {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const values: Partial<Record<PickupPointField, string>> = {};
  for (const field of FIELD_ORDER) {
    const checked = checkField(raw, field);
    if ('message' in checked) return { ok: false, field, message: checked.message };
    values[field] = checked.value;
  }
  return {
    ok: true,
    point: {
      street: values.street!,
      number: values.number!,
      complement: values.complement || null,
      district: values.district!,
      city: values.city!,
      uf: values.uf as Uf,
      postalCode: values.postalCode!,
      hours: values.hours!,
      instructions: values.instructions || null,
    },
  };
}

export function isStructuredPickupPoint(snapshot: PickupPointSnapshot): snapshot is PickupPoint {
  return 'street' in snapshot;
}

/**
 * The address as printed lines: 'Rua Augusta, 1500 – Loja 3', 'Consolação – São Paulo/SP',
 * 'CEP 01304-001'. A one-line snapshot is its only line.
 */
export function pickupAddressLines(snapshot: PickupPointSnapshot): string[] {
  if (!isStructuredPickupPoint(snapshot)) return [snapshot.address];
  const complement = snapshot.complement ? ` – ${snapshot.complement}` : '';
  return [
    `${snapshot.street}, ${snapshot.number}${complement}`,
    `${snapshot.district} – ${snapshot.city}/${snapshot.uf}`,
    `CEP ${formatCep(snapshot.postalCode)}`,
  ];
}

/** The address on one line: 'Rua Augusta, 1500 – Loja 3, Consolação – São Paulo/SP, CEP 01304-001'. */
export function pickupAddressText(snapshot: PickupPointSnapshot): string {
  return pickupAddressLines(snapshot).join(', ');
}

/** What a shopper brings to collect an order: a document with photo and the order's number. */
export function pickupWhatToBring(orderNumber?: string | null): string {
  return orderNumber
    ? `Leve um documento oficial com foto e o número do pedido (${orderNumber}).`
    : 'Leve um documento oficial com foto e o número do pedido.';
}

/** The point as the shopper reads it, wherever it is shown (checkout, order pages, mails). */
export interface PickupPointView {
  addressLines: string[];
  address: string;
  /** null only for an old one-line snapshot (its hours, if any, are in the address). */
  hours: string | null;
  instructions: string | null;
  whatToBring: string;
}

export function pickupPointView(
  snapshot: PickupPointSnapshot,
  orderNumber?: string | null,
): PickupPointView {
  const structured = isStructuredPickupPoint(snapshot);
  return {
    addressLines: pickupAddressLines(snapshot),
    address: pickupAddressText(snapshot),
    hours: structured ? snapshot.hours : null,
    instructions: structured ? snapshot.instructions : null,
    whatToBring: pickupWhatToBring(orderNumber),
  };
}
