// The bulk package form ('Definir embalagem'): the four fields read into the API's
// ProductPackageInput by the variant editor's own rules (@vitrine/rules variantPackageSchema, the
// server's too), and the note on the weight carriers charge (billableWeightGrams: the larger of
// the real weight and the cubic one, L × W × H / 6000).
import {
  billableWeightGrams,
  checkRules,
  CUBIC_FACTOR_CM3_PER_KG,
  variantPackageSchema,
  type ValidVariantPackage,
} from '@vitrine/rules';

export type PackageField = 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm';

/** What the person typed in each field ('' when left blank). */
export type PackageForm = Record<PackageField, string>;

export const EMPTY_PACKAGE_FORM: PackageForm = {
  weightGrams: '',
  lengthCm: '',
  widthCm: '',
  heightCm: '',
};

/** The fields in the form's order, with their labels and units. */
export const PACKAGE_FIELDS: readonly { field: PackageField; label: string; unit: string }[] = [
  { field: 'weightGrams', label: 'Peso', unit: 'g' },
  { field: 'lengthCm', label: 'Comprimento', unit: 'cm' },
  { field: 'widthCm', label: 'Largura', unit: 'cm' },
  { field: 'heightCm', label: 'Altura', unit: 'cm' },
];

const NOT_WHOLE: Record<PackageField, string> = {
  weightGrams: 'Peso: use um número inteiro de gramas, como 300.',
  lengthCm: 'Comprimento: use um número inteiro de centímetros, como 30.',
  widthCm: 'Largura: use um número inteiro de centímetros, como 20.',
  heightCm: 'Altura: use um número inteiro de centímetros, como 10.',
};

export type PackageErrors = Partial<Record<PackageField, string>>;

export type PackageRead =
  { ok: true; pkg: ValidVariantPackage } | { ok: false; errors: PackageErrors };

/** A field's number: null when blank, NaN when not a whole number of digits. */
function typed(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The form as ProductPackageInput, or each field's reason it is not one yet (Portuguese). */
export function readPackage(form: PackageForm): PackageRead {
  const errors: PackageErrors = {};
  const values: Record<PackageField, number | null> = {
    weightGrams: null,
    lengthCm: null,
    widthCm: null,
    heightCm: null,
  };
  for (const { field } of PACKAGE_FIELDS) {
    const value = typed(form[field]);
    if (Number.isNaN(value)) {
      errors[field] = NOT_WHOLE[field];
      continue;
    }
    values[field] = value;
    // Each value alone against the variant's rule for it, so every field shows its own error.
    if (value !== null) {
      const alone = checkRules(variantPackageSchema, { [field]: value });
      if (!alone.ok) errors[field] = alone.issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = checkRules(variantPackageSchema, values);
  if (!checked.ok) return { ok: false, errors: { [checked.issue.field]: checked.issue.message } };
  return { ok: true, pkg: checked.value };
}

const grams = (value: number) => `${value.toLocaleString('pt-BR')} g`;
const CUBIC_RULE = `C×L×A/${CUBIC_FACTOR_CM3_PER_KG}`;

/**
 * The note under the form: with the weight and the three dimensions, the weight carriers charge;
 * with the dimensions alone, the cubic weight; otherwise how the rule works.
 */
export function billableNote(form: PackageForm): string {
  const value = (field: PackageField) => {
    const number = typed(form[field]);
    return number !== null && Number.isSafeInteger(number) && number > 0 ? number : null;
  };
  const weightGrams = value('weightGrams');
  const lengthCm = value('lengthCm');
  const widthCm = value('widthCm');
  const heightCm = value('heightCm');
  if (lengthCm !== null && widthCm !== null && heightCm !== null) {
    const item = { lengthCm, widthCm, heightCm, quantity: 1 };
    if (weightGrams !== null) {
      const billable = billableWeightGrams([{ ...item, weightGrams }]);
      return `Peso cobrado pelas transportadoras: ${grams(billable)} (o maior entre o peso real e o cúbico, ${CUBIC_RULE}).`;
    }
    const cubic = billableWeightGrams([{ ...item, weightGrams: 0 }]);
    return `Peso cúbico: ${grams(cubic)} (${CUBIC_RULE}). As transportadoras cobram o maior entre ele e o peso real de cada variante.`;
  }
  return `As transportadoras cobram o maior entre o peso real e o cúbico (${CUBIC_RULE}): informe o peso e as três medidas para vê-lo aqui.`;
}
