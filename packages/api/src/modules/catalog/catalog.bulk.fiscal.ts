// "Definir dados fiscais" on the products grid (productsBulk SET_FISCAL): the NCM, CEST, origem
// and tax situation given are set on every selected product; a value left out stays as each
// product has it. The values follow the editor's rules (@vitrine/rules productFiscalBulkSchema),
// the tax situation the store's regime.
import {
  checkRules,
  describeProductFiscal,
  FISCAL_INPUT_MESSAGES,
  productFiscalBulkSchema,
  taxSituationError,
  type ProductFiscalInput,
  type TaxRegime,
  type ValidProductFiscal,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import { badUserInput } from '../../graphql/errors';
import { products, someNames, type Applied, type Selected } from './catalog.bulk.common';
import { fiscalRowsOf } from './catalog.bulk.repository';
import { setProductColumns } from './catalog.writer.repository';
import { storeTaxRegime } from './catalog.fiscal';

const FIELD = 'input.fiscal';

/** The fiscal data asked for (null reads as left out); its errors name the field under input.fiscal. */
/** The fiscal input as GraphQL hands it over: any field absent or null (null is "not given"). */
export type FiscalArgument = { [K in keyof ProductFiscalInput]?: ProductFiscalInput[K] | null };

export function validFiscal(input: FiscalArgument | null | undefined): ValidProductFiscal {
  if (!input) throw badUserInput(FISCAL_INPUT_MESSAGES.fiscalEmpty, FIELD);
  const given = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
  );
  const checked = checkRules(productFiscalBulkSchema, given);
  if (!checked.ok) throw badUserInput(checked.issue.message, `${FIELD}.${checked.issue.field}`);
  return checked.value;
}

/** Sets the fiscal data on the selection; a CEST needs every product to have (or get) an NCM. */
export async function setFiscal(
  tx: Executor,
  selected: Selected[],
  fiscal: ValidProductFiscal,
): Promise<Applied> {
  const regime: TaxRegime | null = await storeTaxRegime(tx);
  if (fiscal.taxSituation) {
    const message = taxSituationError(fiscal.taxSituation, regime);
    if (message) throw badUserInput(message, `${FIELD}.taxSituation`);
  }
  const ids = selected.map((row) => row.id);
  const current = await fiscalRowsOf(tx, ids);
  if (fiscal.cest && !fiscal.ncm) {
    const without = current.filter((row) => row.ncm === null);
    if (without.length > 0) {
      const names = someNames(without.map((row) => row.name).sort((a, b) => a.localeCompare(b)));
      throw badUserInput(
        `${without.length === 1 ? '1 produto não tem' : `${without.length} produtos não têm`} NCM para receber o CEST: ${names}. Informe também o NCM. Nada foi alterado.`,
        `${FIELD}.cest`,
      );
    }
  }
  await setProductColumns(tx, ids, { fiscal });
  const given = Object.fromEntries(
    Object.entries(fiscal).filter(([, v]) => v !== undefined && v !== null),
  );
  return {
    summary: `Dados fiscais de ${products(selected.length)}: ${describeProductFiscal(fiscal, regime)}`,
    // Compact: [product id, ncm, cest, origin, tax situation] before the change.
    before: {
      products: current.map((row) => [row.id, row.ncm, row.cest, row.origin, row.tax_situation]),
    },
    after: { fiscal: given },
  };
}
