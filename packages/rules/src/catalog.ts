// Catalog rules shared by the server (validation, bulk price changes, imports) and the dashboard
// (checks as staff type, previews): slugs, SKUs, GTIN check digits and price changes.

/** 'Ipê Amarelo' -> 'ipe amarelo': without accents, lower case (searches, slugs, comparisons). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export const MAX_SLUG_LENGTH = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** 'Tênis Corrida Leve' -> 'tenis-corrida-leve' (at most 80 characters). */
export function slugifyName(value: string): string {
  return foldText(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}

/**
 * A SKU made from the product's slug and a variant's options:
 * ('camiseta-basica', 'M', 'Azul Marinho') -> 'CAMISETA-BASICA-M-AZUL-MARINHO' (at most 64).
 */
export function suggestSku(productSlug: string, ...options: (string | null | undefined)[]): string {
  const parts = [productSlug, ...options]
    .map((part) => slugifyName(part ?? ''))
    .filter((part) => part !== '');
  return parts.join('-').toUpperCase().slice(0, 64).replace(/-+$/, '');
}

/**
 * A GTIN (EAN-8, UPC-A 12, EAN-13, GTIN-14) with a valid check digit (GS1: weights 3 and 1 from
 * the right, the check digit excluded). Spaces and hyphens are ignored by `normalizeGtin`.
 */
export function isValidGtin(value: string): boolean {
  const digits = normalizeGtin(value);
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  const check = (10 - (sum % 10)) % 10;
  return check === Number(digits.at(-1));
}

/** '789 1234-567895' -> '7891234567895'. */
export function normalizeGtin(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Which ,90 a bulk price change rounds to: the nearest (default), the one above or below. */
export type PriceRoundDirection = 'NEAREST' | 'UP' | 'DOWN';

export interface PriceChange {
  /** Percent of the price (e.g. -10 or 5.5). */
  percent?: number | null;
  /** Centavos added (e.g. -500). */
  amountCents?: number | null;
  /** End every new price in ,90 (never below 90 centavos). */
  roundTo90?: boolean | null;
  /** With roundTo90: the nearest ,90 (default), or always up or always down. */
  roundDirection?: PriceRoundDirection | null;
}

/** The nearest price ending in ,90 at or under `cents` (never below 90): 12999 -> 12990, 13005 -> 12990. */
export function roundDownTo90(cents: number): number {
  const rounded = Math.floor((cents - 90) / 100) * 100 + 90;
  return Math.max(90, rounded);
}

/** The price ending in ,90 at or above `cents`: 8789 -> 8790, 8691 -> 8790, 8690 -> 8690. */
export function roundUpTo90(cents: number): number {
  const rounded = Math.ceil((cents - 90) / 100) * 100 + 90;
  return Math.max(90, rounded);
}

/**
 * `cents` ended in ,90: the nearest one by default (8789 -> 8790, 8739 -> 8690; halfway, ,40,
 * goes up), or up or down as asked. Never below 90 centavos.
 */
export function roundTo90(cents: number, direction: PriceRoundDirection = 'NEAREST'): number {
  const down = roundDownTo90(cents);
  const up = roundUpTo90(cents);
  if (direction === 'DOWN') return down;
  if (direction === 'UP') return up;
  return cents - down < up - cents ? down : up;
}

/**
 * The new price of a bulk change: percent rounded to the centavo (half up), or the amount
 * added; then ,90 when asked (nearest unless the change says up or down). May be zero or
 * negative: the caller refuses those.
 */
export function applyPriceChange(cents: number, change: PriceChange): number {
  let next = cents;
  if (change.percent !== null && change.percent !== undefined) {
    next = Math.round(cents * (1 + change.percent / 100));
  } else if (change.amountCents !== null && change.amountCents !== undefined) {
    next = cents + change.amountCents;
  }
  if (change.roundTo90 && next > 0) next = roundTo90(next, change.roundDirection ?? 'NEAREST');
  return next;
}

/**
 * The products CSV's columns, in order (one row per variant): what the products export writes,
 * the import reads (by name, in any order) and the dashboard's template offers.
 */
export const PRODUCT_CSV_COLUMNS = [
  'Identificador URL',
  'Nome',
  'Marca',
  'Categoria',
  'Descrição',
  'Publicado',
  'Destaque',
  'Título SEO',
  'Descrição SEO',
  'SKU',
  'Tamanho',
  'Cor',
  'Preço',
  'Preço "de"',
  'Estoque',
  'Peso (g)',
  'Comprimento (cm)',
  'Largura (cm)',
  'Altura (cm)',
  'GTIN/EAN',
  'Estoque mínimo',
  'NCM',
  'CEST',
  'Origem',
  'Situação tributária',
] as const;
