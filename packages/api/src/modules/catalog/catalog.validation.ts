// Input rules of the catalog's staff mutations, with messages that name the field (pt-BR).
import {
  checkRules,
  duplicateOptionsMessage,
  duplicateSkuMessage,
  MAX_STOCK,
  variantInputSchema,
  type ValidVariantInput,
  type VariantRuleInput,
} from '@vitrine/rules';
import { badUserInput } from '../../graphql/errors';
import { foldText } from './catalog.listing';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const MAX_SLUG = 80;

/** 'Tênis Corrida Leve' -> 'tenis-corrida-leve'. */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

export function requiredText(
  value: string | null | undefined,
  field: string,
  label: string,
  max: number,
): string {
  const text = value?.trim() ?? '';
  if (!text) throw badUserInput(`Informe ${label}.`, field);
  if (text.length > max) {
    throw badUserInput(`${capitalize(label)} deve ter no máximo ${max} caracteres.`, field);
  }
  return text;
}

export function optionalText(
  value: string | null | undefined,
  field: string,
  label: string,
  max: number,
): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  if (text.length > max) {
    throw badUserInput(`${capitalize(label)} deve ter no máximo ${max} caracteres.`, field);
  }
  return text;
}

function capitalize(text: string): string {
  // Labels start with an article ('o nome'): drop it at the start of a sentence.
  const withoutArticle = text.replace(/^(o|a|os|as) /, '');
  return withoutArticle.charAt(0).toUpperCase() + withoutArticle.slice(1);
}

/** The given slug, validated, or one made from the name. */
export function slugOf(given: string | null | undefined, name: string, field: string): string {
  if (given !== null && given !== undefined) {
    const slug = given.trim();
    if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG) {
      throw badUserInput(
        `Slug inválido: use de 1 a ${MAX_SLUG} letras minúsculas sem acento, números e hífens entre palavras (ex.: camiseta-basica).`,
        field,
      );
    }
    return slug;
  }
  const slug = slugify(name);
  if (!slug) {
    throw badUserInput('Não foi possível gerar um slug a partir do nome; informe um slug.', field);
  }
  return slug;
}

export function hexColor(value: string, field: string): string {
  const color = value.trim();
  if (!COLOR_PATTERN.test(color)) {
    throw badUserInput('Cor inválida: use o formato hexadecimal #RRGGBB (ex.: #1A73E8).', field);
  }
  return color.toLowerCase();
}

/** A logo is an uploaded file (/media/...) or an https address. */
export function logoUrl(value: string | null | undefined, field: string): string | null {
  const url = value?.trim() ?? '';
  if (!url) return null;
  if (/^\/media\/[\w.-]+$/.test(url)) return url;
  try {
    if (new URL(url).protocol === 'https:' && url.length <= 500) return url;
  } catch {
    // falls through to the error below
  }
  throw badUserInput('Logo inválido: envie a imagem pelo upload ou use um endereço https.', field);
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
  const skus = new Set<string>();
  const options = new Set<string>();
  list.forEach((variant, index) => {
    const sku = variant.sku.toLowerCase();
    if (skus.has(sku)) {
      throw badUserInput(duplicateSkuMessage(variant.sku), `${path}.${index}.sku`);
    }
    skus.add(sku);
    const option = `${foldText(variant.size ?? '')}|${foldText(variant.color ?? '')}`;
    if (options.has(option)) {
      throw badUserInput(duplicateOptionsMessage(variant.size, variant.color), `${path}.${index}`);
    }
    options.add(option);
  });
}

export function stockDelta(delta: number): number {
  if (delta === 0) throw badUserInput('O ajuste de estoque não pode ser zero.', 'delta');
  if (Math.abs(delta) > MAX_STOCK) {
    throw badUserInput('O ajuste deve ser de no máximo 1.000.000 unidades.', 'delta');
  }
  return delta;
}
