// The product editor's "Fiscal": the product's NCM, CEST, origem and tax situation as typed,
// checked by the server's own rules (@vitrine/rules productFiscalSchema and productFiscalError;
// the tax situation against the store's regime is the server's), and their productSave input.
// Pure.
import {
  checkRules,
  FISCAL_INPUT_MESSAGES,
  productFiscalSchema,
  type ProductFiscal,
} from '@vitrine/rules';

/** The fiscal fields as typed (origin '0' to '8'). */
export interface ProductFiscalForm {
  ncm: string;
  cest: string;
  origin: string;
  taxSituation: string;
}

export const FISCAL_FIELD_LABELS: Record<keyof ProductFiscalForm, string> = {
  ncm: 'NCM',
  cest: 'CEST',
  origin: 'Origem da mercadoria',
  taxSituation: 'Situação tributária',
};

export const EMPTY_FISCAL: ProductFiscalForm = { ncm: '', cest: '', origin: '0', taxSituation: '' };

export function fiscalFormOf(product: {
  [K in keyof ProductFiscal]?: ProductFiscal[K] | null;
}): ProductFiscalForm {
  return {
    ncm: product.ncm ?? '',
    cest: product.cest ?? '',
    origin: String(product.origin ?? 0),
    taxSituation: product.taxSituation ?? '',
  };
}

/** productSave's fiscal fields: every one sent (empty clears), normalised by the server. */
export function fiscalInputOf(form: ProductFiscalForm): ProductFiscal {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    ncm: orNull(form.ncm),
    cest: orNull(form.cest),
    origin: Number(form.origin),
    taxSituation: orNull(form.taxSituation),
  };
}

/** The first wrong fiscal field's message by the server's rules, keyed by field; {} when none. */
export function fiscalErrors(form: ProductFiscalForm): Partial<Record<string, string>> {
  const checked = checkRules(productFiscalSchema, fiscalInputOf(form));
  if (!checked.ok) return { [checked.issue.field]: checked.issue.message };
  if (checked.value.cest && !checked.value.ncm) {
    return { cest: FISCAL_INPUT_MESSAGES.cestWithoutNcm };
  }
  return {};
}
