// Each product's fiscal data for the NF-e (migrations/0045_fiscal_data.sql): NCM, CEST, origem
// da mercadoria and its own tax situation (CSOSN or CST; null: the store's default). Checked by
// @vitrine/rules (productFiscalSchema, productFiscalError) for the editor's productSave, the bulk
// SET_FISCAL and the CSV import; the tax situation against the store's regime (Settings).
import {
  checkRules,
  mergeProductFiscal,
  productFiscalError,
  productFiscalSchema,
  type ProductFiscal,
  type TaxRegime,
  type ValidProductFiscal,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import { badUserInput } from '../../graphql/errors';
import { getStoreSettings } from '../settings/settings.repository';
import { fiscalRowsByIds, type FiscalRow } from './catalog.staff.repository';
import { setProductFiscal } from './catalog.writer.repository';

export const NO_FISCAL: ProductFiscal = { ncm: null, cest: null, origin: 0, taxSituation: null };

const FISCAL_KEYS = ['ncm', 'cest', 'origin', 'taxSituation'] as const;

/** As the product's history names them (like 'nome', 'descrição'). */
const HISTORY_LABELS: Record<(typeof FISCAL_KEYS)[number], string> = {
  ncm: 'NCM',
  cest: 'CEST',
  origin: 'origem',
  taxSituation: 'situação tributária',
};

/** The store's tax regime (null: not chosen yet; the tax situations then read as CSOSN). */
export async function storeTaxRegime(db: Executor): Promise<TaxRegime | null> {
  return (await getStoreSettings(db)).taxRegime;
}

/** The fiscal keys present in `input`, checked alone; errors at `${path}.${field}`. */
export function validProductFiscal(
  input: Partial<Record<(typeof FISCAL_KEYS)[number], unknown>>,
  path: string,
): ValidProductFiscal {
  const given = Object.fromEntries(
    FISCAL_KEYS.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]),
  );
  const checked = checkRules(productFiscalSchema, given);
  if (!checked.ok) throw badUserInput(checked.issue.message, `${path}.${checked.issue.field}`);
  return checked.value;
}

/**
 * The merged data's problem, at `${path}.${field}`: a CEST without an NCM, or a tax situation
 * that does not fit the regime (only when `patch` sets it: a store that changed regime can still
 * save a product's other fields).
 */
export function checkProductFiscal(
  fiscal: ProductFiscal,
  patch: ValidProductFiscal,
  regime: TaxRegime | null,
  path: string,
): void {
  const problem = productFiscalError(
    patch.taxSituation === undefined ? { ...fiscal, taxSituation: null } : fiscal,
    regime,
  );
  if (problem) throw badUserInput(problem.message, `${path}.${problem.field}`);
}

const toFiscal = (row: FiscalRow): ProductFiscal => ({
  ncm: row.ncm,
  cest: row.cest,
  origin: Number(row.origin),
  taxSituation: row.tax_situation,
});

/** The products' fiscal data by id (the staff Product's fields). */
export async function productFiscalByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ProductFiscal>> {
  if (ids.length === 0) return new Map();
  const found = await fiscalRowsByIds(db, ids);
  return new Map(found.map((row) => [row.id, toFiscal(row)]));
}

/** What a save changed, for the product's history: labels, before and after. */
export interface FiscalChange {
  labels: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * productSave's part: the patch (absent keeps) applied to the product's row, already locked and
 * written by the save, checked against the regime. Throws BAD_USER_INPUT at input.<field>.
 */
export async function saveProductFiscal(
  tx: Executor,
  productId: string,
  patch: ValidProductFiscal,
  regime: TaxRegime | null,
): Promise<FiscalChange> {
  const [row] = await fiscalRowsByIds(tx, [productId]);
  const current = row ? toFiscal(row) : NO_FISCAL;
  const next = mergeProductFiscal(current, patch);
  checkProductFiscal(next, patch, regime, 'input');
  const changed = FISCAL_KEYS.filter((key) => current[key] !== next[key]);
  if (changed.length > 0) {
    await setProductFiscal(tx, productId, next);
  }
  return {
    labels: changed.map((key) => HISTORY_LABELS[key]),
    before: Object.fromEntries(changed.map((key) => [key, current[key]])),
    after: Object.fromEntries(changed.map((key) => [key, next[key]])),
  };
}
