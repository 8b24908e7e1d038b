// The card fields' rules: number (mask, Luhn), name as printed, expiry MM/AA not in the past, CVV,
// and the instalment choices of the store's table for the order total, as the server priced it.
import type { InstallmentOfferData } from '../../../../components/storefront';
import { formatBRL } from '../../../../format';

export interface CardFieldValues {
  cardNumber: string;
  cardHolder: string;
  cardExpiry: string;
  cardCvv: string;
  /** A count of the store's instalment table. */
  installments: string;
}

export type CardField = keyof CardFieldValues;

export const EMPTY_CARD: CardFieldValues = {
  cardNumber: '',
  cardHolder: '',
  cardExpiry: '',
  cardCvv: '',
  installments: '1',
};

export const CARD_FIELD_ORDER: CardField[] = [
  'cardNumber',
  'cardHolder',
  'cardExpiry',
  'cardCvv',
  'installments',
];

const digitsOf = (input: string) => input.replace(/\D/g, '');

/** '4111111111111111' -> '4111 1111 1111 1111' (at most 19 digits). */
export function maskCardNumber(input: string): string {
  return digitsOf(input)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1229' -> '12/29'. */
export function maskExpiry(input: string): string {
  const digits = digitsOf(input).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function passesLuhn(number: string): boolean {
  const digits = digitsOf(number);
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card errors in Portuguese, per field; empty when the card can be tokenised. */
export function cardErrors(
  values: Partial<CardFieldValues>,
  /** The counts the table offers. */
  counts: readonly number[],
  now: Date = new Date(),
): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const number = digitsOf(values.cardNumber ?? '');
  if (number.length === 0) errors.cardNumber = 'Informe o número do cartão.';
  else if (!passesLuhn(number))
    errors.cardNumber = 'Número de cartão inválido: confira os dígitos.';
  const holder = (values.cardHolder ?? '').trim();
  if (holder.length === 0) errors.cardHolder = 'Informe o nome como está no cartão.';
  else if (holder.length < 3 || !/^[\p{L}' .-]+$/u.test(holder)) {
    errors.cardHolder = 'Use só letras, como está impresso no cartão.';
  }
  const expiry = /^(\d{2})\/(\d{2})$/.exec(values.cardExpiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    errors.cardExpiry = 'Informe a validade no formato MM/AA.';
  } else {
    const year = 2000 + Number(expiry[2]);
    const current = now.getFullYear() * 12 + now.getMonth() + 1;
    if (year * 12 + month < current) errors.cardExpiry = 'Este cartão está vencido.';
  }
  if (!/^\d{3,4}$/.test(values.cardCvv ?? '')) {
    errors.cardCvv = 'O CVV tem 3 ou 4 dígitos, no verso do cartão.';
  }
  const installments = Number(values.installments ?? '1');
  if (!counts.includes(installments)) {
    errors.installments = 'Escolha o número de parcelas.';
  }
  return errors;
}

export interface InstallmentChoice {
  count: number;
  label: string;
}

/**
 * The store's instalment table as the server priced it (cartPreview's installmentOptions, 1x
 * first): interest-free plans split the total (the remainder on the first), plans with interest
 * say so and what the card is charged in all.
 */
export function installmentChoices(options: readonly InstallmentOfferData[]): InstallmentChoice[] {
  return options.map((option) => {
    const { count, perInstallmentCents: base, firstInstallmentCents: first, totalCents } = option;
    if (count === 1) return { count, label: `À vista: ${formatBRL(totalCents)}` };
    if (!option.interestFree) {
      return {
        count,
        label: `${count}x de ${formatBRL(base)} com juros (total ${formatBRL(totalCents)})`,
      };
    }
    return {
      count,
      label:
        first === base
          ? `${count}x de ${formatBRL(base)} sem juros`
          : `${count}x sem juros: 1ª de ${formatBRL(first)} e ${count - 1}x de ${formatBRL(base)}`,
    };
  });
}

/**
 * An order's own plan and a single payment, when the table it was priced with is not at hand (the
 * confirmation page opened again): both are exactly what the order says.
 */
export function orderPlanOptions(order: {
  installments: number;
  totalCents: number;
  interestCents: number;
}): InstallmentOfferData[] {
  const base = order.totalCents - order.interestCents;
  const single: InstallmentOfferData = {
    count: 1,
    perInstallmentCents: base,
    firstInstallmentCents: base,
    totalCents: base,
    interestFree: true,
    interestCents: 0,
  };
  const count = order.installments;
  if (!Number.isInteger(count) || count < 2) return [single];
  const per = order.interestCents > 0 ? order.totalCents / count : Math.floor(base / count);
  return [
    single,
    {
      count,
      perInstallmentCents: per,
      firstInstallmentCents: order.totalCents - per * (count - 1),
      totalCents: order.totalCents,
      interestFree: order.interestCents === 0,
      interestCents: order.interestCents,
    },
  ];
}
