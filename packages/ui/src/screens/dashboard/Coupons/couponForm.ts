// The coupon editor's form: what the staff member types (text, as typed), from and to the API's
// coupon, checked for what cannot be sent (a price or a count that is not one) and then by the
// server's own rule (@vitrine/rules checkCouponInput, its words at its field) before sending.
import { checkCouponInput } from '@vitrine/rules';
import { parseCount } from '../ProductEditor/productForm';
import { isoToWallTime, wallTimeToIso } from './couponFormat';
import type { CouponInputValue, CouponKindValue, CouponNode } from './CouponsScreen.graphql';
import { moneyInputText, parseBRL } from '../../../format';

export interface CouponForm {
  code: string;
  description: string;
  kind: CouponKindValue;
  /** '10', '12,5' */
  percent: string;
  /** '20,00' */
  amount: string;
  freeShipping: boolean;
  minSubtotal: string;
  /** São Paulo wall time 'YYYY-MM-DDTHH:mm', '' for none, 'invalid' while half typed. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perEmailLimit: string;
  brandIds: string[];
  categoryIds: string[];
  active: boolean;
}

/** Server field ('code', 'amountCents', ...) to its message. */
export type CouponFieldErrors = Partial<Record<string, string>>;

export const INVALID_DATE = 'invalid';

export function emptyCouponForm(): CouponForm {
  return {
    code: '',
    description: '',
    kind: 'PERCENT',
    percent: '',
    amount: '',
    freeShipping: false,
    minSubtotal: '',
    startsAt: '',
    endsAt: '',
    usageLimit: '',
    perEmailLimit: '',
    brandIds: [],
    categoryIds: [],
    active: true,
  };
}

const percentText = (percent: number | null) =>
  percent === null ? '' : String(percent).replace('.', ',');

export function formFromCoupon(coupon: CouponNode): CouponForm {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    percent: percentText(coupon.percent),
    amount: moneyInputText(coupon.amountCents),
    freeShipping: coupon.kind !== 'FREE_SHIPPING' && coupon.freeShipping,
    minSubtotal: moneyInputText(coupon.minSubtotalCents),
    startsAt: coupon.startsAt === null ? '' : isoToWallTime(coupon.startsAt),
    endsAt: coupon.endsAt === null ? '' : isoToWallTime(coupon.endsAt),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    perEmailLimit: coupon.perEmailLimit === null ? '' : String(coupon.perEmailLimit),
    brandIds: [...coupon.brandIds],
    categoryIds: [...coupon.categoryIds],
    active: coupon.active,
  };
}

/** '12,5' -> 12.5; null when empty; NaN when not a number. */
export function parsePercent(text: string): number | null {
  const trimmed = text.replace('%', '').trim();
  if (trimmed === '') return null;
  return /^\d{1,3}([.,]\d{1,2})?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

export interface ParsedCouponForm {
  input: CouponInputValue;
  errors: CouponFieldErrors;
}

/** The mutation's input, and the fields that cannot be read as typed. */
export function parseCouponForm(form: CouponForm): ParsedCouponForm {
  const errors: CouponFieldErrors = {};
  let percent: number | null = null;
  let amountCents: number | null = null;
  if (form.kind === 'PERCENT') {
    percent = parsePercent(form.percent);
    if (percent === null) errors.percent = 'Informe a porcentagem de desconto.';
    else if (Number.isNaN(percent))
      errors.percent = 'Porcentagem inválida: use um número como 10 ou 12,5.';
  } else if (form.kind === 'FIXED') {
    amountCents = parseBRL(form.amount);
    if (form.amount.trim() === '') errors.amountCents = 'Informe o valor do desconto.';
    else if (amountCents === null) errors.amountCents = 'Valor inválido: use o formato 20,00.';
  }
  const minSubtotalCents = parseBRL(form.minSubtotal);
  if (form.minSubtotal.trim() !== '' && minSubtotalCents === null) {
    errors.minSubtotalCents = 'Valor inválido: use o formato 100,00.';
  }
  const usageLimit = parseCount(form.usageLimit);
  if (usageLimit !== null && Number.isNaN(usageLimit)) {
    errors.usageLimit = 'Use um número inteiro (deixe vazio para ilimitado).';
  }
  const perEmailLimit = parseCount(form.perEmailLimit);
  if (perEmailLimit !== null && Number.isNaN(perEmailLimit)) {
    errors.perEmailLimit = 'Use um número inteiro (deixe vazio para ilimitado).';
  }
  if (form.startsAt === INVALID_DATE) errors.startsAt = 'Data inválida: complete o dia e a hora.';
  if (form.endsAt === INVALID_DATE) errors.endsAt = 'Data inválida: complete o dia e a hora.';
  const instant = (wall: string, edge: 'start' | 'end') =>
    wall === '' || wall === INVALID_DATE ? null : wallTimeToIso(wall, edge);
  const input: CouponInputValue = {
    code: form.code.trim(),
    description: form.description.trim() === '' ? null : form.description.trim(),
    kind: form.kind,
    percent: percent !== null && Number.isNaN(percent) ? null : percent,
    amountCents,
    freeShipping: form.kind === 'FREE_SHIPPING' ? true : form.freeShipping,
    minSubtotalCents,
    startsAt: instant(form.startsAt, 'start'),
    endsAt: instant(form.endsAt, 'end'),
    usageLimit: usageLimit !== null && Number.isNaN(usageLimit) ? null : usageLimit,
    perEmailLimit: perEmailLimit !== null && Number.isNaN(perEmailLimit) ? null : perEmailLimit,
    brandIds: form.brandIds,
    categoryIds: form.categoryIds,
    active: form.active,
  };
  if (Object.keys(errors).length === 0) {
    // Read as typed, the coupon meets the server's rule; the store's brands and categories are
    // the ones the form offers (the server checks they still exist).
    const checked = checkCouponInput(input, { isId: () => true, exists: () => true });
    if (!checked.ok) errors[checked.field] = checked.message;
  }
  return { input, errors };
}

/** The coupon's input as saved, with `active` changed (Desativar / Reativar). */
export function inputFromCoupon(coupon: CouponNode, active: boolean): CouponInputValue {
  return {
    code: coupon.code,
    description: coupon.description === '' ? null : coupon.description,
    kind: coupon.kind,
    percent: coupon.kind === 'PERCENT' ? coupon.percent : null,
    amountCents: coupon.kind === 'FIXED' ? coupon.amountCents : null,
    freeShipping: coupon.freeShipping,
    minSubtotalCents: coupon.minSubtotalCents,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    usageLimit: coupon.usageLimit,
    perEmailLimit: coupon.perEmailLimit,
    brandIds: coupon.brandIds,
    categoryIds: coupon.categoryIds,
    active,
  };
}

export function sameForm(a: CouponForm, b: CouponForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
