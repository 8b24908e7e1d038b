// A product variant's input rules, once for every side: the server validates productSave,
// productCreate, variantUpdate and variantPriceSet with them, the product editor checks its rows
// with them before sending, and the mocks answer with them. One Portuguese message per rule, on
// the field it is about (the server prefixes its path: 'input.variants.2.compareAtPriceCents').
import { z } from 'zod';

import { isValidGtin, normalizeGtin, SKU_PATTERN } from './catalog';
import { formatBRL } from './pricing';

/** R$ 1.000.000,00: far above any product, well inside a 32-bit GraphQL Int. */
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_LOW_STOCK_THRESHOLD = 100_000;
export const MAX_VARIANT_OPTION_LENGTH = 40;

export const VARIANT_MESSAGES = {
  sku: 'SKU inválido: use de 1 a 64 letras, números, ponto, hífen ou sublinhado.',
  sizeTooLong: `Tamanho deve ter no máximo ${MAX_VARIANT_OPTION_LENGTH} caracteres.`,
  colorTooLong: `Cor deve ter no máximo ${MAX_VARIANT_OPTION_LENGTH} caracteres.`,
  priceNotPositive: 'O preço deve ser maior que zero.',
  priceTooHigh: 'O preço deve ser de no máximo R$ 1.000.000,00.',
  compareAtNotAbove: 'O preço "de" deve ser maior que o preço de venda.',
  compareAtTooHigh: 'O preço "de" deve ser de no máximo R$ 1.000.000,00.',
  stockNegative: 'O estoque não pode ser negativo.',
  stockTooHigh: 'O estoque deve ser de no máximo 1.000.000 unidades.',
  weightNotPositive: 'O peso deve ser maior que zero.',
  lengthNotPositive: 'O comprimento deve ser maior que zero.',
  widthNotPositive: 'A largura deve ser maior que zero.',
  heightNotPositive: 'A altura deve ser maior que zero.',
  packageEmpty: 'Informe o peso ou ao menos uma medida da embalagem.',
  gtin: 'GTIN/EAN inválido: use 8, 12, 13 ou 14 dígitos com o dígito verificador correto.',
  lowStockThreshold: 'O limite de estoque baixo deve ficar entre 0 e 100.000 unidades.',
} as const;

const M = VARIANT_MESSAGES;

/** A new price sent alone (the grid) that is not below the stored "de" price. */
export function priceNotBelowCompareAtMessage(compareAtCents: number): string {
  return `O preço deve ser menor que o preço "de" (${formatBRL(compareAtCents)}): mude o preço "de" no editor do produto.`;
}

/** Trimmed text of at most `max` characters; blank or absent is null. */
function optionText(message: string) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text.length > MAX_VARIANT_OPTION_LENGTH) ctx.addIssue({ code: 'custom', message });
      return text === '' ? null : text;
    });
}

/** A whole number above zero, or null when left out. */
function positiveOrNull(message: string) {
  return z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .nullish()
    .transform((value) => value ?? null);
}

const priceCents = z
  .number({ error: M.priceNotPositive })
  .int(M.priceNotPositive)
  .min(1, M.priceNotPositive)
  .max(MAX_PRICE_CENTS, M.priceTooHigh);

const compareAtPriceCents = z
  .number({ error: M.compareAtNotAbove })
  .int(M.compareAtNotAbove)
  .max(MAX_PRICE_CENTS, M.compareAtTooHigh)
  .nullish()
  .transform((value) => value ?? null);

/** The "de" price is above the sale price (a product on sale shows both). */
function compareAtAbovePrice(
  value: { priceCents: number; compareAtPriceCents: number | null },
  ctx: z.RefinementCtx,
): void {
  if (value.compareAtPriceCents !== null && value.compareAtPriceCents <= value.priceCents) {
    ctx.addIssue({ code: 'custom', message: M.compareAtNotAbove, path: ['compareAtPriceCents'] });
  }
}

/** A variant's price and "de" price (variantPriceSet, the grid's in-place price). */
export const variantPriceSchema = z
  .object({ priceCents, compareAtPriceCents })
  .superRefine(compareAtAbovePrice);

/** A variant's package: its weight (g) and outside dimensions (cm), each left out or above zero. */
const packageShape = {
  weightGrams: positiveOrNull(M.weightNotPositive),
  lengthCm: positiveOrNull(M.lengthNotPositive),
  widthCm: positiveOrNull(M.widthNotPositive),
  heightCm: positiveOrNull(M.heightNotPositive),
};

/**
 * A package set on many variants at once (productsBulk SET_PACKAGE): each value by the variant's
 * own rule, at least one of them given; what is left out stays as each variant has it.
 */
export const variantPackageSchema = z.object(packageShape).superRefine((value, ctx) => {
  if (Object.values(value).every((given) => given === null)) {
    ctx.addIssue({ code: 'custom', message: M.packageEmpty, path: ['weightGrams'] });
  }
});

export type VariantPackageInput = z.input<typeof variantPackageSchema>;
export type ValidVariantPackage = z.output<typeof variantPackageSchema>;

const grams = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** 'peso 1.200 g, 30 × 20 × 10 cm' or 'peso 300 g, altura 4 cm': what a package sets. */
export function describeVariantPackage(pkg: ValidVariantPackage): string {
  const parts: string[] = [];
  if (pkg.weightGrams !== null) parts.push(`peso ${grams.format(pkg.weightGrams)} g`);
  const { lengthCm, widthCm, heightCm } = pkg;
  if (lengthCm !== null && widthCm !== null && heightCm !== null) {
    parts.push(`${lengthCm} × ${widthCm} × ${heightCm} cm`);
  } else {
    if (lengthCm !== null) parts.push(`comprimento ${lengthCm} cm`);
    if (widthCm !== null) parts.push(`largura ${widthCm} cm`);
    if (heightCm !== null) parts.push(`altura ${heightCm} cm`);
  }
  return parts.join(', ');
}

/** A variant as staff send it (productSave, productCreate, variantUpdate). */
export const variantInputSchema = z
  .object({
    sku: z
      .string({ error: M.sku })
      .transform((value) => value.trim())
      .pipe(z.string().regex(SKU_PATTERN, M.sku)),
    size: optionText(M.sizeTooLong),
    color: optionText(M.colorTooLong),
    priceCents,
    compareAtPriceCents,
    stock: z
      .number({ error: M.stockNegative })
      .int(M.stockNegative)
      .min(0, M.stockNegative)
      .max(MAX_STOCK, M.stockTooHigh)
      .nullish()
      .transform((value) => value ?? null),
    ...packageShape,
    gtin: z
      .string()
      .nullish()
      .transform((value, ctx) => {
        const text = value?.trim() ?? '';
        if (text === '') return null;
        const digits = normalizeGtin(text);
        if (!isValidGtin(digits)) ctx.addIssue({ code: 'custom', message: M.gtin });
        return digits;
      }),
    lowStockThreshold: z
      .number({ error: M.lowStockThreshold })
      .int(M.lowStockThreshold)
      .min(0, M.lowStockThreshold)
      .max(MAX_LOW_STOCK_THRESHOLD, M.lowStockThreshold)
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine(compareAtAbovePrice);

export type VariantRuleInput = z.input<typeof variantInputSchema>;
export type ValidVariantInput = z.output<typeof variantInputSchema>;

/** A product has at least one variant and at most this many. */
export const MAX_VARIANTS_PER_PRODUCT = 100;
export const NO_VARIANTS_MESSAGE = 'Cadastre ao menos uma variante do produto.';
export const TOO_MANY_VARIANTS_MESSAGE = `Um produto pode ter no máximo ${MAX_VARIANTS_PER_PRODUCT} variantes.`;

/** Two variants of one product with the same SKU (on the second one's SKU). */
export function duplicateSkuMessage(sku: string): string {
  return `O SKU ${sku} aparece mais de uma vez.`;
}

/** Two variants of one product with the same size and colour (on the second variant). */
export function duplicateOptionsMessage(size: string | null, color: string | null): string {
  const described = [size ? `tamanho ${size}` : null, color ? `cor ${color}` : null]
    .filter(Boolean)
    .join(', ');
  return `Há duas variantes iguais (${described || 'sem tamanho nem cor'}).`;
}

/** The first broken rule: its message and the field's path inside the checked value. */
export interface RuleIssue {
  field: string;
  message: string;
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; issue: RuleIssue };

/** Checks `input` against `schema`; the first broken rule is the one reported. */
export function checkRules<S extends z.ZodType>(
  schema: S,
  input: unknown,
): RuleResult<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    issue: {
      field: issue ? issue.path.map(String).join('.') : '',
      message: issue?.message ?? 'Valor inválido.',
    },
  };
}
