import { describe, expect, it } from 'vitest';
import { UFS } from './uf';
import {
  CEP_ERROR_MESSAGE,
  CepError,
  billableWeightGrams,
  formatCep,
  isValidCep,
  normaliseCep,
  quoteShipping,
  regionOfCep,
  stackedParcel,
  ufOfCep,
  type DeliveryMethod,
  type ShippingMethod,
} from './shipping';

describe('normaliseCep', () => {
  it('accepts 8 digits with or without the hyphen', () => {
    expect(normaliseCep('01310-100')).toBe('01310100');
    expect(normaliseCep('01310100')).toBe('01310100');
    expect(normaliseCep(' 01310-100 ')).toBe('01310100');
    expect(formatCep('01310100')).toBe('01310-100');
  });

  it.each([
    '',
    '1310-100',
    '013101000',
    '01310_100',
    '01.310-100',
    'abcde-fgh',
    '0131-0100',
    '01310-10',
  ])('rejects %j with the Portuguese message', (bad) => {
    expect(() => normaliseCep(bad)).toThrow(CepError);
    expect(() => normaliseCep(bad)).toThrow('CEP inválido: use 8 dígitos, como 01310-100.');
    expect(isValidCep(bad)).toBe(false);
  });

  it('rejects a non-string with the same typed error', () => {
    const error = (() => {
      try {
        normaliseCep(1310100 as unknown as string);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(CepError);
    expect((error as CepError).message).toBe(CEP_ERROR_MESSAGE);
    expect((error as CepError).code).toBe('INVALID_CEP');
  });
});

describe('regionOfCep and ufOfCep', () => {
  it('gives the postal region from the first digit', () => {
    expect(regionOfCep('01310-100')).toBe(0);
    expect(regionOfCep('13083-970')).toBe(1);
    expect(regionOfCep('90010-000')).toBe(9);
  });

  it.each([
    ['01310-100', 'SP'], // Av. Paulista
    ['13083-970', 'SP'], // Campinas
    ['20040-020', 'RJ'],
    ['29010-000', 'ES'],
    ['30130-010', 'MG'],
    ['40020-000', 'BA'],
    ['49010-000', 'SE'],
    ['50030-230', 'PE'],
    ['57020-000', 'AL'],
    ['58010-000', 'PB'],
    ['59020-000', 'RN'],
    ['60060-000', 'CE'],
    ['64000-000', 'PI'],
    ['65010-000', 'MA'],
    ['66010-000', 'PA'],
    ['68900-000', 'AP'],
    ['69005-000', 'AM'], // Manaus
    ['69400-000', 'AM'],
    ['69301-000', 'RR'], // Boa Vista
    ['69900-000', 'AC'],
    ['70040-010', 'DF'],
    ['73010-000', 'DF'],
    ['72800-000', 'GO'],
    ['74000-000', 'GO'], // Goiânia
    ['76801-000', 'RO'], // Porto Velho
    ['77001-000', 'TO'],
    ['78005-000', 'MT'],
    ['79002-000', 'MS'],
    ['80010-000', 'PR'],
    ['88010-000', 'SC'],
    ['90010-000', 'RS'],
  ])('%s is in %s', (cep, uf) => {
    expect(ufOfCep(cep)).toBe(uf);
  });

  it('covers all 27 UFs and answers null outside every range', () => {
    const seen = new Set<string>();
    for (let prefix = 0; prefix < 100000; prefix += 50) {
      const uf = ufOfCep(`${String(prefix).padStart(5, '0')}000`);
      if (uf) seen.add(uf);
    }
    expect([...seen].sort()).toEqual([...UFS].sort());
    expect(ufOfCep('00500-000')).toBeNull();
    expect(ufOfCep('78950-000')).toBeNull();
  });

  it('throws CepError for an invalid CEP', () => {
    expect(() => ufOfCep('123')).toThrow(CepError);
    expect(() => regionOfCep('123')).toThrow(CepError);
  });
});

describe('billableWeightGrams', () => {
  it('uses the real weight when it is larger than the volumetric one', () => {
    // 10 × 10 × 10 cm = 1000 cm³ -> 166.67 g volumetric; real 300 g wins.
    expect(
      billableWeightGrams([
        { weightGrams: 300, lengthCm: 10, widthCm: 10, heightCm: 10, quantity: 1 },
      ]),
    ).toBe(300);
  });

  it('uses L × W × H / 6000 kg when the parcel is light and bulky, times the quantity', () => {
    // 40 × 30 × 20 = 24 000 cm³ -> 4 kg volumetric against 500 g real.
    expect(
      billableWeightGrams([
        { weightGrams: 500, lengthCm: 40, widthCm: 30, heightCm: 20, quantity: 2 },
      ]),
    ).toBe(8000);
  });

  it('rounds the volumetric weight up to the gram per unit and sums per item', () => {
    expect(
      billableWeightGrams([
        { weightGrams: 100, lengthCm: 10, widthCm: 10, heightCm: 11, quantity: 3 }, // 183.33 -> 184
        { weightGrams: 250, quantity: 1 }, // no dimensions: real weight
      ]),
    ).toBe(184 * 3 + 250);
    expect(
      billableWeightGrams([
        { weightGrams: 0, lengthCm: 10, widthCm: 10, heightCm: 6, quantity: 1 },
      ]),
    ).toBe(100);
    expect(billableWeightGrams([])).toBe(0);
  });

  it('rejects negative, NaN and non-integer quantities', () => {
    expect(() => billableWeightGrams([{ weightGrams: -1, quantity: 1 }])).toThrow(RangeError);
    expect(() => billableWeightGrams([{ weightGrams: Number.NaN, quantity: 1 }])).toThrow(
      RangeError,
    );
    expect(() => billableWeightGrams([{ weightGrams: 1, quantity: 0 }])).toThrow(RangeError);
    expect(() => billableWeightGrams([{ weightGrams: 1, quantity: 1.5 }])).toThrow(RangeError);
    expect(() =>
      billableWeightGrams([{ weightGrams: 1, lengthCm: -2, widthCm: 1, heightCm: 1, quantity: 1 }]),
    ).toThrow(RangeError);
  });
});

describe('quoteShipping', () => {
  const pac: DeliveryMethod = {
    kind: 'delivery',
    id: 'pac',
    name: 'PAC',
    byRegion: {
      0: {
        bands: [
          { upToGrams: 1000, priceCents: 1890 },
          { upToGrams: 5000, priceCents: 2990 },
        ],
        extraKgPriceCents: 500,
        businessDays: 5,
      },
      9: {
        bands: [
          { upToGrams: 1000, priceCents: 3190 },
          { upToGrams: 5000, priceCents: 4990 },
        ],
        businessDays: 9,
      },
      6: {
        bands: [{ upToGrams: 1000, priceCents: 4590 }],
        extraKgPriceCents: 1200,
        businessDays: 12,
      },
    },
    byUf: {
      // Roraima is far beyond the rest of region 6.
      RR: {
        bands: [{ upToGrams: 1000, priceCents: 6990 }],
        extraKgPriceCents: 1500,
        businessDays: 15,
      },
    },
    freeShippingThresholdCents: undefined,
  };
  const sedex: DeliveryMethod = {
    kind: 'delivery',
    id: 'sedex',
    name: 'SEDEX',
    handlingBusinessDays: 1,
    freeShippingThresholdCents: null,
    byRegion: {
      0: {
        bands: [
          { upToGrams: 1000, priceCents: 2490 },
          { upToGrams: 5000, priceCents: 3990 },
        ],
        businessDays: 1,
      },
      9: { bands: [{ upToGrams: 1000, priceCents: 5490 }], businessDays: 3 },
    },
  };
  const pickup: ShippingMethod = {
    kind: 'pickup',
    id: 'loja',
    name: 'Retirada na loja',
    readyInBusinessDays: 2,
    address: 'Rua Augusta, 100, São Paulo',
  };
  const methods: ShippingMethod[] = [sedex, pac, pickup];
  const light = [{ weightGrams: 400, quantity: 1 }];

  it('prices each method by region and weight band and sorts by price', () => {
    const options = quoteShipping(methods, '01310-100', light, 10000);
    expect(options.map((o) => [o.methodId, o.priceCents, o.businessDays])).toEqual([
      ['loja', 0, 2],
      ['pac', 1890, 5],
      ['sedex', 2490, 2], // 1 day + 1 handling
    ]);
    expect(options[0]).toMatchObject({
      kind: 'pickup',
      freeShipping: true,
      address: 'Rua Augusta, 100, São Paulo',
    });
  });

  it('lets a state rate win over its region', () => {
    const manaus = quoteShipping([pac], '69005-000', light, 0);
    const boaVista = quoteShipping([pac], '69301-000', light, 0);
    expect(manaus[0]).toMatchObject({ priceCents: 4590, businessDays: 12 });
    expect(boaVista[0]).toMatchObject({ priceCents: 6990, businessDays: 15 });
  });

  it('charges each started extra kilogram beyond the last band', () => {
    // 6.2 kg in region 0: 5 kg band (29,90) + 2 started kg × 5,00.
    const [option] = quoteShipping([pac], '01310-100', [{ weightGrams: 6200, quantity: 1 }], 0);
    expect(option?.priceCents).toBe(2990 + 2 * 500);
    expect(option?.billableWeightGrams).toBe(6200);
    // Exactly on a band's limit stays in that band.
    expect(
      quoteShipping([pac], '01310-100', [{ weightGrams: 1000, quantity: 1 }], 0)[0]?.priceCents,
    ).toBe(1890);
  });

  it('leaves out methods with no rate for the destination or that cannot carry the weight', () => {
    const heavy = [{ weightGrams: 7000, quantity: 1 }];
    expect(quoteShipping([pac, sedex], '90010-000', heavy, 0)).toEqual([]);
    expect(quoteShipping([pac, sedex], '30130-010', light, 0)).toEqual([]); // no region 3 rates
    expect(
      quoteShipping([pac, sedex, pickup], '30130-010', light, 0).map((o) => o.methodId),
    ).toEqual(['loja']);
  });

  it('quotes only the pickups without a CEP: collecting at the store needs none', () => {
    const options = quoteShipping(methods, null, light, 10000);
    expect(options.map((o) => [o.methodId, o.kind, o.priceCents])).toEqual([['loja', 'pickup', 0]]);
    expect(quoteShipping([pac, sedex], null, light, 10000)).toEqual([]);
  });

  it('makes delivery free at the store threshold unless the method opts out or has its own', () => {
    const options = quoteShipping(methods, '90010-000', light, 20000, 19900);
    const pacOption = options.find((o) => o.methodId === 'pac');
    const sedexOption = options.find((o) => o.methodId === 'sedex');
    expect(pacOption).toMatchObject({ priceCents: 0, fullPriceCents: 3190, freeShipping: true });
    expect(sedexOption).toMatchObject({ priceCents: 5490, freeShipping: false });
    const below = quoteShipping(methods, '90010-000', light, 19899, 19900);
    expect(below.find((o) => o.methodId === 'pac')?.priceCents).toBe(3190);
    const own: DeliveryMethod = { ...sedex, freeShippingThresholdCents: 50000 };
    expect(quoteShipping([own], '90010-000', light, 50000, 19900)[0]?.freeShipping).toBe(true);
    expect(quoteShipping([own], '90010-000', light, 49999, 10)[0]?.freeShipping).toBe(false);
  });

  it('breaks price ties by delivery days', () => {
    const fast: DeliveryMethod = {
      ...sedex,
      id: 'fast',
      name: 'Expresso',
      byRegion: { 0: { bands: [{ upToGrams: 1000, priceCents: 1890 }], businessDays: 2 } },
      handlingBusinessDays: 0,
    };
    const options = quoteShipping([pac, fast], '01310-100', light, 0);
    expect(options.map((o) => o.methodId)).toEqual(['fast', 'pac']);
  });

  it('validates the CEP before anything else', () => {
    expect(() => quoteShipping(methods, '1234', light, 0)).toThrow(CEP_ERROR_MESSAGE);
    expect(() => quoteShipping(methods, '01310-100', light, -1)).toThrow(RangeError);
  });

  it('never returns a negative or fractional price (property)', () => {
    for (let i = 0; i < 500; i += 1) {
      const grams = 1 + Math.floor(Math.random() * 20000);
      const cep = `${Math.floor(Math.random() * 10)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      for (const option of quoteShipping(methods, cep, [{ weightGrams: grams, quantity: 1 }], 0)) {
        expect(Number.isSafeInteger(option.priceCents)).toBe(true);
        expect(option.priceCents).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('stackedParcel', () => {
  it('lays every unit flat on the one below: longest, widest, heights added', () => {
    expect(
      stackedParcel([
        { weightGrams: 300, lengthCm: 30, widthCm: 4, heightCm: 20, quantity: 2 },
        { weightGrams: 100, lengthCm: 12, widthCm: 25, heightCm: 3, quantity: 1 },
      ]),
    ).toEqual({ lengthCm: 30, widthCm: 20, heightCm: 11 });
  });

  it("never goes below Correios' 16 × 11 × 2 cm, and rounds up to the centimetre", () => {
    expect(
      stackedParcel([{ weightGrams: 50, lengthCm: 10.2, widthCm: 5, heightCm: 0.5, quantity: 1 }]),
    ).toEqual({ lengthCm: 16, widthCm: 11, heightCm: 2 });
  });

  it('is unknown while a unit has no dimensions', () => {
    expect(stackedParcel([{ weightGrams: 50, lengthCm: 10, widthCm: 5, quantity: 1 }])).toBeNull();
    expect(stackedParcel([])).toBeNull();
  });
});
