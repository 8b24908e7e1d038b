// The dashboard's products grid, once for the server and the ui's mocks: a price set in the grid
// (variantPriceSet), a stock change with its reason (stockChange) and a bulk change of a selection
// (productsBulk): its selection, its category and its price change. Each refusal is the server's
// Portuguese message on its field, the first broken rule in the server's order. What an id looks
// like is each side's own (the server's UUIDs, the mock's names), passed as `isId`; which products a
// selection holds, and whether a category exists, are each side's own questions.
import { checkOptionalText } from './catalog.input';
import type { PriceChange, PriceRoundDirection } from './catalog';
import { formatBRL } from './pricing';
import {
  checkRules,
  MAX_PRICE_CENTS,
  MAX_STOCK,
  priceNotBelowCompareAtMessage,
  variantPriceSchema,
  type RuleIssue,
  type RuleResult,
} from './variant';
import { ruleRefusal as refuse } from './rule';

export const CATALOG_GRID_LIMITS = {
  stockNote: 500,
  stock: MAX_STOCK,
  bulkIds: 1000,
  /** A percent change is above this (a price cannot drop by 100 % or more)... */
  percentAbove: -100,
  /** ...and at most this. */
  percentMax: 1000,
} as const;

const L = CATALOG_GRID_LIMITS;

export const CATALOG_GRID_MESSAGES = {
  stockReason: 'Motivo inválido.',
  countedQuantity: 'Informe a quantidade contada: de 0 a 1.000.000 unidades.',
  quantity: 'Informe uma quantidade de 1 a 1.000.000 unidades.',
  /** checkOptionalText's words for the note (its label is "a observação"). */
  noteTooLong: `Observação deve ter no máximo ${L.stockNote} caracteres.`,
  stockTooHigh: 'O estoque deve ser de no máximo 1.000.000 unidades.',
  bulkAction: 'Ação em massa desconhecida.',
  bulkIdsOrFilter: 'Escolha os produtos pela lista ou pelo filtro (um dos dois).',
  bulkIdsCount: `Escolha de 1 a ${L.bulkIds} produtos pela lista (ou use o filtro).`,
  bulkIdInvalid: 'Produto inválido na seleção.',
  bulkExpectedCount: 'Número de produtos esperado inválido.',
  bulkCategoryMissing: 'Escolha a categoria de destino.',
  /** An id that is not one, or a category the store does not have. */
  categoryNotFound: 'Categoria não encontrada.',
  bulkEmpty: 'Nenhum produto na seleção: nada a alterar.',
  priceChangeMissing: 'Informe a mudança de preço.',
  priceChangeOneOf: 'Informe a mudança em porcentagem ou em reais (uma das duas).',
  percentBounds: 'A porcentagem deve ser maior que -100 % e de no máximo 1000 %.',
  percentZero: 'Informe uma porcentagem diferente de zero.',
  amountInvalid: 'Valor inválido para a mudança de preço.',
  amountZero: 'Informe um valor diferente de zero.',
  roundDirection: 'Arredondamento inválido.',
} as const;

const M = CATALOG_GRID_MESSAGES;

// ---- the grid's price --------------------------------------------------------------------------

export interface VariantPriceSetInput {
  priceCents: number;
  /** Left out (undefined): the stored "de" price stays; null clears it. */
  compareAtPriceCents?: number | null;
}

export interface CheckedVariantPriceSet {
  priceCents: number;
  /** undefined: keep the stored one. */
  compareAtPriceCents: number | null | undefined;
}

/** The price (and the "de" price, when given) as the variant's price rules take them. */
export function checkVariantPriceSet(
  input: VariantPriceSetInput,
): RuleResult<CheckedVariantPriceSet> {
  const keeps = input.compareAtPriceCents === undefined;
  const given = checkRules(variantPriceSchema, {
    priceCents: input.priceCents,
    compareAtPriceCents: keeps ? null : input.compareAtPriceCents,
  });
  if (!given.ok) return given;
  return {
    ok: true,
    value: {
      priceCents: given.value.priceCents,
      compareAtPriceCents: keeps ? undefined : given.value.compareAtPriceCents,
    },
  };
}

/**
 * The "de" price the variant keeps after the grid's change: the given one, else the stored one,
 * which the new price must stay below (on 'priceCents').
 */
export function gridCompareAt(
  checked: CheckedVariantPriceSet,
  storedCompareAt: number | null,
): RuleResult<number | null> {
  if (checked.compareAtPriceCents !== undefined) {
    return { ok: true, value: checked.compareAtPriceCents };
  }
  if (storedCompareAt !== null && storedCompareAt <= checked.priceCents) {
    return refuse('priceCents', priceNotBelowCompareAtMessage(storedCompareAt));
  }
  return { ok: true, value: storedCompareAt };
}

// ---- stock changes -----------------------------------------------------------------------------

export const STOCK_CHANGE_REASONS = ['RECEIVED', 'MANUAL_SALE', 'DAMAGED', 'STOCK_COUNT'] as const;
export type StockChangeReason = (typeof STOCK_CHANGE_REASONS)[number];

export interface StockChangeRuleInput {
  reason: unknown;
  quantity: number;
  note?: string | null;
}

export interface CheckedStockChange {
  reason: StockChangeReason;
  quantity: number;
  /** Trimmed; null when blank. */
  note: string | null;
}

/**
 * A stock change by hand: a known reason, a whole quantity (counted: 0 to 1.000.000; otherwise 1
 * to 1.000.000) and a note of at most 500 characters, in that order.
 */
export function checkStockChange(input: StockChangeRuleInput): RuleResult<CheckedStockChange> {
  const reason = STOCK_CHANGE_REASONS.find((known) => known === input.reason);
  if (!reason) return refuse('reason', M.stockReason);
  const counted = reason === 'STOCK_COUNT';
  const min = counted ? 0 : 1;
  const quantity = input.quantity;
  if (!Number.isInteger(quantity) || quantity < min || quantity > L.stock) {
    return refuse('quantity', counted ? M.countedQuantity : M.quantity);
  }
  const note = checkOptionalText(input.note, 'note', 'a observação', L.stockNote);
  if (!note.ok) return note;
  return { ok: true, value: { reason, quantity, note: note.value } };
}

/** 'Estoque insuficiente: há 3 unidades.' */
export function stockInsufficientMessage(current: number): string {
  return `Estoque insuficiente: há ${current} ${current === 1 ? 'unidade' : 'unidades'}.`;
}

/**
 * The stock after the change (received: added; counted: the count; sold or damaged: taken), which
 * can be neither negative nor above 1.000.000 (on 'quantity').
 */
export function stockAfterChange(current: number, change: CheckedStockChange): RuleResult<number> {
  const next =
    change.reason === 'RECEIVED'
      ? current + change.quantity
      : change.reason === 'STOCK_COUNT'
        ? change.quantity
        : current - change.quantity;
  if (next < 0) return refuse('quantity', stockInsufficientMessage(current));
  if (next > L.stock) return refuse('quantity', M.stockTooHigh);
  return { ok: true, value: next };
}

// ---- bulk changes ------------------------------------------------------------------------------

export const PRODUCT_BULK_ACTIONS = [
  'PUBLISH',
  'UNPUBLISH',
  'FEATURE',
  'UNFEATURE',
  'MOVE_TO_CATEGORY',
  'CHANGE_PRICES',
  'SET_PACKAGE',
  'SET_FISCAL',
  'DELETE',
] as const;
export type ProductBulkActionName = (typeof PRODUCT_BULK_ACTIONS)[number];

export interface BulkSelectionInput {
  action: unknown;
  ids?: readonly string[] | null;
  filter?: unknown;
}

export interface CheckedBulkSelection {
  action: ProductBulkActionName;
  /** Without repeats; null when the selection is the filter. */
  ids: string[] | null;
  hasFilter: boolean;
}

/**
 * What a bulk change is and which products it picks: a known action, the ids or the grid's filter
 * (one of the two), 1 to 1000 ids, each an id.
 */
export function checkBulkSelection(
  input: BulkSelectionInput,
  isId: (id: string) => boolean,
): RuleResult<CheckedBulkSelection> {
  const action = PRODUCT_BULK_ACTIONS.find((known) => known === input.action);
  if (!action) return refuse('input.action', M.bulkAction);
  const hasIds = input.ids !== null && input.ids !== undefined;
  const hasFilter = input.filter !== null && input.filter !== undefined;
  if (hasIds === hasFilter) {
    return refuse(hasIds ? 'input.filter' : 'input.ids', M.bulkIdsOrFilter);
  }
  let ids: string[] | null = null;
  if (input.ids) {
    ids = [...new Set(input.ids)];
    if (ids.length === 0 || ids.length > L.bulkIds) return refuse('input.ids', M.bulkIdsCount);
    if (!ids.every(isId)) return refuse('input.ids', M.bulkIdInvalid);
  }
  return { ok: true, value: { action, ids, hasFilter } };
}

export interface BulkChangeInput {
  action: ProductBulkActionName;
  categoryId?: string | null;
  priceChange?: PriceChange | null;
  expectedCount: number;
}

export interface CheckedBulkChange {
  expectedCount: number;
  /** MOVE_TO_CATEGORY's category (whether the store has it is the caller's question). */
  categoryId: string | null;
  /** CHANGE_PRICES' change, its rounding filled in. */
  priceChange: PriceChange | null;
}

const ROUND_DIRECTIONS: readonly PriceRoundDirection[] = ['NEAREST', 'UP', 'DOWN'];

/**
 * A bulk price change: a percent or an amount (one of the two), the percent above -100 % and at
 * most 1000 %, the amount whole and at most R$ 1.000.000,00 either way, neither zero unless the
 * prices are rounded to ,90; the rounding's direction (nearest by default).
 */
export function checkPriceChange(change: PriceChange | null | undefined): RuleResult<PriceChange> {
  const field = 'input.priceChange';
  if (!change) return refuse(field, M.priceChangeMissing);
  const hasPercent = change.percent !== null && change.percent !== undefined;
  const hasAmount = change.amountCents !== null && change.amountCents !== undefined;
  if (hasPercent === hasAmount) return refuse(`${field}.percent`, M.priceChangeOneOf);
  if (hasPercent) {
    const percent = change.percent!;
    if (!Number.isFinite(percent) || percent <= L.percentAbove || percent > L.percentMax) {
      return refuse(`${field}.percent`, M.percentBounds);
    }
    if (percent === 0 && !change.roundTo90) return refuse(`${field}.percent`, M.percentZero);
  } else {
    const amount = change.amountCents!;
    if (!Number.isInteger(amount) || Math.abs(amount) > MAX_PRICE_CENTS) {
      return refuse(`${field}.amountCents`, M.amountInvalid);
    }
    if (amount === 0 && !change.roundTo90) return refuse(`${field}.amountCents`, M.amountZero);
  }
  const direction = change.roundDirection ?? 'NEAREST';
  if (!ROUND_DIRECTIONS.includes(direction)) {
    return refuse(`${field}.roundDirection`, M.roundDirection);
  }
  return {
    ok: true,
    value: {
      percent: hasPercent ? change.percent! : null,
      amountCents: hasAmount ? change.amountCents! : null,
      roundTo90: change.roundTo90 ?? false,
      roundDirection: direction,
    },
  };
}

/**
 * What a bulk change sets, after its selection: the count the confirmation showed (a whole number,
 * 0 or more), MOVE_TO_CATEGORY's category (given, and an id) and CHANGE_PRICES' change.
 */
export function checkBulkChange(
  input: BulkChangeInput,
  isId: (id: string) => boolean,
): RuleResult<CheckedBulkChange> {
  if (!Number.isInteger(input.expectedCount) || input.expectedCount < 0) {
    return refuse('input.expectedCount', M.bulkExpectedCount);
  }
  let categoryId: string | null = null;
  if (input.action === 'MOVE_TO_CATEGORY') {
    categoryId = input.categoryId ?? null;
    if (!categoryId) return refuse('input.categoryId', M.bulkCategoryMissing);
    if (!isId(categoryId)) return refuse('input.categoryId', M.categoryNotFound);
  }
  let priceChange: PriceChange | null = null;
  if (input.action === 'CHANGE_PRICES') {
    const checked = checkPriceChange(input.priceChange);
    if (!checked.ok) return checked;
    priceChange = checked.value;
  }
  return { ok: true, value: { expectedCount: input.expectedCount, categoryId, priceChange } };
}

/** A selection that holds no product: on the ids, or on the filter. */
export function bulkEmptyRefusal(byIds: boolean): RuleIssue {
  return { field: byIds ? 'input.ids' : 'input.filter', message: M.bulkEmpty };
}

/** 'A, B e C' or 'A, B, C e mais 4', each name in curly quotes. */
export function someNames(names: readonly string[], shown = 3): string {
  const head = names.slice(0, shown).map((name) => `“${name}”`);
  const rest = names.length - head.length;
  if (rest > 0) return `${head.join(', ')} e mais ${rest}`;
  if (head.length <= 1) return head.join('');
  return `${head.slice(0, -1).join(', ')} e ${head.at(-1)}`;
}

/**
 * Why a bulk price change is refused, by the new prices it would give (null: it is not): the
 * products left below R$ 0,01 first, then those above R$ 1.000.000,00, named in the given order.
 */
export function bulkPriceBoundsRefusal(
  tooLow: readonly string[],
  tooHigh: readonly string[],
): RuleIssue | null {
  const refusal = (names: readonly string[], what: string): RuleIssue => ({
    field: 'input.priceChange',
    message:
      names.length === 1
        ? `A mudança deixaria o preço de 1 produto ${what}: ${someNames(names)}. Nada foi alterado.`
        : `A mudança deixaria o preço de ${names.length} produtos ${what}: ${someNames(names)}. Nada foi alterado.`,
  });
  if (tooLow.length > 0) return refusal(tooLow, 'abaixo de R$ 0,01');
  if (tooHigh.length > 0) return refusal(tooHigh, `acima de ${formatBRL(MAX_PRICE_CENTS)}`);
  return null;
}
