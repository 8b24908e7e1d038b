// The bulk fiscal form ('Definir dados fiscais'): NCM, CEST, origem and tax situation read into
// the API's ProductFiscalInput by the server's own rules (@vitrine/rules productFiscalBulkSchema):
// a field left blank (origin: 'Não alterar') stays as each product has it; at least one given.
import {
  checkRules,
  productFiscalBulkSchema,
  productFiscalSchema,
  type ValidProductFiscal,
} from '@vitrine/rules';

export type FiscalBulkField = 'ncm' | 'cest' | 'origin' | 'taxSituation';

/** As typed; origin '' is 'Não alterar'. */
export type FiscalBulkForm = Record<FiscalBulkField, string>;

export const EMPTY_FISCAL_BULK_FORM: FiscalBulkForm = {
  ncm: '',
  cest: '',
  origin: '',
  taxSituation: '',
};

export type FiscalBulkErrors = Partial<Record<FiscalBulkField, string>>;

export type FiscalBulkRead =
  { ok: true; fiscal: ValidProductFiscal } | { ok: false; errors: FiscalBulkErrors };

export function readBulkFiscal(form: FiscalBulkForm): FiscalBulkRead {
  const values: Record<string, unknown> = {};
  if (form.ncm.trim()) values.ncm = form.ncm;
  if (form.cest.trim()) values.cest = form.cest;
  if (form.origin !== '') values.origin = Number(form.origin);
  if (form.taxSituation.trim()) values.taxSituation = form.taxSituation.trim();
  const errors: FiscalBulkErrors = {};
  // Each value alone, so every field shows its own error.
  for (const [field, value] of Object.entries(values)) {
    const alone = checkRules(productFiscalSchema, { [field]: value });
    if (!alone.ok) errors[field as FiscalBulkField] = alone.issue.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = checkRules(productFiscalBulkSchema, values);
  if (!checked.ok) {
    return {
      ok: false,
      errors: { [checked.issue.field as FiscalBulkField]: checked.issue.message },
    };
  }
  return { ok: true, fiscal: checked.value };
}
