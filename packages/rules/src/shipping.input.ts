// A shipping method's input (shippingMethodCreate, shippingMethodUpdate), once for the server and
// the ui's mocks: the name, the kind, the price tables by postal region and by UF with their
// weight bands, the days, the pickup point, the free-shipping threshold and the carrier that
// quotes the method, each wrong value with its Portuguese message on its field
// ('byRegion[0].rate.bands[1].upToGrams'). The first broken rule is reported, in the order the
// fields are read: what a field may be often depends on the kind, so the fields are checked one by
// one, each with its own zod schema.
import { z } from 'zod';

import { checkPickupPoint, type PickupPoint } from './pickup';
import type { PostalRegion } from './shipping';
import { normaliseUf, UF_ERROR_MESSAGE, type Uf } from './uf';
import { checkRules, type RuleResult } from './variant';

export const SHIPPING_METHOD_LIMITS = {
  nameLength: 60,
  descriptionLength: 300,
  bands: 50,
  /** 1 t: far above any parcel, still catches a typo'd extra digit. */
  bandGrams: 1_000_000,
  /** R$ 10.000,00: a band's price and the extra kilogram's. */
  rateCents: 1_000_000,
  rateBusinessDays: 90,
  /** Preparing a delivery, or a pickup order being ready. */
  methodBusinessDays: 60,
  /** R$ 1.000.000,00. */
  freeShippingThresholdCents: 100_000_000,
  position: 10_000,
} as const;

const L = SHIPPING_METHOD_LIMITS;

export const SHIPPING_CARRIERS = ['MELHOR_ENVIO', 'CORREIOS'] as const;
export type ShippingCarrier = (typeof SHIPPING_CARRIERS)[number];

/** A carrier's service code (after trimming): Melhor Envio's id, the Correios' code. */
export const CARRIER_SERVICE_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;

export const SHIPPING_METHOD_MESSAGES = {
  nameEmpty: 'Informe o nome da forma de entrega.',
  nameTooLong: `O nome pode ter no máximo ${L.nameLength} caracteres.`,
  descriptionTooLong: `A descrição pode ter no máximo ${L.descriptionLength} caracteres.`,
  kind: 'Tipo de entrega inválido.',
  pickupWithRates: 'Retirada na loja é grátis: não tem tabela de preços.',
  deliveryWithoutRates: 'Informe os preços de ao menos uma região ou estado.',
  region: 'A região postal é o primeiro dígito do CEP: de 0 a 9.',
  regionRepeated: (region: number) => `A região ${region} aparece mais de uma vez.`,
  uf: UF_ERROR_MESSAGE,
  ufRepeated: (uf: string) => `O estado ${uf} aparece mais de uma vez.`,
  bandsEmpty: 'Informe ao menos uma faixa de peso.',
  bandsTooMany: `Use no máximo ${L.bands} faixas de peso.`,
  bandGrams: 'O peso máximo da faixa deve ser de 1 g a 1.000.000 g.',
  bandPrice: 'O preço da faixa deve ser de R$ 0,00 a R$ 10.000,00 (em centavos).',
  bandsOrder: 'As faixas de peso devem estar em ordem crescente, sem repetir o peso máximo.',
  extraKgPrice: 'O preço por kg adicional deve ser de R$ 0,00 a R$ 10.000,00 (em centavos).',
  rateBusinessDays: `O prazo deve ser de 0 a ${L.rateBusinessDays} dias úteis.`,
  handlingBusinessDays: `O prazo de preparo deve ser de 0 a ${L.methodBusinessDays} dias úteis.`,
  readyInBusinessDays: `O prazo para retirada deve ser de 0 a ${L.methodBusinessDays} dias úteis.`,
  pickupPointOnDelivery: 'Só a retirada na loja tem ponto de retirada.',
  pickupPointMissing:
    'Informe o endereço e o horário do ponto de retirada para oferecer a retirada na loja.',
  freeShippingThreshold:
    'O valor para frete grátis deve ser de R$ 0,00 a R$ 1.000.000,00 (em centavos).',
  position: `A posição deve ser de 0 a ${L.position}.`,
  serviceWithoutCarrier: 'Escolha a transportadora deste código de serviço.',
  carrier: 'Transportadora inválida.',
  carrierOnPickup: 'Retirada na loja não é cotada por transportadora.',
  carrierService: {
    MELHOR_ENVIO: 'Informe o id do serviço no Melhor Envio, como 1 (PAC) ou 2 (SEDEX).',
    CORREIOS: 'Informe o código do serviço nos Correios, como 03298 (PAC) ou 03220 (SEDEX).',
  } satisfies Record<ShippingCarrier, string>,
} as const;

const M = SHIPPING_METHOD_MESSAGES;

/** The input as GraphQL's ShippingMethodInput gives it. */
export interface ShippingRateInput {
  bands: { upToGrams: number; priceCents: number }[];
  extraKgPriceCents?: number | null;
  businessDays: number;
}

export interface ShippingMethodInput {
  name: string;
  kind: 'DELIVERY' | 'PICKUP';
  description?: string | null;
  byRegion?: { region: number; rate: ShippingRateInput }[] | null;
  byUf?: { uf: string; rate: ShippingRateInput }[] | null;
  handlingBusinessDays?: number | null;
  readyInBusinessDays?: number | null;
  /** Pickup: the counter (checkPickupPoint); a delivery has none. */
  pickupPoint?: Record<string, unknown> | null;
  freeShippingThresholdCents?: number | null;
  excludedFromFreeShipping?: boolean | null;
  active?: boolean | null;
  position?: number | null;
  /** A carrier that quotes this delivery method, and its service code; both or neither. */
  carrier?: ShippingCarrier | null;
  carrierService?: string | null;
}

/** A whole number from `min` to `max`, else `message`. */
function wholeIn(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const bandSchema = z.object({
  upToGrams: wholeIn(1, L.bandGrams, M.bandGrams),
  priceCents: wholeIn(0, L.rateCents, M.bandPrice),
});

/**
 * One price table (a region's or a UF's): 1 to 50 bands, ascending by their maximum weight, the
 * price of each kilogram beyond the last band (null refuses heavier parcels) and the days.
 */
export const shippingRateSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null ? value : {}),
  z.object({
    bands: z
      .array(z.unknown(), { error: M.bandsEmpty })
      .min(1, M.bandsEmpty)
      .max(L.bands, M.bandsTooMany)
      .pipe(
        z.array(bandSchema).superRefine((bands, ctx) => {
          const index = bands.findIndex(
            (band, i) => i > 0 && band.upToGrams <= bands[i - 1]!.upToGrams,
          );
          if (index > 0) {
            ctx.addIssue({ code: 'custom', message: M.bandsOrder, path: [index, 'upToGrams'] });
          }
        }),
      ),
    extraKgPriceCents: wholeIn(0, L.rateCents, M.extraKgPrice)
      .nullish()
      .transform((value) => value ?? null),
    businessDays: wholeIn(0, L.rateBusinessDays, M.rateBusinessDays),
  }),
);
export type ValidShippingRate = z.output<typeof shippingRateSchema>;

/** Trimmed text of at most `max` characters (blank or absent is ''), optionally required. */
function trimmedText(max: number, tooLong: string, empty?: string) {
  return z
    .string({ error: empty ?? tooLong })
    .nullish()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (empty !== undefined && text === '') ctx.addIssue({ code: 'custom', message: empty });
      else if (text.length > max) ctx.addIssue({ code: 'custom', message: tooLong });
      return text;
    });
}

/** Absent or null is `fallback`. */
function wholeOr<T extends number | null>(fallback: T, max: number, message: string) {
  return wholeIn(0, max, message)
    .nullish()
    .transform((value): number | T => value ?? fallback);
}

const FIELDS = {
  name: trimmedText(L.nameLength, M.nameTooLong, M.nameEmpty),
  description: trimmedText(L.descriptionLength, M.descriptionTooLong),
  kind: z.enum(['DELIVERY', 'PICKUP'], { error: M.kind }),
  region: wholeIn(0, 9, M.region).transform((region) => region as PostalRegion),
  uf: z.string({ error: M.uf }).transform((value, ctx): Uf => {
    const uf = normaliseUf(value);
    if (uf !== null) return uf;
    ctx.addIssue({ code: 'custom', message: M.uf });
    return z.NEVER;
  }),
  handlingBusinessDays: wholeOr(0, L.methodBusinessDays, M.handlingBusinessDays),
  readyInBusinessDays: wholeOr(1, L.methodBusinessDays, M.readyInBusinessDays),
  freeShippingThresholdCents: wholeOr(null, L.freeShippingThresholdCents, M.freeShippingThreshold),
  position: wholeOr(0, L.position, M.position),
  carrier: z.enum(SHIPPING_CARRIERS, { error: M.carrier }),
};

/** The input checked and normalised: tables in the order given, texts trimmed, defaults set. */
export interface ValidShippingMethodInput {
  name: string;
  kind: 'DELIVERY' | 'PICKUP';
  description: string;
  byRegion: { region: PostalRegion; rate: ValidShippingRate }[];
  byUf: { uf: Uf; rate: ValidShippingRate }[];
  handlingBusinessDays: number;
  readyInBusinessDays: number;
  /** null on a delivery, and on an inactive pickup saved without one (it keeps its former line). */
  pickupPoint: PickupPoint | null;
  freeShippingThresholdCents: number | null;
  excludedFromFreeShipping: boolean;
  active: boolean;
  position: number;
  carrier: ShippingCarrier | null;
  carrierService: string | null;
}

type Path = (string | number)[];

/** The first broken rule, thrown from deep in the checks and reported by the schema. */
class Refusal {
  constructor(
    readonly message: string,
    readonly path: Path,
  ) {}
}

function refuse(message: string, path: Path): never {
  throw new Refusal(message, path);
}

/** `value` through `schema`, or its first issue refused under `path`. */
function take<S extends z.ZodType>(schema: S, value: unknown, path: Path): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  refuse(issue?.message ?? 'Valor inválido.', [
    ...path,
    ...(issue?.path ?? []).filter((key) => typeof key !== 'symbol'),
  ]);
}

const listOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? (value as Record<string, unknown>[]) : [];

/** The price tables: none on a pickup, at least one on a delivery, each region and UF once. */
function ratesOf(input: Record<string, unknown>, pickup: boolean) {
  const regionInputs = listOf(input.byRegion);
  const ufInputs = listOf(input.byUf);
  const byRegion: ValidShippingMethodInput['byRegion'] = [];
  const byUf: ValidShippingMethodInput['byUf'] = [];
  const some = regionInputs.length > 0 || ufInputs.length > 0;
  if (pickup && some) refuse(M.pickupWithRates, ['byRegion']);
  if (!pickup && !some) refuse(M.deliveryWithoutRates, ['byRegion']);
  regionInputs.forEach((entry, i) => {
    const region = take(FIELDS.region, entry?.region, ['byRegion', i, 'region']);
    if (byRegion.some((other) => other.region === region)) {
      refuse(M.regionRepeated(region), ['byRegion', i, 'region']);
    }
    byRegion.push({ region, rate: take(shippingRateSchema, entry?.rate, ['byRegion', i, 'rate']) });
  });
  ufInputs.forEach((entry, i) => {
    const uf = take(FIELDS.uf, entry?.uf, ['byUf', i, 'uf']);
    if (byUf.some((other) => other.uf === uf)) refuse(M.ufRepeated(uf), ['byUf', i, 'uf']);
    byUf.push({ uf, rate: take(shippingRateSchema, entry?.rate, ['byUf', i, 'rate']) });
  });
  return { byRegion, byUf };
}

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * A pickup method's point (checkPickupPoint, on pickupPoint.<field>): needed to offer the method,
 * so an active pickup method without one is refused; an inactive one may be saved without it (all
 * blank). A delivery has none.
 */
function pickupPointOf(given: unknown, pickup: boolean, active: boolean): PickupPoint | null {
  const blank = typeof given !== 'object' || given === null || Object.values(given).every(isBlank);
  if (!pickup) {
    if (!blank) refuse(M.pickupPointOnDelivery, ['pickupPoint']);
    return null;
  }
  if (blank && !active) return null;
  const checked = checkPickupPoint(given);
  if (checked.ok) return checked.point;
  refuse(blank ? M.pickupPointMissing : checked.message, ['pickupPoint', checked.field]);
}

/** The carrier and its service code: both or neither, only on a delivery. */
function carrierOf(input: Record<string, unknown>, pickup: boolean) {
  const service = typeof input.carrierService === 'string' ? input.carrierService.trim() : '';
  if (input.carrier === null || input.carrier === undefined) {
    if (service !== '') refuse(M.serviceWithoutCarrier, ['carrier']);
    return { carrier: null, carrierService: null };
  }
  const carrier = take(FIELDS.carrier, input.carrier, ['carrier']);
  if (pickup) refuse(M.carrierOnPickup, ['carrier']);
  if (!CARRIER_SERVICE_PATTERN.test(service)) {
    refuse(M.carrierService[carrier], ['carrierService']);
  }
  return { carrier, carrierService: service };
}

function checkInput(input: Record<string, unknown>): ValidShippingMethodInput {
  const name = take(FIELDS.name, input.name, ['name']);
  const description = take(FIELDS.description, input.description, ['description']);
  const kind = take(FIELDS.kind, input.kind, ['kind']);
  const pickup = kind === 'PICKUP';
  const rates = ratesOf(input, pickup);
  const handling = take(FIELDS.handlingBusinessDays, input.handlingBusinessDays, [
    'handlingBusinessDays',
  ]);
  const ready = take(FIELDS.readyInBusinessDays, input.readyInBusinessDays, [
    'readyInBusinessDays',
  ]);
  const active = (input.active ?? true) as boolean;
  const pickupPoint = pickupPointOf(input.pickupPoint, pickup, active);
  const freeShippingThresholdCents = take(
    FIELDS.freeShippingThresholdCents,
    input.freeShippingThresholdCents,
    ['freeShippingThresholdCents'],
  );
  const position = take(FIELDS.position, input.position, ['position']);
  return {
    name,
    kind,
    description,
    ...rates,
    handlingBusinessDays: handling,
    readyInBusinessDays: ready,
    pickupPoint,
    freeShippingThresholdCents,
    excludedFromFreeShipping: input.excludedFromFreeShipping === true,
    active,
    position,
    ...carrierOf(input, pickup),
  };
}

/**
 * ShippingMethodInput: the fields read in the server's order (name, description, kind, the tables,
 * the days, the pickup point, the threshold, the position, the carrier); the first wrong one is
 * the only issue. Checks against stored data are the caller's.
 */
export const shippingMethodInputSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null ? value : {}),
  z.looseObject({}).transform((input, ctx): ValidShippingMethodInput => {
    try {
      return checkInput(input);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message, path: error.path });
      return z.NEVER;
    }
  }),
);

/** 'byRegion.0.rate.bands.1.upToGrams' -> 'byRegion[0].rate.bands[1].upToGrams'. */
export function indexedFieldPath(field: string): string {
  return field.replace(/\.([0-9]+)(?=\.|$)/g, '[$1]');
}

/** checkRules with the shipping method's schema, the field named as the API names it. */
export function checkShippingMethodInput(input: unknown): RuleResult<ValidShippingMethodInput> {
  const checked = checkRules(shippingMethodInputSchema, input);
  if (checked.ok) return checked;
  return { ok: false, issue: { ...checked.issue, field: indexedFieldPath(checked.issue.field) } };
}
