import { describe, expect, it } from 'vitest';

import {
  checkPackingBox,
  MAX_PACKED_UNITS,
  packParcels,
  type PackedParcel,
  type PackingBox,
} from './packing';
import {
  billableWeightGrams,
  ShippingInputError,
  stackedExtent,
  stackedParcel,
  type ParcelItem,
} from './shipping';

// The store's boxes, given out of size order on purpose.
const G: PackingBox = {
  name: 'G',
  lengthCm: 40,
  widthCm: 30,
  heightCm: 20,
  weightGrams: 300,
  maxWeightGrams: 10_000,
};
const P: PackingBox = {
  name: 'P',
  lengthCm: 20,
  widthCm: 15,
  heightCm: 5,
  weightGrams: 80,
  maxWeightGrams: 2_000,
};
const M: PackingBox = {
  name: 'M',
  lengthCm: 30,
  widthCm: 20,
  heightCm: 10,
  weightGrams: 150,
  maxWeightGrams: 5_000,
};
const BOXES = [G, P, M];

interface Line extends ParcelItem {
  sku: string;
}

const line = (
  sku: string,
  [lengthCm, widthCm, heightCm]: [number, number, number],
  weightGrams: number,
  quantity = 1,
): Line => ({ sku, lengthCm, widthCm, heightCm, weightGrams, quantity });

/** Each parcel as box name and 'sku×units' contents, for short expectations. */
const summary = (parcels: PackedParcel<Line>[] | null) =>
  parcels?.map((parcel) => ({
    box: parcel.box?.name ?? null,
    contents: parcel.contents.map((content) => `${content.item.sku}×${content.quantity}`),
  }));

describe('packParcels without boxes', () => {
  it('is exactly the stacked parcel of today: one parcel, the same size and billable weight', () => {
    const items = [line('camiseta', [30, 4, 20], 300, 2), line('bone', [12, 25, 3], 100)];
    const parcels = packParcels(items, []);
    expect(parcels).toEqual([
      {
        box: null,
        contents: [
          { item: items[0], quantity: 2 },
          { item: items[1], quantity: 1 },
        ],
        ...stackedParcel(items)!,
        weightGrams: 700,
        billableWeightGrams: billableWeightGrams(items),
      },
    ]);
    expect(parcels![0]).toMatchObject({ lengthCm: 30, widthCm: 20, heightCm: 11 });
  });

  it('is unknown (null) for no items or a unit without dimensions, with or without boxes', () => {
    const unknown: ParcelItem = { weightGrams: 50, lengthCm: 10, widthCm: 5, quantity: 1 };
    expect(packParcels([], [])).toBeNull();
    expect(packParcels([], BOXES)).toBeNull();
    expect(packParcels([unknown], [])).toBeNull();
    expect(packParcels([line('a', [5, 5, 5], 10), unknown], BOXES)).toBeNull();
  });

  it('stacks any number of units when the store has no boxes', () => {
    const many = [line('meia', [10, 10, 1], 20, MAX_PACKED_UNITS + 1)];
    expect(packParcels(many, [])).toHaveLength(1);
  });
});

describe('packParcels into the store’s boxes', () => {
  it('uses the smallest box (by volume) the units fit in, whatever the order boxes are given in', () => {
    expect(summary(packParcels([line('carteira', [10, 10, 2], 100)], BOXES))).toEqual([
      { box: 'P', contents: ['carteira×1'] },
    ]);
  });

  it('turns units and boxes as needed: a box typed height first still takes a long unit', () => {
    const tall = { ...M, name: 'Em pé', lengthCm: 10, widthCm: 30, heightCm: 20 };
    expect(summary(packParcels([line('regua', [4, 28, 18], 200)], [tall]))).toEqual([
      { box: 'Em pé', contents: ['regua×1'] },
    ]);
  });

  it('grows the parcel into a bigger box while the units stacked no longer fit the smaller one', () => {
    // Three units 2 cm thick stack to 6 cm: too high for P (5 cm), M takes them.
    expect(summary(packParcels([line('livro', [18, 12, 2], 300, 3)], BOXES))).toEqual([
      { box: 'M', contents: ['livro×3'] },
    ]);
    expect(summary(packParcels([line('livro', [18, 12, 2], 300, 2)], BOXES))).toEqual([
      { box: 'P', contents: ['livro×2'] },
    ]);
  });

  it('opens a new parcel when the largest box is full, first fit for the units after', () => {
    // 8 cm each: two stack to 16 cm in G (20 cm), the third opens another G (too long for M).
    const parcels = packParcels(
      [line('caixa-de-som', [35, 25, 8], 1_000, 5), line('cabo', [10, 10, 2], 50)],
      BOXES,
    );
    expect(summary(parcels)).toEqual([
      // The cable (2 cm) still fits on the first pair: 16 + 2 = 18 cm.
      { box: 'G', contents: ['caixa-de-som×2', 'cabo×1'] },
      { box: 'G', contents: ['caixa-de-som×2'] },
      { box: 'G', contents: ['caixa-de-som×1'] },
    ]);
  });

  it('packs the largest units first, and lists each parcel’s items in the order given', () => {
    const items = [
      line('brinco', [5, 5, 2], 20),
      line('bolsa', [35, 25, 8], 800),
      line('oculos', [16, 7, 5], 60),
    ];
    const parcels = packParcels(items, BOXES);
    // Small first would have put the earring in P; the bag first takes everything into G.
    expect(summary(parcels)).toEqual([{ box: 'G', contents: ['brinco×1', 'bolsa×1', 'oculos×1'] }]);
    expect(parcels![0]!.contents[0]!.item).toBe(items[0]);
  });

  it('splits by the box’s maximum weight, the units counted without the box', () => {
    // P holds 2 kg: 2 × 900 g fit, a third 900 g opens a second parcel.
    expect(summary(packParcels([line('halter', [15, 10, 1], 900, 3)], [P]))).toEqual([
      { box: 'P', contents: ['halter×2'] },
      { box: 'P', contents: ['halter×1'] },
    ]);
    const exactly = packParcels([line('halter', [15, 10, 1], 1_000, 2)], [P]);
    expect(summary(exactly)).toEqual([{ box: 'P', contents: ['halter×2'] }]);
  });

  it('sends a unit that fits no box alone, in a parcel of its own dimensions', () => {
    const items = [
      line('prancha', [150, 50, 8], 4_000),
      line('bigorna', [10, 10, 10], 20_000),
      line('carteira', [10, 10, 2], 100),
    ];
    const parcels = packParcels(items, BOXES)!;
    expect(summary(parcels)).toEqual([
      { box: null, contents: ['prancha×1'] },
      // The anvil fits G's size but no box holds 20 kg.
      { box: null, contents: ['bigorna×1'] },
      { box: 'P', contents: ['carteira×1'] },
    ]);
    expect(parcels[0]).toMatchObject({
      lengthCm: 150,
      widthCm: 50,
      heightCm: 8,
      weightGrams: 4_000,
      // 150 × 50 × 8 / 6 = 10 kg by volume.
      billableWeightGrams: 10_000,
    });
    expect(parcels[1]).toMatchObject({
      lengthCm: 16,
      widthCm: 11,
      heightCm: 10,
      weightGrams: 20_000,
      billableWeightGrams: 20_000,
    });
  });

  it('never lets another unit join a unit that travels alone', () => {
    const parcels = packParcels([line('prancha', [150, 50, 8], 4_000, 2)], BOXES);
    expect(summary(parcels)).toEqual([
      { box: null, contents: ['prancha×1'] },
      { box: null, contents: ['prancha×1'] },
    ]);
  });
});

describe('a packed parcel’s size and weights', () => {
  it('is the box’s size, longest side first; its weight the units plus the box', () => {
    const [parcel] = packParcels([line('tenis', [32, 20, 12], 900)], BOXES)!;
    expect(parcel).toMatchObject({
      box: G,
      lengthCm: 40,
      widthCm: 30,
      heightCm: 20,
      weightGrams: 1_200,
      // 40 × 30 × 20 cm is 4 kg by volume: more than the 1,2 kg on the scale.
      billableWeightGrams: 4_000,
    });
  });

  it('bills the real weight when it is more than the cubic weight', () => {
    const [parcel] = packParcels([line('livros', [18, 12, 4], 1_700)], BOXES)!;
    // P: 20 × 15 × 5 = 1500 cm³ = 250 g by volume; 1700 + 80 g on the scale.
    expect(parcel).toMatchObject({ box: P, weightGrams: 1_780, billableWeightGrams: 1_780 });
  });

  it('never goes below Correios’ 16 × 11 × 2 cm and rounds a box’s sides up', () => {
    const envelope = {
      name: 'Envelope',
      lengthCm: 12.5,
      widthCm: 9,
      heightCm: 1,
      weightGrams: 5,
      maxWeightGrams: 300,
    };
    const [small] = packParcels([line('anel', [3, 3, 1], 10)], [envelope])!;
    expect(small).toMatchObject({ lengthCm: 16, widthCm: 11, heightCm: 2, weightGrams: 15 });
    // 16 × 11 × 2 = 352 cm³: 58,67 g by volume, billed as 59 g.
    expect(small!.billableWeightGrams).toBe(59);
    const odd = { ...envelope, name: 'Caixa', lengthCm: 20.2, widthCm: 15, heightCm: 5.5 };
    expect(packParcels([line('anel', [3, 3, 1], 10)], [odd])![0]).toMatchObject({
      lengthCm: 21,
      widthCm: 15,
      heightCm: 6,
    });
  });

  it('fits units whose stack is exactly the box’s height, float noise notwithstanding', () => {
    const thin = { ...P, name: 'Fina', heightCm: 0.3 };
    const sheets = [line('folha', [10, 10, 0.1], 5), line('folha-2', [10, 10, 0.2], 5)];
    expect(stackedExtent(sheets)!.heightCm).not.toBe(0.3);
    expect(summary(packParcels(sheets, [thin]))).toEqual([
      { box: 'Fina', contents: ['folha×1', 'folha-2×1'] },
    ]);
  });
});

describe('packParcels: ties, limits and bad input', () => {
  it('takes the box named first among boxes of the same volume', () => {
    const a = { ...M, name: 'Caixa B' };
    const b = { ...M, name: 'Caixa A', lengthCm: 20, widthCm: 30 };
    expect(packParcels([line('x', [5, 5, 5], 10)], [a, b])![0]!.box).toBe(b);
  });

  it('does not pack more than MAX_PACKED_UNITS units into boxes', () => {
    expect(packParcels([line('meia', [10, 10, 1], 20, MAX_PACKED_UNITS)], BOXES)).not.toBeNull();
    expect(packParcels([line('meia', [10, 10, 1], 20, MAX_PACKED_UNITS + 1)], BOXES)).toBeNull();
  });

  it('refuses a malformed item or box', () => {
    expect(() => packParcels([line('x', [5, 5, 5], 10, 0)], BOXES)).toThrow(ShippingInputError);
    expect(() => packParcels([line('x', [5, 5, 5], -1)], BOXES)).toThrow(ShippingInputError);
    for (const bad of [
      { ...P, heightCm: 0 },
      { ...P, lengthCm: Number.NaN },
      { ...P, weightGrams: -1 },
      { ...P, maxWeightGrams: 0 },
    ]) {
      expect(() => packParcels([line('x', [5, 5, 5], 10)], [bad])).toThrow(ShippingInputError);
    }
  });
});

describe('packParcels on many random bags', () => {
  // A small deterministic generator: the same bags on every run.
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }
  const volume = (box: PackingBox) => box.lengthCm * box.widthCm * box.heightCm;

  it('packs every unit once, each parcel in the smallest box that fits it, within its weight', () => {
    const next = random(42);
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    for (let bag = 0; bag < 200; bag += 1) {
      const items = Array.from({ length: int(1, 5) }, (_, i) =>
        line(`sku-${i}`, [int(1, 45), int(1, 35), int(1, 12)], int(10, 3_000), int(1, 4)),
      );
      const parcels = packParcels(items, BOXES)!;
      const packed = new Map<Line, number>();
      for (const parcel of parcels) {
        const units = parcel.contents.map((c) => ({ ...c.item, quantity: c.quantity }));
        for (const content of parcel.contents) {
          packed.set(content.item, (packed.get(content.item) ?? 0) + content.quantity);
        }
        const extent = stackedExtent(units)!;
        const need = [extent.lengthCm, extent.widthCm, extent.heightCm].sort((a, b) => b - a);
        const weight = units.reduce((sum, unit) => sum + unit.weightGrams * unit.quantity, 0);
        const fits = (box: PackingBox) => {
          const room = [box.lengthCm, box.widthCm, box.heightCm].sort((a, b) => b - a);
          return need.every((side, i) => side <= room[i]!) && weight <= box.maxWeightGrams;
        };
        if (parcel.box === null) {
          // Alone: one unit, and truly no box takes it.
          expect(units).toHaveLength(1);
          expect(units[0]!.quantity).toBe(1);
          expect(BOXES.some(fits)).toBe(false);
          continue;
        }
        expect(fits(parcel.box)).toBe(true);
        const smaller = BOXES.filter((box) => volume(box) < volume(parcel.box!));
        expect(smaller.some(fits)).toBe(false);
        expect(parcel.weightGrams).toBe(weight + parcel.box.weightGrams);
        expect(parcel.billableWeightGrams).toBeGreaterThanOrEqual(parcel.weightGrams);
      }
      expect(packed).toEqual(new Map(items.map((item) => [item, item.quantity])));
    }
  });
});

describe('checkPackingBox', () => {
  const typed = {
    name: '  Caixa M ',
    lengthCm: 30,
    widthCm: 20,
    heightCm: 10,
    weightGrams: null,
    maxWeightGrams: 5_000,
  };

  it('trims the name and weighs an empty box at 0 g when not given', () => {
    expect(checkPackingBox(typed)).toEqual({
      ok: true,
      box: { ...typed, name: 'Caixa M', weightGrams: 0 },
    });
    expect(
      checkPackingBox({ ...typed, weightGrams: 10_000, maxWeightGrams: 100_000 }),
    ).toMatchObject({ ok: true, box: { weightGrams: 10_000, maxWeightGrams: 100_000 } });
  });

  it.each([
    [{ name: ' ' }, 'name', 'Informe o nome da caixa.'],
    [{ name: 'x'.repeat(61) }, 'name', 'O nome pode ter no máximo 60 caracteres.'],
    [{ lengthCm: 0 }, 'lengthCm', 'O comprimento deve ser de 1 a 200 cm, em centímetros inteiros.'],
    [
      { lengthCm: 10.5 },
      'lengthCm',
      'O comprimento deve ser de 1 a 200 cm, em centímetros inteiros.',
    ],
    [{ widthCm: 201 }, 'widthCm', 'A largura deve ser de 1 a 200 cm, em centímetros inteiros.'],
    [{ heightCm: -1 }, 'heightCm', 'A altura deve ser de 1 a 200 cm, em centímetros inteiros.'],
    [{ weightGrams: -1 }, 'weightGrams', 'O peso da caixa vazia deve ser de 0 a 10.000 g.'],
    [{ weightGrams: 10_001 }, 'weightGrams', 'O peso da caixa vazia deve ser de 0 a 10.000 g.'],
    [
      { maxWeightGrams: 0 },
      'maxWeightGrams',
      'O peso máximo do conteúdo deve ser de 1 g a 100.000 g (100 kg).',
    ],
    [
      { maxWeightGrams: Number.NaN },
      'maxWeightGrams',
      'O peso máximo do conteúdo deve ser de 1 g a 100.000 g (100 kg).',
    ],
  ])('refuses %j at %s', (change, field, message) => {
    expect(checkPackingBox({ ...typed, ...change })).toEqual({ ok: false, field, message });
  });
});
