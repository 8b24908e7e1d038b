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

const CODE_MESSAGE =
  "Código inválido: use de 1 a 40 letras sem acento, números, '-' ou '_', começando por letra ou número.";
const PERCENT_MESSAGE =
  'A porcentagem deve ser maior que 0 e no máximo 100, com até duas casas decimais.';
const DATE_MESSAGE =
  'Data inválida: use AAAA-MM-DD ou data e hora ISO, como 2026-03-01T10:00:00-03:00.';
/** A UUID no brand or category of either world has. */
const UNKNOWN_ID = '0b1e6a52-5f0c-4d7e-9a43-0d7c1c9e2a00';

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
    name: 'a free-shipping coupon, its code trimmed, from one day to the same day',
    input: {
      code: '  par-frete_1 ',
      kind: 'FREE_SHIPPING',
      startsAt: '2026-12-01',
      endsAt: '2026-12-01',
    },
    answer: {
      data: {
        code: 'PAR-FRETE_1',
        kind: 'FREE_SHIPPING',
        percent: null,
        amountCents: null,
        freeShipping: true,
        minSubtotalCents: null,
        usageLimit: null,
        perEmailLimit: null,
        active: true,
      },
    },
  },
  {
    name: 'a fixed coupon with free shipping, inactive',
    input: {
      code: 'PAR-FIXO-FRETE',
      kind: 'FIXED',
      amountCents: 1,
      freeShipping: true,
      minSubtotalCents: 0,
      active: false,
    },
    answer: {
      data: {
        code: 'PAR-FIXO-FRETE',
        kind: 'FIXED',
        percent: null,
        amountCents: 1,
        freeShipping: true,
        minSubtotalCents: 0,
        usageLimit: null,
        perEmailLimit: null,
        active: false,
      },
    },
  },
  {
    name: 'a code starting with a dash',
    input: { code: '-PAR', kind: 'PERCENT', percent: 10 },
    answer: refused('code', CODE_MESSAGE),
  },
  {
    name: 'a code with an accent, and a percent above 100: the code first',
    input: { code: 'PARÇA', kind: 'PERCENT', percent: 101 },
    answer: refused('code', CODE_MESSAGE),
  },
  {
    name: 'a description of 201 characters',
    input: { code: 'PAR-DESC', kind: 'PERCENT', percent: 10, description: 'a'.repeat(201) },
    answer: refused('description', 'A descrição pode ter no máximo 200 caracteres.'),
  },
  {
    name: 'a percent with three decimals',
    input: { code: 'PAR-DEC', kind: 'PERCENT', percent: 12.345 },
    answer: refused('percent', PERCENT_MESSAGE),
  },
  {
    name: 'a fixed coupon of 0 centavos',
    input: { code: 'PAR-ZERO', kind: 'FIXED', amountCents: 0 },
    answer: refused(
      'amountCents',
      'O valor do desconto deve ser de R$ 0,01 a R$ 100.000,00 (em centavos).',
    ),
  },
  {
    name: 'a fixed coupon with a percent',
    input: { code: 'PAR-FIXO-PCT', kind: 'FIXED', amountCents: 500, percent: 10 },
    answer: refused('percent', 'Um cupom de valor fixo não tem porcentagem.'),
  },
  {
    name: 'a free-shipping coupon with an amount',
    input: { code: 'PAR-FRETE-VALOR', kind: 'FREE_SHIPPING', amountCents: 500 },
    answer: refused('kind', 'Um cupom de frete grátis não tem desconto nos produtos.'),
  },
  {
    name: 'a negative minimum',
    input: { code: 'PAR-MIN', kind: 'PERCENT', percent: 10, minSubtotalCents: -1 },
    answer: refused(
      'minSubtotalCents',
      'O pedido mínimo deve ser de R$ 0,00 a R$ 1.000.000,00 (em centavos).',
    ),
  },
  {
    name: 'a start on a day that does not exist',
    input: { code: 'PAR-DIA', kind: 'PERCENT', percent: 10, startsAt: '2026-02-31' },
    answer: refused('startsAt', DATE_MESSAGE),
  },
  {
    name: 'a start in 1999',
    input: { code: 'PAR-ANO', kind: 'PERCENT', percent: 10, startsAt: '1999-12-31' },
    answer: refused('startsAt', DATE_MESSAGE),
  },
  {
    name: 'an end in a day and a time without its zone',
    input: { code: 'PAR-HORA', kind: 'PERCENT', percent: 10, endsAt: '2026-12-01T10:00' },
    answer: refused('endsAt', DATE_MESSAGE),
  },
  {
    name: 'no use at all',
    input: { code: 'PAR-USO', kind: 'PERCENT', percent: 10, usageLimit: 0 },
    answer: refused(
      'usageLimit',
      'O limite de usos deve ser de 1 a 1.000.000 (deixe vazio para ilimitado).',
    ),
  },
  {
    name: 'a blank brand',
    input: { code: 'PAR-MARCA', kind: 'PERCENT', percent: 10, brandIds: [' '] },
    answer: refused('brandIds', 'Marca inválida.'),
  },
  {
    name: '101 brands',
    input: {
      code: 'PAR-MARCAS',
      kind: 'PERCENT',
      percent: 10,
      brandIds: Array.from({ length: 101 }, (_, i) => `${UNKNOWN_ID.slice(0, -3)}${100 + i}`),
    },
    answer: refused('brandIds', 'Escolha no máximo 100 itens.'),
  },
  {
    name: 'a brand no catalog holds, with 101 categories: the brands first',
    input: {
      code: 'PAR-MARCA-X',
      kind: 'PERCENT',
      percent: 10,
      brandIds: [UNKNOWN_ID],
      categoryIds: Array.from({ length: 101 }, (_, i) => `${UNKNOWN_ID.slice(0, -3)}${100 + i}`),
    },
    answer: refused('brandIds', 'Marca não encontrada: confira a lista.'),
  },
  {
    name: 'a category no catalog holds, listed twice',
    input: {
      code: 'PAR-CATEGORIA-X',
      kind: 'PERCENT',
      percent: 10,
      categoryIds: [UNKNOWN_ID, UNKNOWN_ID],
    },
    answer: refused('categoryIds', 'Categoria não encontrada: confira a lista.'),
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
