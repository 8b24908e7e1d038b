// Pure helpers of the coupon editor: the fields in the form's order (the first refused one gets
// the focus), their element ids, the shape of an action's refusal and the live summary.
import { couponSummary, wallTimeToIso } from './couponFormat';
import { INVALID_DATE, parseCouponForm, type CouponForm } from './couponForm';
import type { CouponActionError } from './CouponEditorView';
import type { CouponBrand } from './CouponsScreen.graphql';

export const FIELD_ORDER = [
  'code',
  'description',
  'kind',
  'percent',
  'amountCents',
  'minSubtotalCents',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perEmailLimit',
  'brandIds',
  'categoryIds',
];

export const fieldId = (field: string) => `cupom-${field}`;

export function isActionError(value: unknown): value is CouponActionError {
  return typeof value === 'object' && value !== null && 'message' in value;
}

/** The coupon as typed so far, in one sentence (brands and categories by name). */
export function formSummary(
  form: CouponForm,
  brands: CouponBrand[],
  categoryOptions: { id: string; label: string }[],
): string {
  const brandName = new Map(brands.map((brand) => [brand.id, brand.name]));
  const categoryName = new Map(categoryOptions.map((option) => [option.id, option.label]));
  const parsed = parseCouponForm(form);
  return couponSummary({
    ...parsed.input,
    percent: form.kind === 'PERCENT' ? parsed.input.percent : null,
    brandNames: form.brandIds.map((id) => brandName.get(id) ?? id),
    categoryNames: form.categoryIds.map((id) => categoryName.get(id) ?? id),
    startsAt:
      form.startsAt === '' || form.startsAt === INVALID_DATE
        ? null
        : wallTimeToIso(form.startsAt, 'start'),
    endsAt:
      form.endsAt === '' || form.endsAt === INVALID_DATE ? null : wallTimeToIso(form.endsAt, 'end'),
  });
}
