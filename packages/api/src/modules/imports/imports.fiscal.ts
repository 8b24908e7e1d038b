// The products CSV's fiscal columns (NCM, CEST, Origem, Situação tributária): product-level
// values, repeated on each of its variants' rows as the export writes them, read by the rules the
// product editor follows (@vitrine/rules fiscal.ts) and refused with the same messages.
import {
  FISCAL_INPUT_MESSAGES,
  FISCAL_MESSAGES,
  normaliseCest,
  normaliseNcm,
  productFiscalError,
  type ProductFiscal,
  type TaxRegime,
} from '@vitrine/rules';
import type { ProductCsvRow } from './products.csv';

/** A refusal's text: the rule's message without its full stop, and the cell as read. */
const reason = (message: string, cell: string) =>
  `${message.replace(/\.$/, '')} (recebido: "${cell.length > 60 ? `${cell.slice(0, 59)}…` : cell}")`;

/**
 * A code a spreadsheet read as a number: Excel drops the leading zero of an NCM of chapters 01 to
 * 09 ('01012100' -> '1012100') and of a CEST of segments 01 to 09 ('0100100' -> '100100'), and
 * saves the CSV so. One digit short and all digits: the zero is put back.
 */
export function restoreLeadingZero(cell: string, length: number): string {
  return cell.length === length - 1 && /^[1-9][0-9]*$/.test(cell) ? `0${cell}` : cell;
}

/** The row's fiscal cells; a blank one is none (origin 0). `refuse` throws the row's reason. */
export function readFiscal(
  values: ProductCsvRow['values'],
  refuse: (message: string) => never,
): ProductFiscal {
  const cell = (key: 'ncm' | 'cest' | 'origin' | 'taxSituation') => (values[key] ?? '').trim();
  const ncmText = cell('ncm');
  const ncm = ncmText === '' ? null : normaliseNcm(restoreLeadingZero(ncmText, 8));
  if (ncmText !== '' && ncm === null) refuse(reason(FISCAL_MESSAGES.ncm, ncmText));
  const cestText = cell('cest');
  const cest = cestText === '' ? null : normaliseCest(restoreLeadingZero(cestText, 7));
  if (cestText !== '' && cest === null) refuse(reason(FISCAL_MESSAGES.cest, cestText));
  const originText = cell('origin');
  if (originText !== '' && !/^[0-8]$/.test(originText)) {
    refuse(reason(FISCAL_MESSAGES.origin, originText));
  }
  const taxText = cell('taxSituation');
  if (taxText !== '' && !/^([0-9]{2}|[0-9]{3})$/.test(taxText)) {
    refuse(reason(FISCAL_INPUT_MESSAGES.taxSituation, taxText));
  }
  return {
    ncm,
    cest,
    origin: originText === '' ? 0 : Number(originText),
    taxSituation: taxText === '' ? null : taxText,
  };
}

/**
 * The product's fiscal data as it will be, checked together: a CEST needs an NCM, and a tax
 * situation the file gives must fit the store's regime (one the catalog keeps is not rechecked).
 */
export function fiscalRefusal(
  fiscal: ProductFiscal,
  fileGivesTaxSituation: boolean,
  regime: TaxRegime | null,
): string | null {
  const problem = productFiscalError(
    fileGivesTaxSituation ? fiscal : { ...fiscal, taxSituation: null },
    regime,
  );
  return problem ? problem.message.replace(/\.$/, '') : null;
}
