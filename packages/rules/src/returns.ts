// The shopper's 7-day return (direito de arrependimento: CDC art. 49; Decreto 7.962/2013 art. 5),
// once for every side: the window counted from delivery in the store's calendar, what a return
// refunds, its statuses and the Portuguese said about it. Used by the server's returns module, the
// tracking page's form and the mocks.
import { z } from 'zod';

import { allocateProportionally } from './coupon';
import { formatBRL } from './pricing';

/** Calendar days the shopper has, counted from the day after delivery (CDC art. 49). */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_TIME_ZONE = 'America/Sao_Paulo';
export const RETURN_REASON_MAX = 500;
/** More lines than any order holds: bounds the input before it is read. */
export const RETURN_LINES_MAX = 100;

export const RETURN_STATUSES = [
  'REQUESTED',
  'LABEL_ISSUED',
  'RECEIVED',
  'REFUNDED',
  'REJECTED',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A request still under way: one at a time per order. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['REQUESTED', 'LABEL_ISSUED'];

/** The goods are back in the store (received, and refunded or not): what a return settled. */
export const SETTLED_RETURN_STATUSES: readonly ReturnStatus[] = ['RECEIVED', 'REFUNDED'];

/** The shopper's and staff's words for a return's status. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  REQUESTED: 'Devolução solicitada',
  LABEL_ISSUED: 'Código de postagem enviado',
  RECEIVED: 'Produtos recebidos',
  REFUNDED: 'Reembolsada',
  REJECTED: 'Recusada',
};

export const RETURN_MESSAGES = {
  reasonRequired: 'Conte o motivo da devolução.',
  reasonTooLong: `O motivo pode ter no máximo ${RETURN_REASON_MAX} caracteres.`,
  noLines: 'Escolha ao menos um produto para devolver.',
  tooManyLines: `Escolha no máximo ${RETURN_LINES_MAX} produtos.`,
  unknownLine: 'Este produto não faz parte do pedido.',
  repeatedLine: 'Este produto aparece duas vezes: informe a quantidade uma vez só.',
  quantityNotPositive: 'Informe quantas unidades quer devolver (1 ou mais).',
  notDelivered: 'A devolução fica disponível depois que o pedido for entregue.',
  alreadyOpen:
    'Já existe um pedido de devolução em andamento para este pedido: acompanhe o andamento nesta página.',
  nothingLeft: 'Todos os produtos deste pedido já foram devolvidos.',
  notOpen: 'Esta devolução não está mais em andamento.',
} as const;

/** A staff note with a typed code: optional, up to this many characters once trimmed. */
export const RETURN_NOTE_MAX = 1000;

/** The code staff type for the shopper to post the parcel with (orderReturnSetCode). */
export const RETURN_CODE_MESSAGE =
  'Código de postagem inválido: use de 3 a 40 letras, números, ponto ou hífen.';

/** What a staff step on a return reads from its input, or the first problem and its field. */
export type ReturnStepCheck<T> =
  { ok: true; value: T } | { ok: false; field: string; message: string };

/** A required text of a staff step, trimmed: 'Informe o motivo da recusa.' when blank. */
function staffText(
  value: unknown,
  field: string,
  what: string,
  max: number,
): ReturnStepCheck<string> {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return { ok: false, field, message: `Informe ${what}.` };
  if (text.length > max) {
    return { ok: false, field, message: `O texto pode ter no máximo ${max} caracteres.` };
  }
  return { ok: true, value: text };
}

/**
 * A code typed by staff and its note, in the server's order: the code (spaces dropped, capitals:
 * 3 to 40 letters, digits, '.' or '-', starting with a letter or digit), then the note (blank:
 * none; else trimmed, at most RETURN_NOTE_MAX characters). Whether the return is still open is
 * the caller's to check afterwards.
 */
export function checkReturnCodeInput(input: {
  authorizationCode: unknown;
  note?: unknown;
}): ReturnStepCheck<{ authorizationCode: string; note: string | null }> {
  const code = (typeof input.authorizationCode === 'string' ? input.authorizationCode : '')
    .replace(/\s+/g, '')
    .toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9.-]{2,39}$/.test(code)) {
    return { ok: false, field: 'authorizationCode', message: RETURN_CODE_MESSAGE };
  }
  const blank = typeof input.note !== 'string' || input.note.trim() === '';
  if (blank) return { ok: true, value: { authorizationCode: code, note: null } };
  const note = staffText(input.note, 'note', 'a nota', RETURN_NOTE_MAX);
  return note.ok ? { ok: true, value: { authorizationCode: code, note: note.value } } : note;
}

/** Why staff refuse a return (orderReturnReject): trimmed, 1 to RETURN_REASON_MAX characters. */
export function checkReturnRejectionReason(reason: unknown): ReturnStepCheck<string> {
  return staffText(reason, 'reason', 'o motivo da recusa', RETURN_REASON_MAX);
}

/** At most `left` units of a line can still be returned. */
export function returnQuantityTooHighMessage(left: number): string {
  if (left <= 0) return 'Este produto já foi devolvido.';
  return left === 1
    ? 'Você pode devolver no máximo 1 unidade deste produto.'
    : `Você pode devolver no máximo ${left} unidades deste produto.`;
}

/**
 * Past the 7 days: when the window closed, and where the store's own exchange policy is (the
 * institutional page 'Trocas e devoluções', `policyUrl` when known).
 */
export function returnWindowClosedMessage(
  endsAt: Date,
  policyUrl?: string | null,
  timeZone: string = RETURN_TIME_ZONE,
): string {
  const where = policyUrl ? ` (${policyUrl})` : '';
  return `O prazo de ${RETURN_WINDOW_DAYS} dias para desistir da compra terminou em ${formatDay(endsAt, timeZone)}. Trocas depois desse prazo seguem a política de trocas da loja: veja a página Trocas e devoluções${where}.`;
}

/** A return's request as the shopper sends it: the lines (none: the whole order) and why. */
export const returnRequestSchema = z.object({
  reason: z
    .string({ error: RETURN_MESSAGES.reasonRequired })
    .trim()
    .min(1, RETURN_MESSAGES.reasonRequired)
    .max(RETURN_REASON_MAX, RETURN_MESSAGES.reasonTooLong),
  lines: z
    .array(
      z.object({
        lineId: z
          .string({ error: RETURN_MESSAGES.unknownLine })
          .min(1, RETURN_MESSAGES.unknownLine),
        quantity: z
          .number({ error: RETURN_MESSAGES.quantityNotPositive })
          .int(RETURN_MESSAGES.quantityNotPositive)
          .min(1, RETURN_MESSAGES.quantityNotPositive),
      }),
    )
    .max(RETURN_LINES_MAX, RETURN_MESSAGES.tooManyLines)
    .nullish()
    .transform((lines) => lines ?? []),
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;
export type ValidReturnRequest = z.output<typeof returnRequestSchema>;

/** A line of the order as a return sees it: bought, and already asked back (not refused). */
export interface ReturnableLine {
  id: string;
  quantity: number;
  returned: number;
}

export type ReturnLinesCheck =
  { ok: true; returning: Record<string, number> } | { ok: false; field: string; message: string };

/**
 * The units a request returns, by line id, checked against the order: each line of the order
 * (repeated lines refused), at most what was bought less what was asked back before. No lines
 * asked: the whole order, every unit not yet asked back.
 */
export function checkReturnLines(
  lines: readonly ReturnableLine[],
  requested: ValidReturnRequest['lines'],
): ReturnLinesCheck {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const returning: Record<string, number> = {};
  if (requested.length === 0) {
    for (const line of lines) {
      const left = line.quantity - line.returned;
      if (left > 0) returning[line.id] = left;
    }
    if (Object.keys(returning).length === 0) {
      return { ok: false, field: 'lines', message: RETURN_MESSAGES.nothingLeft };
    }
    return { ok: true, returning };
  }
  for (const [index, asked] of requested.entries()) {
    const line = byId.get(asked.lineId);
    if (!line) {
      return { ok: false, field: `lines.${index}.lineId`, message: RETURN_MESSAGES.unknownLine };
    }
    if (asked.lineId in returning) {
      return { ok: false, field: `lines.${index}.lineId`, message: RETURN_MESSAGES.repeatedLine };
    }
    const left = line.quantity - line.returned;
    if (asked.quantity > left) {
      return {
        ok: false,
        field: `lines.${index}.quantity`,
        message: returnQuantityTooHighMessage(left),
      };
    }
    returning[asked.lineId] = asked.quantity;
  }
  return { ok: true, returning };
}

// ---------------------------------------------------------------------------------------------
// The window: 7 calendar days from delivery, the 7th included, in São Paulo's calendar.

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: number, timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // The wall clock as if it were UTC: its difference to the instant is the zone's offset.
    asUtc: Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    ),
  };
}

/** The instant the day `year-month-day` begins in `timeZone` (day may overflow: the 32nd...). */
function startOfDay(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - (wallClock(wall, timeZone).asUtc - wall);
  // Once more where the first guess crossed an offset change.
  const offset = wallClock(instant, timeZone).asUtc - instant;
  instant = wall - offset;
  return instant;
}

/**
 * The last instant of the return window: the end (23:59:59.999) of the 7th calendar day after
 * the day of delivery in the store's calendar. Delivered on 10/01 at any hour: until 17/01
 * included (the day of delivery does not count, the last day does; Código Civil art. 132).
 */
export function returnWindowEndsAt(deliveredAt: Date, timeZone: string = RETURN_TIME_ZONE): Date {
  const { year, month, day } = wallClock(deliveredAt.getTime(), timeZone);
  return new Date(startOfDay(year, month, day + RETURN_WINDOW_DAYS + 1, timeZone) - 1);
}

/** Whether `now` is inside the window of an order delivered at `deliveredAt`. */
export function isWithinReturnWindow(
  deliveredAt: Date,
  now: Date,
  timeZone: string = RETURN_TIME_ZONE,
): boolean {
  return now.getTime() <= returnWindowEndsAt(deliveredAt, timeZone).getTime();
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 17/01/2026 in the store's calendar. */
export function formatDay(date: Date, timeZone: string = RETURN_TIME_ZONE): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(date);
}

// ---------------------------------------------------------------------------------------------
// The refund of a return.

export interface ReturnOrderMoney {
  totalCents: number;
  shippingCents: number;
  /** Refunded so far, by hand or by earlier returns. */
  refundedCents?: number | null;
}

export interface ReturnOrderLine {
  id: string;
  quantity: number;
  /** Unit price × quantity. */
  lineTotalCents: number;
  /** The coupon's share of the line. */
  discountCents: number;
}

export interface ReturnRefund {
  lines: { lineId: string; quantity: number; refundCents: number }[];
  /** The returned units' share of what was paid for the goods. */
  goodsCents: number;
  /** The delivery, refunded with the return that brings the last unit back. */
  shippingCents: number;
  /** What goes back to the shopper: goods and shipping, never past what is left to refund. */
  totalCents: number;
  /** Every unit of the order is back once this return is. */
  wholeOrder: boolean;
}

/**
 * What the shopper paid for each line, all its units: the order's total less its shipping (so
 * the coupon, the Pix discount and a card plan's interest are in it) shared among the lines in
 * proportion to what each cost after its own coupon share (largest remainders, so the shares add
 * up to the total to the centavo).
 */
export function linesPaidCents(
  order: ReturnOrderMoney,
  lines: readonly ReturnOrderLine[],
): number[] {
  const goods = Math.max(0, order.totalCents - order.shippingCents);
  return allocateProportionally(
    goods,
    lines.map((line) => Math.max(0, line.lineTotalCents - line.discountCents)),
  );
}

/** The paid value of a line's first `units` units: its share, all of it with the last unit. */
function unitsPaidCents(linePaid: number, quantity: number, units: number): number {
  if (units >= quantity) return linePaid;
  return Math.floor((linePaid * units) / quantity);
}

/**
 * The refund of returning `returning` units (by line id), `alreadyReturned` units of each line
 * having come back before: each returned unit gives back its line's paid value per unit (the
 * unit price less the line's coupon share and its part of the Pix discount, plus its part of the
 * interest), counted so that all the units of a line give back exactly what the line cost; the
 * shipping goes back with the return that brings the whole order back. Never more than what is
 * left to refund on the order (a refund made by hand counts).
 */
export function returnRefund(
  order: ReturnOrderMoney,
  lines: readonly ReturnOrderLine[],
  returning: Readonly<Record<string, number>>,
  alreadyReturned: Readonly<Record<string, number>> = {},
): ReturnRefund {
  const paid = linesPaidCents(order, lines);
  const refunded: ReturnRefund['lines'] = [];
  let goodsCents = 0;
  let wholeOrder = true;
  lines.forEach((line, index) => {
    const before = Math.min(line.quantity, alreadyReturned[line.id] ?? 0);
    const units = Math.min(line.quantity - before, returning[line.id] ?? 0);
    if (before + units < line.quantity) wholeOrder = false;
    if (units <= 0) return;
    const linePaid = paid[index] ?? 0;
    const refundCents =
      unitsPaidCents(linePaid, line.quantity, before + units) -
      unitsPaidCents(linePaid, line.quantity, before);
    refunded.push({ lineId: line.id, quantity: units, refundCents });
    goodsCents += refundCents;
  });
  const shippingCents = wholeOrder && refunded.length > 0 ? order.shippingCents : 0;
  const left = Math.max(0, order.totalCents - (order.refundedCents ?? 0));
  return {
    lines: refunded,
    goodsCents,
    shippingCents,
    totalCents: Math.min(goodsCents + shippingCents, left),
    wholeOrder: wholeOrder && refunded.length > 0,
  };
}

/** 'R$ 45,00 (frete incluído)': how a return's refund is said to the shopper and staff. */
export function describeReturnRefund(refund: Pick<ReturnRefund, 'totalCents' | 'shippingCents'>) {
  return refund.shippingCents > 0
    ? `${formatBRL(refund.totalCents)} (frete incluído)`
    : formatBRL(refund.totalCents);
}
