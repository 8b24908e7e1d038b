// A coupon as staff create or change it (couponCreate, couponUpdate), once for the server and the
// ui's mocks: the code normalised (normaliseCouponCode), the kind and its discount, the minimum,
// the validity (a calendar day is its first instant for a start, its last for an end, in the
// store's -03:00), the use limits and the brands and categories it is limited to, each wrong value
// with its Portuguese message on its field; the first broken rule is reported, in the order the
// server has always read the fields. The other refusals of the coupons' admin (a code taken, a
// limit below the uses made, a used coupon deleted) are said here too.
import { COUPON_NOT_FOUND_MESSAGE, normaliseCouponCode } from './coupon';

export type CouponKindInput = 'PERCENT' | 'FIXED' | 'FREE_SHIPPING';

export interface CouponInput {
  code: string;
  description?: string | null;
  kind: CouponKindInput;
  percent?: number | null;
  amountCents?: number | null;
  freeShipping?: boolean | null;
  minSubtotalCents?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  usageLimit?: number | null;
  perEmailLimit?: number | null;
  brandIds?: readonly string[] | null;
  categoryIds?: readonly string[] | null;
  active?: boolean | null;
}

/** A coupon's input once read: what the server stores, what the mocks keep. */
export interface CouponInputValues {
  code: string;
  description: string;
  kind: CouponKindInput;
  percent: number | null;
  amountCents: number | null;
  freeShipping: boolean;
  minSubtotalCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perEmailLimit: number | null;
  brandIds: string[];
  categoryIds: string[];
  active: boolean;
}

export const COUPON_INPUT_LIMITS = {
  descriptionLength: 200,
  /** R$ 100.000,00. */
  amountCents: 10_000_000,
  /** R$ 1.000.000,00. */
  minSubtotalCents: 100_000_000,
  uses: 1_000_000,
  scopeIds: 100,
  /** The last year a validity may reach. */
  lastYear: 2100,
} as const;

const L = COUPON_INPUT_LIMITS;

export type CouponScopeField = 'brandIds' | 'categoryIds';

const scopeWord = (field: CouponScopeField) => (field === 'brandIds' ? 'Marca' : 'Categoria');

export const COUPON_INPUT_MESSAGES = {
  code: "Código inválido: use de 1 a 40 letras sem acento, números, '-' ou '_', começando por letra ou número.",
  descriptionTooLong: `A descrição pode ter no máximo ${L.descriptionLength} caracteres.`,
  kind: 'Tipo de cupom inválido.',
  percentMissing: 'Informe a porcentagem de desconto.',
  percent: 'A porcentagem deve ser maior que 0 e no máximo 100, com até duas casas decimais.',
  percentWithAmount: 'Um cupom de porcentagem não tem valor fixo.',
  amount: 'O valor do desconto deve ser de R$ 0,01 a R$ 100.000,00 (em centavos).',
  amountMissing: 'Informe o valor do desconto.',
  amountWithPercent: 'Um cupom de valor fixo não tem porcentagem.',
  freeShippingWithDiscount: 'Um cupom de frete grátis não tem desconto nos produtos.',
  minSubtotal: 'O pedido mínimo deve ser de R$ 0,00 a R$ 1.000.000,00 (em centavos).',
  date: 'Data inválida: use AAAA-MM-DD ou data e hora ISO, como 2026-03-01T10:00:00-03:00.',
  endBeforeStart: 'O fim da validade deve ser depois do início.',
  usageLimit: 'O limite de usos deve ser de 1 a 1.000.000 (deixe vazio para ilimitado).',
  perEmailLimit: 'O limite por e-mail deve ser de 1 a 1.000.000 (deixe vazio para ilimitado).',
  perEmailOverUsage: 'O limite por e-mail não pode ser maior que o limite total de usos.',
  scopeTooMany: `Escolha no máximo ${L.scopeIds} itens.`,
  scopeInvalid: (field: CouponScopeField) => `${scopeWord(field)} inválida.`,
  scopeNotFound: (field: CouponScopeField) =>
    `${scopeWord(field)} não encontrada: confira a lista.`,
  codeTaken: (code: string) => `Já existe um cupom com o código ${code}.`,
  usageBelowUsed: (used: number) =>
    `O limite de usos não pode ser menor que os usos já feitos (${used}).`,
  used: 'Este cupom já foi usado em pedidos e não pode ser excluído: desative-o.',
  notFound: COUPON_NOT_FOUND_MESSAGE,
} as const;

const M = COUPON_INPUT_MESSAGES;

export type CouponInputCheck =
  { ok: true; values: CouponInputValues } | { ok: false; field: string; message: string };

/** What the caller knows of the catalog: an id's shape, and which ids name a brand or category. */
export interface CouponScopeCatalog {
  /** Whether a text has the shape of an id (a UUID on the server). */
  isId: (id: string) => boolean;
  /** Whether every id (well-shaped, unique, at most 100 of them) names one of the field's kind. */
  exists: (field: CouponScopeField, ids: readonly string[]) => boolean;
}

/** A field's brands or categories as the rule reads them: unique, and only those it then checks. */
export function couponScopeIds(ids: readonly string[] | null | undefined): string[] {
  return [...new Set(ids ?? [])];
}

// Brazil has had no daylight saving time since 2019: the store's days start at -03:00.
const STORE_UTC_OFFSET = '-03:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A calendar day that exists as written (no 2026-02-31 rolled over to March), 2000 to 2100. */
function isRealDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= 2000 &&
    year <= L.lastYear
  );
}

/** An ISO instant, or a calendar day (its first instant for a start, its last for an end). */
function readInstant(value: string | null | undefined, edge: 'start' | 'end'): Date | null | false {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  let iso: string | null = null;
  if (isRealDay(text.slice(0, 10))) {
    if (DATE_ONLY.test(text)) {
      iso = `${text}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}${STORE_UTC_OFFSET}`;
    } else if (DATE_TIME.test(text)) {
      iso = text;
    }
  }
  const date = iso === null ? null : new Date(iso);
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() > L.lastYear) return false;
  return date;
}

const given = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined;

/** An optional whole number within [min, max]: null when absent, false when out of it. */
function readInt(
  value: number | null | undefined,
  min: number,
  max: number,
): number | null | false {
  if (!given(value)) return null;
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : false;
}

class Refusal {
  constructor(
    readonly field: string,
    readonly message: string,
  ) {}
}

function int(
  value: number | null | undefined,
  field: string,
  range: [number, number],
  message: string,
): number | null {
  const read = readInt(value, range[0], range[1]);
  if (read === false) throw new Refusal(field, message);
  return read;
}

function instant(value: string | null | undefined, edge: 'start' | 'end', field: string) {
  const read = readInstant(value, edge);
  if (read === false) throw new Refusal(field, M.date);
  return read;
}

/** The discount of the kind: a percent, an amount, or none (free shipping). */
function discountOf(input: CouponInput): { percent: number | null; amountCents: number | null } {
  if (input.kind === 'PERCENT') {
    const value = input.percent;
    if (!given(value)) throw new Refusal('percent', M.percentMissing);
    if (
      !Number.isFinite(value) ||
      value <= 0 ||
      value > 100 ||
      Math.round(value * 100) !== value * 100
    ) {
      throw new Refusal('percent', M.percent);
    }
    if (given(input.amountCents)) throw new Refusal('amountCents', M.percentWithAmount);
    return { percent: value, amountCents: null };
  }
  if (input.kind === 'FIXED') {
    const amountCents = int(input.amountCents, 'amountCents', [1, L.amountCents], M.amount);
    if (amountCents === null) throw new Refusal('amountCents', M.amountMissing);
    if (given(input.percent)) throw new Refusal('percent', M.amountWithPercent);
    return { percent: null, amountCents };
  }
  if (given(input.percent) || given(input.amountCents)) {
    throw new Refusal('kind', M.freeShippingWithDiscount);
  }
  return { percent: null, amountCents: null };
}

function scopeOf(
  ids: readonly string[] | null | undefined,
  field: CouponScopeField,
  catalog: CouponScopeCatalog,
): string[] {
  const unique = couponScopeIds(ids);
  if (unique.length > L.scopeIds) throw new Refusal(field, M.scopeTooMany);
  if (unique.some((id) => !catalog.isId(id))) throw new Refusal(field, M.scopeInvalid(field));
  if (unique.length > 0 && !catalog.exists(field, unique)) {
    throw new Refusal(field, M.scopeNotFound(field));
  }
  return unique;
}

function readCouponInput(input: CouponInput, catalog: CouponScopeCatalog): CouponInputValues {
  const code = normaliseCouponCode(input.code ?? '');
  if (!code) throw new Refusal('code', M.code);
  const description = (input.description ?? '').trim();
  if (description.length > L.descriptionLength) {
    throw new Refusal('description', M.descriptionTooLong);
  }
  if (!['PERCENT', 'FIXED', 'FREE_SHIPPING'].includes(input.kind)) {
    throw new Refusal('kind', M.kind);
  }
  const { percent, amountCents } = discountOf(input);
  const minSubtotalCents = int(
    input.minSubtotalCents,
    'minSubtotalCents',
    [0, L.minSubtotalCents],
    M.minSubtotal,
  );
  const startsAt = instant(input.startsAt, 'start', 'startsAt');
  const endsAt = instant(input.endsAt, 'end', 'endsAt');
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    throw new Refusal('endsAt', M.endBeforeStart);
  }
  const usageLimit = int(input.usageLimit, 'usageLimit', [1, L.uses], M.usageLimit);
  const perEmailLimit = int(input.perEmailLimit, 'perEmailLimit', [1, L.uses], M.perEmailLimit);
  if (usageLimit !== null && perEmailLimit !== null && perEmailLimit > usageLimit) {
    throw new Refusal('perEmailLimit', M.perEmailOverUsage);
  }
  return {
    code,
    description,
    kind: input.kind,
    percent,
    amountCents,
    freeShipping: input.kind === 'FREE_SHIPPING' ? true : input.freeShipping === true,
    minSubtotalCents,
    startsAt,
    endsAt,
    usageLimit,
    perEmailLimit,
    brandIds: scopeOf(input.brandIds, 'brandIds', catalog),
    categoryIds: scopeOf(input.categoryIds, 'categoryIds', catalog),
    active: input.active ?? true,
  };
}

/**
 * A coupon's input read as the server stores it, or the first wrong field and why: the code, the
 * description, the kind, its discount, the minimum, the start and end, the use limits, then the
 * brands and the categories (each: at most 100, each an id, each known).
 */
export function checkCouponInput(
  input: CouponInput,
  catalog: CouponScopeCatalog,
): CouponInputCheck {
  try {
    return { ok: true, values: readCouponInput(input, catalog) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}
