// Parity table of the coupons domain: coupons staff create (couponCreate), and what the API
// answers. The same rows run through the real server (packages/api/test/parity.test.ts) and
// through the MSW mocks (packages/ui/src/mocks/parity.test.ts); the answers are written out.
import type { ParityAnswer } from './orders.cases';

export const COUPON_CREATE_DOCUMENT = `mutation ($input: CouponInput!) {
  r: couponCreate(input: $input) {
    code kind percent amountCents freeShipping minSubtotalCents usageLimit perEmailLimit active
  }
}`;

export interface CouponCreateCase {
  name: string;
  input: Record<string, unknown>;
  answer: ParityAnswer<Record<string, unknown>>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

export const COUPON_CREATE_CASES: CouponCreateCase[] = [
  {
    name: 'a percent coupon, its code in capitals',
    input: { code: 'par-dez', kind: 'PERCENT', percent: 10, minSubtotalCents: 10000 },
    answer: {
      data: {
        code: 'PAR-DEZ',
        kind: 'PERCENT',
        percent: 10,
        amountCents: null,
        freeShipping: false,
        minSubtotalCents: 10000,
        usageLimit: null,
        perEmailLimit: null,
        active: true,
      },
    },
  },
  {
    name: 'a fixed coupon with use limits',
    input: {
      code: 'PAR-FIXO',
      kind: 'FIXED',
      amountCents: 1500,
      usageLimit: 100,
      perEmailLimit: 1,
    },
    answer: {
      data: {
        code: 'PAR-FIXO',
        kind: 'FIXED',
        percent: null,
        amountCents: 1500,
        freeShipping: false,
        minSubtotalCents: null,
        usageLimit: 100,
        perEmailLimit: 1,
        active: true,
      },
    },
  },
  {
    name: 'a code with a space',
    input: { code: 'PAR DEZ', kind: 'PERCENT', percent: 10 },
    answer: refused(
      'code',
      "Código inválido: use de 1 a 40 letras sem acento, números, '-' ou '_', começando por letra ou número.",
    ),
  },
  {
    name: 'a percent coupon without its percent',
    input: { code: 'PAR-SEM', kind: 'PERCENT' },
    answer: refused('percent', 'Informe a porcentagem de desconto.'),
  },
  {
    name: 'a percent above 100',
    input: { code: 'PAR-CEM', kind: 'PERCENT', percent: 101 },
    answer: refused(
      'percent',
      'A porcentagem deve ser maior que 0 e no máximo 100, com até duas casas decimais.',
    ),
  },
  {
    name: 'a percent coupon with an amount',
    input: { code: 'PAR-MISTO', kind: 'PERCENT', percent: 10, amountCents: 500 },
    answer: refused('amountCents', 'Um cupom de porcentagem não tem valor fixo.'),
  },
  {
    name: 'a fixed coupon without its amount',
    input: { code: 'PAR-FIXO-SEM', kind: 'FIXED' },
    answer: refused('amountCents', 'Informe o valor do desconto.'),
  },
  {
    name: 'an end before the start',
    input: {
      code: 'PAR-DATA',
      kind: 'PERCENT',
      percent: 5,
      startsAt: '2026-12-10T00:00:00-03:00',
      endsAt: '2026-12-01T00:00:00-03:00',
    },
    answer: refused('endsAt', 'O fim da validade deve ser depois do início.'),
  },
  {
    name: 'a per-e-mail limit above the total',
    input: { code: 'PAR-LIM', kind: 'PERCENT', percent: 5, usageLimit: 1, perEmailLimit: 2 },
    answer: refused(
      'perEmailLimit',
      'O limite por e-mail não pode ser maior que o limite total de usos.',
    ),
  },
];
