// Packing an order's units into the store's boxes, by one simple rule the staff can predict:
//
//   1. Units are taken one by one, the largest (by volume) first.
//   2. Each goes into the first parcel already open that can still take it: a parcel takes a unit
//      when the smallest of the store's boxes (by volume) that fits the parcel's units stacked
//      (stackedExtent: laid flat one on the other) holds their weight too. The parcel's box is
//      that smallest box, so it may grow while units go in.
//   3. A unit no open parcel takes opens a new parcel in the smallest box that fits it alone.
//   4. A unit that fits no box at all (too big or too heavy) goes alone, in a parcel of its own
//      dimensions.
//
// Without boxes, every unit goes into one parcel: today's stacked parcel (stackedParcel), so a
// store that has no boxes quotes and ships exactly as before.
import {
  billableWeightGrams,
  CUBIC_FACTOR_CM3_PER_KG,
  MIN_PARCEL_CM,
  ShippingInputError,
  stackedExtent,
  stackedParcel,
  unitSides,
  type ParcelDimensions,
  type ParcelItem,
} from './shipping';

/** One of the store's boxes: its inside in whole or fractional centimetres, weights in grams. */
export interface PackingBox {
  name: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  /** The empty box's own weight. */
  weightGrams: number;
  /** The most its contents may weigh (the box's own weight not counted). */
  maxWeightGrams: number;
}

export interface PackedContent<T extends ParcelItem> {
  item: T;
  /** Units of `item` in this parcel. */
  quantity: number;
}

export interface PackedParcel<
  T extends ParcelItem = ParcelItem,
  B extends PackingBox = PackingBox,
> extends ParcelDimensions {
  /** The box used; null for the stacked parcel of a store without boxes and for a unit no box takes. */
  box: B | null;
  /** The order's items in this parcel, in the order they were given, with how many units of each. */
  contents: PackedContent<T>[];
  /** Real weight: the units plus the box, rounded up to the gram. */
  weightGrams: number;
  /** What the carriers charge by: the larger of the real weight and the cubic weight (6000 cm³/kg). */
  billableWeightGrams: number;
}

/** The bounds of a box the staff may save (the database's CHECKs of shipping_boxes agree). */
export const PACKING_BOX_LIMITS = {
  maxNameLength: 60,
  maxSideCm: 200,
  maxBoxWeightGrams: 10_000,
  maxContentsGrams: 100_000,
} as const;

/** A box as the staff type it: whole centimetres and grams; the empty box's weight optional. */
export interface PackingBoxInput {
  name: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  weightGrams?: number | null;
  maxWeightGrams: number;
}

export type PackingBoxCheck =
  { ok: true; box: PackingBox } | { ok: false; field: keyof PackingBoxInput; message: string };

/** A safe whole number from `min` to `max`, both included. */
export function wholeIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/**
 * A box the staff typed, checked field by field with the Portuguese message of the first wrong
 * one: the name trimmed (1 to 60 characters), each side 1 to 200 whole cm, the empty box 0 to
 * 10 kg (0 when not given), its contents 1 g to 100 kg.
 */
export function checkPackingBox(input: PackingBoxInput): PackingBoxCheck {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') return { ok: false, field: 'name', message: 'Informe o nome da caixa.' };
  if (name.length > PACKING_BOX_LIMITS.maxNameLength) {
    return { ok: false, field: 'name', message: 'O nome pode ter no máximo 60 caracteres.' };
  }
  const sides = [
    ['lengthCm', 'O comprimento'],
    ['widthCm', 'A largura'],
    ['heightCm', 'A altura'],
  ] as const;
  for (const [field, what] of sides) {
    if (!wholeIn(input[field], 1, PACKING_BOX_LIMITS.maxSideCm)) {
      return {
        ok: false,
        field,
        message: `${what} deve ser de 1 a 200 cm, em centímetros inteiros.`,
      };
    }
  }
  const weightGrams = input.weightGrams ?? 0;
  if (!wholeIn(weightGrams, 0, PACKING_BOX_LIMITS.maxBoxWeightGrams)) {
    return {
      ok: false,
      field: 'weightGrams',
      message: 'O peso da caixa vazia deve ser de 0 a 10.000 g.',
    };
  }
  if (!wholeIn(input.maxWeightGrams, 1, PACKING_BOX_LIMITS.maxContentsGrams)) {
    return {
      ok: false,
      field: 'maxWeightGrams',
      message: 'O peso máximo do conteúdo deve ser de 1 g a 100.000 g (100 kg).',
    };
  }
  return {
    ok: true,
    box: {
      name,
      lengthCm: input.lengthCm,
      widthCm: input.widthCm,
      heightCm: input.heightCm,
      weightGrams,
      maxWeightGrams: input.maxWeightGrams,
    },
  };
}

/** More units than this are not packed (null): a wholesale order is packed by hand. */
export const MAX_PACKED_UNITS = 500;

// A hair of tolerance so that 0.1 + 0.2 cm of stacked units still fit a 0.3 cm gap.
const EPSILON = 1e-9;

const volumeOf = (sides: readonly number[]) => sides.reduce((product, side) => product * side, 1);

function roundGrams(grams: number): number {
  return Math.ceil(grams - EPSILON);
}

function checkBox(box: PackingBox): void {
  const sides = [box.lengthCm, box.widthCm, box.heightCm];
  if (!sides.every((side) => Number.isFinite(side) && side > 0)) {
    throw new ShippingInputError(`box ${box.name}: dimensions must be > 0`);
  }
  if (!Number.isFinite(box.weightGrams) || box.weightGrams < 0) {
    throw new ShippingInputError(`box ${box.name}: weightGrams must be >= 0`);
  }
  if (!Number.isFinite(box.maxWeightGrams) || box.maxWeightGrams <= 0) {
    throw new ShippingInputError(`box ${box.name}: maxWeightGrams must be > 0`);
  }
}

/** Whether a block of these dimensions fits inside the box (turned as needed). */
function fitsInside(extent: ParcelDimensions, box: PackingBox): boolean {
  const need = [extent.lengthCm, extent.widthCm, extent.heightCm].sort((a, b) => b - a);
  const room = [box.lengthCm, box.widthCm, box.heightCm].sort((a, b) => b - a);
  return need.every((side, i) => side <= room[i]! + EPSILON);
}

/** The parcel's outside for the carriers: each side rounded up, longest first, never below 16 × 11 × 2. */
function boxDimensions(box: PackingBox): ParcelDimensions {
  const [length, width, height] = [box.lengthCm, box.widthCm, box.heightCm]
    .map((side) => Math.ceil(side - EPSILON))
    .sort((a, b) => b - a) as [number, number, number];
  return {
    lengthCm: Math.max(MIN_PARCEL_CM.lengthCm, length),
    widthCm: Math.max(MIN_PARCEL_CM.widthCm, width),
    heightCm: Math.max(MIN_PARCEL_CM.heightCm, height),
  };
}

function cubicWeightGrams(dimensions: ParcelDimensions): number {
  const volume = dimensions.lengthCm * dimensions.widthCm * dimensions.heightCm;
  return roundGrams((volume * 1000) / CUBIC_FACTOR_CM3_PER_KG);
}

function realWeightGrams<T extends ParcelItem>(contents: readonly PackedContent<T>[]): number {
  return contents.reduce((sum, content) => sum + content.item.weightGrams * content.quantity, 0);
}

function asParcelItems<T extends ParcelItem>(contents: readonly PackedContent<T>[]): ParcelItem[] {
  return contents.map((content) => ({ ...content.item, quantity: content.quantity }));
}

interface OpenParcel<T extends ParcelItem, B extends PackingBox> {
  box: B | null;
  /** A unit alone (no box takes it): no other unit joins it. */
  closed: boolean;
  /** By the item's position in the input, so a parcel lists its items in the order given. */
  contents: Map<number, PackedContent<T>>;
}

function withUnit<T extends ParcelItem>(
  contents: ReadonlyMap<number, PackedContent<T>>,
  index: number,
  item: T,
): PackedContent<T>[] {
  const list = [...contents.values()];
  const existing = contents.get(index);
  return existing
    ? list.map((content) =>
        content === existing ? { item, quantity: existing.quantity + 1 } : content,
      )
    : [...list, { item, quantity: 1 }];
}

/** The smallest box (boxes come smallest first) that fits these units stacked and their weight. */
function smallestBoxFor<T extends ParcelItem, B extends PackingBox>(
  boxes: readonly B[],
  contents: readonly PackedContent<T>[],
): B | null {
  const extent = stackedExtent(asParcelItems(contents));
  if (!extent) return null;
  const weight = realWeightGrams(contents);
  return (
    boxes.find((box) => weight <= box.maxWeightGrams + EPSILON && fitsInside(extent, box)) ?? null
  );
}

function finish<T extends ParcelItem, B extends PackingBox>(
  parcel: OpenParcel<T, B>,
): PackedParcel<T, B> {
  const contents = [...parcel.contents.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, content]) => content);
  const items = asParcelItems(contents);
  if (parcel.box === null) {
    // A unit alone: its own stacked parcel, weighed as the carriers weigh a unit.
    return {
      box: null,
      contents,
      ...stackedParcel(items)!,
      weightGrams: roundGrams(realWeightGrams(contents)),
      billableWeightGrams: billableWeightGrams(items),
    };
  }
  const dimensions = boxDimensions(parcel.box);
  const weightGrams = roundGrams(realWeightGrams(contents) + parcel.box.weightGrams);
  return {
    box: parcel.box,
    contents,
    ...dimensions,
    weightGrams,
    billableWeightGrams: Math.max(weightGrams, cubicWeightGrams(dimensions)),
  };
}

/**
 * The parcels an order's items go in (the rule at the top of this file). Null when there are no
 * items or a unit's dimensions are unknown (such a bag is priced by the store's tables, never
 * guessed), and with boxes for more than MAX_PACKED_UNITS units. Throws ShippingInputError for a malformed item (quantity, negative sizes) or box.
 */
export function packParcels<T extends ParcelItem, B extends PackingBox>(
  items: readonly T[],
  boxes: readonly B[],
): PackedParcel<T, B>[] | null {
  // Validates the quantities and weights; the stacked parcel is the answer without boxes.
  const billable = billableWeightGrams(items);
  const stacked = stackedParcel(items);
  if (stacked === null) return null;
  if (boxes.length === 0) {
    const contents = items.map((item) => ({ item, quantity: item.quantity }));
    return [
      {
        box: null,
        contents,
        ...stacked,
        weightGrams: roundGrams(realWeightGrams(contents)),
        billableWeightGrams: billable,
      },
    ];
  }
  boxes.forEach(checkBox);
  if (items.reduce((sum, item) => sum + item.quantity, 0) > MAX_PACKED_UNITS) return null;
  const bySize = boxes
    .map((box, position) => ({
      box,
      position,
      volume: volumeOf([box.lengthCm, box.widthCm, box.heightCm]),
    }))
    .sort(
      (a, b) =>
        a.volume - b.volume ||
        a.box.name.localeCompare(b.box.name, 'pt-BR') ||
        a.position - b.position,
    )
    .map((entry) => entry.box);

  // Every unit, the largest first (the order given breaks ties).
  const units = items
    .flatMap((item, index) => {
      const volume = volumeOf(unitSides(item)!);
      return Array.from({ length: item.quantity }, () => ({ item, index, volume }));
    })
    .sort((a, b) => b.volume - a.volume || a.index - b.index);

  const parcels: OpenParcel<T, B>[] = [];
  for (const unit of units) {
    let placed = false;
    for (const parcel of parcels) {
      if (parcel.closed) continue;
      const box = smallestBoxFor(bySize, withUnit(parcel.contents, unit.index, unit.item));
      if (box === null) continue;
      const current = parcel.contents.get(unit.index);
      parcel.contents.set(unit.index, {
        item: unit.item,
        quantity: (current?.quantity ?? 0) + 1,
      });
      parcel.box = box;
      placed = true;
      break;
    }
    if (placed) continue;
    const alone = new Map([[unit.index, { item: unit.item, quantity: 1 }]]);
    const box = smallestBoxFor(bySize, [...alone.values()]);
    parcels.push({ box, closed: box === null, contents: alone });
  }
  return parcels.map(finish);
}
