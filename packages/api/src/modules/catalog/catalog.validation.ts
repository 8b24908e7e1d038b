// Input rules of the catalog's staff mutations, with messages that name the field (pt-BR).
import {
  checkHexColor,
  checkLogoUrl,
  checkOptionalText,
  checkRequiredText,
  checkRules,
  checkSlug,
  checkVariantSet as checkVariantSetRule,
  MAX_SLUG_LENGTH,
  MAX_STOCK,
  type RuleResult,
  variantInputSchema,
  type ValidVariantInput,
  type VariantRuleInput,
} from '@vitrine/rules';
import { badUserInput } from '../../graphql/errors';
import { foldText } from './catalog.listing';

const MAX_SLUG = MAX_SLUG_LENGTH;

/** 'Tênis Corrida Leve' -> 'tenis-corrida-leve'. */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

/** The rule's value, or its refusal thrown as BAD_USER_INPUT on its field. */
export function ruled<T>(result: RuleResult<T>): T {
  if (!result.ok) throw badUserInput(result.issue.message, result.issue.field);
  return result.value;
}

// The texts, slugs, colours and logos of @vitrine/rules' catalog.input (the dashboard and the
// mocks check the same rules, with the same messages), thrown as BAD_USER_INPUT.

export function requiredText(
  value: string | null | undefined,
  field: string,
  label: string,
  max: number,
): string {
  return ruled(checkRequiredText(value, field, label, max));
}

export function optionalText(
  value: string | null | undefined,
  field: string,
  label: string,
  max: number,
): string | null {
  return ruled(checkOptionalText(value, field, label, max));
}

/** The given slug, validated, or one made from the name. */
export function slugOf(given: string | null | undefined, name: string, field: string): string {
  return ruled(checkSlug(given, name, field));
}

export function hexColor(value: string, field: string): string {
  return ruled(checkHexColor(value, field));
}

/** A logo is an uploaded file (/media/...) or an https address. */
export function logoUrl(value: string | null | undefined, field: string): string | null {
  return ruled(checkLogoUrl(value, field));
}

/** A variant as staff send it (@vitrine/rules' input type of variantInputSchema). */
export type VariantInput = VariantRuleInput;

/**
 * A variant checked by @vitrine/rules' variantInputSchema (the editor and the mocks check the
 * same rules, with the same messages). `stock` is null when the input left it out (an update
 * then keeps the current stock); `gtin` is its digits.
 */
export type ValidVariant = ValidVariantInput;

export function validateVariant(input: VariantInput, path: string): ValidVariant {
  const checked = checkRules(variantInputSchema, input);
  if (!checked.ok) throw badUserInput(checked.issue.message, `${path}.${checked.issue.field}`);
  return checked.value;
}

/** Two variants of one product may not share a SKU nor the same size and colour. */
export function checkVariantSet(list: ValidVariant[], path: string): void {
  ruled(checkVariantSetRule(list, path));
}

export function stockDelta(delta: number): number {
  if (delta === 0) throw badUserInput('O ajuste de estoque não pode ser zero.', 'delta');
  if (Math.abs(delta) > MAX_STOCK) {
    throw badUserInput('O ajuste deve ser de no máximo 1.000.000 unidades.', 'delta');
  }
  return delta;
}
