// Input rules of the catalog's staff mutations, with messages that name the field (pt-BR).
import { badUserInput } from '../../graphql/errors';
import { foldText } from './catalog.listing';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const MAX_SLUG = 80;
/** R$ 1.000.000,00: far above any product, well inside a 32-bit GraphQL Int. */
const MAX_PRICE_CENTS = 100_000_000;
const MAX_STOCK = 1_000_000;

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

export interface VariantInput {
  sku: string;
  size?: string | null;
  color?: string | null;
  priceCents: number;
  compareAtPriceCents?: number | null;
  stock?: number | null;
  weightGrams?: number | null;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
}

export interface ValidVariant {
  sku: string;
  size: string | null;
  color: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  /** null when the input left stock out (an update then keeps the current stock). */
  stock: number | null;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

function positiveOrNull(value: number | null | undefined, field: string, label: string) {
  if (value === null || value === undefined) return null;
  if (value <= 0) throw badUserInput(`${label} deve ser maior que zero.`, field);
  return value;
}

export function validateVariant(input: VariantInput, path: string): ValidVariant {
  const sku = input.sku.trim();
  if (!SKU_PATTERN.test(sku)) {
    throw badUserInput(
      'SKU inválido: use de 1 a 64 letras, números, ponto, hífen ou sublinhado.',
      `${path}.sku`,
    );
  }
  if (input.priceCents <= 0) {
    throw badUserInput('O preço deve ser maior que zero.', `${path}.priceCents`);
  }
  if (input.priceCents > MAX_PRICE_CENTS) {
    throw badUserInput('O preço deve ser de no máximo R$ 1.000.000,00.', `${path}.priceCents`);
  }
  const compareAt = input.compareAtPriceCents ?? null;
  if (compareAt !== null && compareAt <= input.priceCents) {
    throw badUserInput(
      'O preço "de" (compareAtPriceCents) deve ser maior que o preço de venda.',
      `${path}.compareAtPriceCents`,
    );
  }
  if (compareAt !== null && compareAt > MAX_PRICE_CENTS) {
    throw badUserInput(
      'O preço "de" deve ser de no máximo R$ 1.000.000,00.',
      `${path}.compareAtPriceCents`,
    );
  }
  const stock = input.stock ?? null;
  if (stock !== null && stock < 0) {
    throw badUserInput('O estoque não pode ser negativo.', `${path}.stock`);
  }
  if (stock !== null && stock > MAX_STOCK) {
    throw badUserInput('O estoque deve ser de no máximo 1.000.000 unidades.', `${path}.stock`);
  }
  return {
    sku,
    size: optionalText(input.size, `${path}.size`, 'o tamanho', 40),
    color: optionalText(input.color, `${path}.color`, 'a cor', 40),
    priceCents: input.priceCents,
    compareAtPriceCents: compareAt,
    stock,
    weightGrams: positiveOrNull(input.weightGrams, `${path}.weightGrams`, 'O peso'),
    lengthCm: positiveOrNull(input.lengthCm, `${path}.lengthCm`, 'O comprimento'),
    widthCm: positiveOrNull(input.widthCm, `${path}.widthCm`, 'A largura'),
    heightCm: positiveOrNull(input.heightCm, `${path}.heightCm`, 'A altura'),
  };
}

/** Two variants of one product may not share a SKU nor the same size and colour. */
export function checkVariantSet(list: ValidVariant[], path: string): void {
  const skus = new Set<string>();
  const options = new Set<string>();
  list.forEach((variant, index) => {
    const sku = variant.sku.toLowerCase();
    if (skus.has(sku)) {
      throw badUserInput(`O SKU ${variant.sku} aparece mais de uma vez.`, `${path}.${index}.sku`);
    }
    skus.add(sku);
    const option = `${foldText(variant.size ?? '')}|${foldText(variant.color ?? '')}`;
    if (options.has(option)) {
      const described = [
        variant.size ? `tamanho ${variant.size}` : null,
        variant.color ? `cor ${variant.color}` : null,
      ]
        .filter(Boolean)
        .join(', ');
      throw badUserInput(
        `Há duas variantes iguais (${described || 'sem tamanho nem cor'}).`,
        `${path}.${index}`,
      );
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
