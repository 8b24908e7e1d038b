// Parity table of the shipping methods (Frete): a method created (shippingMethodCreate) with its
// price tables, days, pickup point and carrier, and what the API answers. The same rows run through
// the real server (packages/api/test/parity.test.ts) and through the MSW mocks (packages/ui/src/
// mocks/parity.test.ts); the answers are written out, not derived from the rules. Each row's
// method has a name of its own.
import type { ParityAnswer } from './orders.cases';

const RATE = `rate { bands { upToGrams priceCents } extraKgPriceCents businessDays }`;

export const SHIPPING_METHOD_CREATE_DOCUMENT = `mutation ($input: ShippingMethodInput!) {
  r: shippingMethodCreate(input: $input) {
    name kind description handlingBusinessDays readyInBusinessDays pickupAddress
    pickupPoint { street number complement district city uf postalCode hours instructions }
    freeShippingThresholdCents excludedFromFreeShipping active position carrier carrierService
    byRegion { region ${RATE} }
    byUf { uf ${RATE} }
  }
}`;

export interface ShippingMethodCreateCase {
  name: string;
  input: Record<string, unknown>;
  answer: ParityAnswer<Record<string, unknown>>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

const band = (upToGrams: number, priceCents: number) => ({ upToGrams, priceCents });

/** Two bands, 300 g and 1 kg, R$ 2,50 each extra kg. */
const RATE_INPUT = { bands: [band(300, 1890), band(1000, 2490)], extraKgPriceCents: 250 };

/** A delivery priced for region 0: rows that break one rule change one key of it. */
const delivery = (name: string, changes: Record<string, unknown> = {}) => ({
  name,
  kind: 'DELIVERY',
  byRegion: [{ region: 0, rate: { ...RATE_INPUT, businessDays: 3 } }],
  ...changes,
});

/** A region 0 table with these bands. */
const withBands = (name: string, bands: unknown[]) =>
  delivery(name, { byRegion: [{ region: 0, rate: { bands, businessDays: 3 } }] });

const POINT = {
  street: ' Rua  Augusta ',
  number: '1500',
  complement: 'Loja 3',
  district: 'Consolação',
  city: 'São Paulo',
  uf: 'sp',
  postalCode: '01304001',
  hours: 'Seg. a sex., 10h às 19h',
  instructions: ' Balcão no fundo da loja. ',
};

const pickup = (name: string, changes: Record<string, unknown> = {}) => ({
  name,
  kind: 'PICKUP',
  pickupPoint: POINT,
  ...changes,
});

const M = {
  bands: 'O peso máximo da faixa deve ser de 1 g a 1.000.000 g.',
  price: 'O preço da faixa deve ser de R$ 0,00 a R$ 10.000,00 (em centavos).',
};

export const SHIPPING_METHOD_CREATE_CASES: ShippingMethodCreateCase[] = [
  {
    name: 'a delivery by region and UF, trimmed, its tables in order, quoted by Melhor Envio',
    input: {
      name: '  Paridade PAC ',
      kind: 'DELIVERY',
      description: ' Correios, prazo de 3 a 9 dias ',
      byRegion: [
        { region: 9, rate: { bands: [band(500, 3290)], businessDays: 9 } },
        { region: 0, rate: { ...RATE_INPUT, businessDays: 3 } },
      ],
      byUf: [{ uf: ' rj ', rate: { bands: [band(1000, 2190)], businessDays: 4 } }],
      handlingBusinessDays: 1,
      freeShippingThresholdCents: 29900,
      carrier: 'MELHOR_ENVIO',
      carrierService: ' 1 ',
    },
    answer: {
      data: {
        name: 'Paridade PAC',
        kind: 'DELIVERY',
        description: 'Correios, prazo de 3 a 9 dias',
        handlingBusinessDays: 1,
        readyInBusinessDays: 1,
        pickupAddress: null,
        pickupPoint: null,
        freeShippingThresholdCents: 29900,
        excludedFromFreeShipping: false,
        active: true,
        position: 0,
        carrier: 'MELHOR_ENVIO',
        carrierService: '1',
        byRegion: [
          {
            region: 0,
            rate: {
              bands: [band(300, 1890), band(1000, 2490)],
              extraKgPriceCents: 250,
              businessDays: 3,
            },
          },
          {
            region: 9,
            rate: { bands: [band(500, 3290)], extraKgPriceCents: null, businessDays: 9 },
          },
        ],
        byUf: [
          {
            uf: 'RJ',
            rate: { bands: [band(1000, 2190)], extraKgPriceCents: null, businessDays: 4 },
          },
        ],
      },
    },
  },
  {
    name: 'a pickup at the shop, its point cleaned (UF in capitals, CEP as 8 digits)',
    input: pickup('Paridade retirada', {
      description: 'Na loja da Augusta',
      readyInBusinessDays: 2,
      position: 3,
      excludedFromFreeShipping: true,
    }),
    answer: {
      data: {
        name: 'Paridade retirada',
        kind: 'PICKUP',
        description: 'Na loja da Augusta',
        handlingBusinessDays: 0,
        readyInBusinessDays: 2,
        pickupAddress: 'Rua Augusta, 1500 – Loja 3, Consolação – São Paulo/SP, CEP 01304-001',
        pickupPoint: {
          street: 'Rua Augusta',
          number: '1500',
          complement: 'Loja 3',
          district: 'Consolação',
          city: 'São Paulo',
          uf: 'SP',
          postalCode: '01304001',
          hours: 'Seg. a sex., 10h às 19h',
          instructions: 'Balcão no fundo da loja.',
        },
        freeShippingThresholdCents: null,
        excludedFromFreeShipping: true,
        active: true,
        position: 3,
        carrier: null,
        carrierService: null,
        byRegion: [],
        byUf: [],
      },
    },
  },
  {
    name: 'an inactive pickup saved without its point',
    input: { name: 'Paridade retirada inativa', kind: 'PICKUP', active: false },
    answer: {
      data: {
        name: 'Paridade retirada inativa',
        kind: 'PICKUP',
        description: '',
        handlingBusinessDays: 0,
        readyInBusinessDays: 1,
        pickupAddress: null,
        pickupPoint: null,
        freeShippingThresholdCents: null,
        excludedFromFreeShipping: false,
        active: false,
        position: 0,
        carrier: null,
        carrierService: null,
        byRegion: [],
        byUf: [],
      },
    },
  },
  {
    name: 'a blank name',
    input: delivery('   '),
    answer: refused('name', 'Informe o nome da forma de entrega.'),
  },
  {
    name: 'a name of 61 characters',
    input: delivery(`Paridade ${'x'.repeat(52)}`),
    answer: refused('name', 'O nome pode ter no máximo 60 caracteres.'),
  },
  {
    name: 'a description of 301 characters',
    input: delivery('Paridade descrição longa', { description: 'd'.repeat(301) }),
    answer: refused('description', 'A descrição pode ter no máximo 300 caracteres.'),
  },
  {
    name: 'a delivery without any table',
    input: delivery('Paridade sem tabela', { byRegion: [], byUf: null }),
    answer: refused('byRegion', 'Informe os preços de ao menos uma região ou estado.'),
  },
  {
    name: 'a pickup with a UF table',
    input: pickup('Paridade retirada com preço', {
      byUf: [{ uf: 'SP', rate: { ...RATE_INPUT, businessDays: 1 } }],
    }),
    answer: refused('byRegion', 'Retirada na loja é grátis: não tem tabela de preços.'),
  },
  {
    name: 'a postal region of 10',
    input: delivery('Paridade região 10', {
      byRegion: [{ region: 10, rate: { ...RATE_INPUT, businessDays: 3 } }],
    }),
    answer: refused('byRegion[0].region', 'A região postal é o primeiro dígito do CEP: de 0 a 9.'),
  },
  {
    name: 'a region given twice',
    input: delivery('Paridade região repetida', {
      byRegion: [
        { region: 1, rate: { ...RATE_INPUT, businessDays: 3 } },
        { region: 1, rate: { ...RATE_INPUT, businessDays: 4 } },
      ],
    }),
    answer: refused('byRegion[1].region', 'A região 1 aparece mais de uma vez.'),
  },
  {
    name: 'a UF that is none of the 27',
    input: delivery('Paridade UF inválida', {
      byUf: [{ uf: 'XX', rate: { ...RATE_INPUT, businessDays: 3 } }],
    }),
    answer: refused('byUf[0].uf', 'UF inválida: use a sigla de um dos 27 estados, como SP.'),
  },
  {
    name: 'a UF given twice, once in small letters',
    input: delivery('Paridade UF repetida', {
      byUf: [
        { uf: 'SP', rate: { ...RATE_INPUT, businessDays: 2 } },
        { uf: 'sp', rate: { ...RATE_INPUT, businessDays: 3 } },
      ],
    }),
    answer: refused('byUf[1].uf', 'O estado SP aparece mais de uma vez.'),
  },
  {
    name: 'a table without bands',
    input: withBands('Paridade sem faixas', []),
    answer: refused('byRegion[0].rate.bands', 'Informe ao menos uma faixa de peso.'),
  },
  {
    name: 'a table of 51 bands',
    input: withBands(
      'Paridade 51 faixas',
      Array.from({ length: 51 }, (_, i) => band((i + 1) * 100, 1000 + i)),
    ),
    answer: refused('byRegion[0].rate.bands', 'Use no máximo 50 faixas de peso.'),
  },
  {
    name: 'bands out of order',
    input: withBands('Paridade faixas fora de ordem', [band(1000, 2490), band(300, 1890)]),
    answer: refused(
      'byRegion[0].rate.bands[1].upToGrams',
      'As faixas de peso devem estar em ordem crescente, sem repetir o peso máximo.',
    ),
  },
  {
    name: 'a band of 0 g',
    input: withBands('Paridade faixa de 0 g', [band(0, 1890)]),
    answer: refused('byRegion[0].rate.bands[0].upToGrams', M.bands),
  },
  {
    name: 'a band with a negative price',
    input: withBands('Paridade preço negativo', [band(300, 1890), band(1000, -1)]),
    answer: refused('byRegion[0].rate.bands[1].priceCents', M.price),
  },
  {
    name: 'a negative price per extra kg',
    input: delivery('Paridade kg adicional negativo', {
      byRegion: [],
      byUf: [{ uf: 'MG', rate: { ...RATE_INPUT, extraKgPriceCents: -50, businessDays: 3 } }],
    }),
    answer: refused(
      'byUf[0].rate.extraKgPriceCents',
      'O preço por kg adicional deve ser de R$ 0,00 a R$ 10.000,00 (em centavos).',
    ),
  },
  {
    name: 'a table of 91 business days',
    input: delivery('Paridade prazo 91', {
      byRegion: [{ region: 0, rate: { ...RATE_INPUT, businessDays: 91 } }],
    }),
    answer: refused('byRegion[0].rate.businessDays', 'O prazo deve ser de 0 a 90 dias úteis.'),
  },
  {
    name: 'a handling time of 61 business days',
    input: delivery('Paridade preparo 61', { handlingBusinessDays: 61 }),
    answer: refused('handlingBusinessDays', 'O prazo de preparo deve ser de 0 a 60 dias úteis.'),
  },
  {
    name: 'a pickup point on a delivery',
    input: delivery('Paridade entrega com ponto', { pickupPoint: POINT }),
    answer: refused('pickupPoint', 'Só a retirada na loja tem ponto de retirada.'),
  },
  {
    name: 'an active pickup without its point',
    input: { name: 'Paridade retirada sem ponto', kind: 'PICKUP' },
    answer: refused(
      'pickupPoint.street',
      'Informe o endereço e o horário do ponto de retirada para oferecer a retirada na loja.',
    ),
  },
  {
    name: 'a pickup point with a CEP of 3 digits',
    input: pickup('Paridade CEP curto', { pickupPoint: { ...POINT, postalCode: '123' } }),
    answer: refused('pickupPoint.postalCode', 'CEP inválido: use 8 dígitos, como 01310-100.'),
  },
  {
    name: 'a negative free-shipping threshold',
    input: delivery('Paridade frete grátis negativo', { freeShippingThresholdCents: -1 }),
    answer: refused(
      'freeShippingThresholdCents',
      'O valor para frete grátis deve ser de R$ 0,00 a R$ 1.000.000,00 (em centavos).',
    ),
  },
  {
    name: 'a position above 10000',
    input: delivery('Paridade posição', { position: 10_001 }),
    answer: refused('position', 'A posição deve ser de 0 a 10000.'),
  },
  {
    name: 'a service code without its carrier',
    input: delivery('Paridade serviço sem transportadora', { carrierService: '03298' }),
    answer: refused('carrier', 'Escolha a transportadora deste código de serviço.'),
  },
  {
    name: 'a carrier on a pickup',
    input: pickup('Paridade retirada com transportadora', {
      carrier: 'CORREIOS',
      carrierService: '03298',
    }),
    answer: refused('carrier', 'Retirada na loja não é cotada por transportadora.'),
  },
  {
    name: 'a Correios service code with a space',
    input: delivery('Paridade código dos Correios', {
      carrier: 'CORREIOS',
      carrierService: '03 298',
    }),
    answer: refused(
      'carrierService',
      'Informe o código do serviço nos Correios, como 03298 (PAC) ou 03220 (SEDEX).',
    ),
  },
  {
    name: 'Melhor Envio without its service id',
    input: delivery('Paridade Melhor Envio sem serviço', { carrier: 'MELHOR_ENVIO' }),
    answer: refused(
      'carrierService',
      'Informe o id do serviço no Melhor Envio, como 1 (PAC) ou 2 (SEDEX).',
    ),
  },
];

// ---------------------------------------------------------------------------------------------
// The staff's shipping simulator (shippingSimulate): the input refused in the server's order, in
// its words (@vitrine/rules checkShippingSimulationInput). What a good input quotes depends on
// each world's methods, so only refusals are written here.

export const SHIPPING_SIMULATE_DOCUMENT = `query ($postalCode: String!, $weightGrams: Int!, $subtotalCents: Int) {
  r: shippingSimulate(postalCode: $postalCode, weightGrams: $weightGrams, subtotalCents: $subtotalCents) { name }
}`;

export interface ShippingSimulateCase {
  name: string;
  variables: Record<string, unknown>;
  answer: ParityAnswer<unknown>;
}

const SIMULATE_CEP = {
  code: 'BAD_USER_INPUT',
  field: 'postalCode',
  message: 'CEP inválido: use 8 dígitos, como 01310-100.',
};
const SIMULATE_WEIGHT = {
  code: 'BAD_USER_INPUT',
  field: 'weightGrams',
  message: 'Informe o peso em gramas, de 1 g a 100 kg.',
};
const SIMULATE_SUBTOTAL = {
  code: 'BAD_USER_INPUT',
  field: 'subtotalCents',
  message: 'Informe o subtotal em centavos, de zero a R$ 1.000.000,00.',
};

export const SHIPPING_SIMULATE_CASES: ShippingSimulateCase[] = [
  {
    name: 'a CEP of 4 digits, and no weight: the CEP first',
    variables: { postalCode: '0131', weightGrams: 0 },
    answer: SIMULATE_CEP,
  },
  {
    name: 'a CEP padded past 20 characters',
    variables: { postalCode: `01310-100${' '.repeat(12)}`, weightGrams: 500 },
    answer: SIMULATE_CEP,
  },
  {
    name: 'no weight',
    variables: { postalCode: '01310-100', weightGrams: 0 },
    answer: SIMULATE_WEIGHT,
  },
  {
    name: 'a weight over 100 kg',
    variables: { postalCode: '01310100', weightGrams: 100_001 },
    answer: SIMULATE_WEIGHT,
  },
  {
    name: 'a subtotal below zero',
    variables: { postalCode: '01310100', weightGrams: 500, subtotalCents: -1 },
    answer: SIMULATE_SUBTOTAL,
  },
  {
    name: 'a subtotal over R$ 1 million',
    variables: { postalCode: '01310100', weightGrams: 500, subtotalCents: 100_000_001 },
    answer: SIMULATE_SUBTOTAL,
  },
];
