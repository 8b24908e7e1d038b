// The shipping methods admin and its simulator (Frete, ADMIN), answering as the server does
// (modules/shipping/shipping.staff.service.ts and checkout's shippingSimulation): the same
// validation messages at the same fields, and quotes from the server's own rule (@vitrine/rules
// quoteShipping: UF rates winning over region rates, bands by weight, the extra kg per started
// kilogram, free-shipping thresholds and exclusions, the pickup point's rule checkPickupPoint); a
// delivery's carrier and service code and the carriers configured (staffShippingCarriers.ts); an
// audit entry per change. The methods hang on the mock world's checkout data (fresh on each
// reset); a story or test gives its own with `checkoutMock.answers(withShippingMethods([...]))`.
import {
  checkPickupPoint,
  isUf,
  pickupAddressText,
  quoteShipping,
  type DeliveryRate,
  type PickupPoint,
  type PostalRegion,
  type ShippingMethod,
  type Uf,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  makeShippingMethods,
  type ShippingMethodFixture,
  type ShippingRateFixture,
} from '../fixtures/shipping';
import { makePickupPoint, type PickupPointFixture } from '../fixtures/storefront';
import { appendAuditEntry } from './staffAudit';
import {
  shippingCarriersOf,
  validateCarrier,
  type CarrierInputArgs,
} from './staffShippingCarriers';
import {
  badInput,
  requireStaff,
  type MockWorld,
  type RequestContext,
  type RootResolvers,
} from './graphqlDomain';

export const SHIPPING_FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
export const SHIPPING_NOT_FOUND_MESSAGE = 'Forma de entrega não encontrada.';
export const SHIPPING_CEP_MESSAGE = 'CEP inválido: use 8 dígitos, como 01310-100.';
export const SHIPPING_WEIGHT_MESSAGE = 'Informe o peso em gramas, de 1 g a 100 kg.';

const SHIPPING_METHODS = Symbol('shippingMethods');

type WithShippingMethods<T> = T & { [SHIPPING_METHODS]?: ShippingMethodFixture[] };

/**
 * The checkout mock's input carrying these shipping methods:
 * `checkoutMock.answers(withShippingMethods([]))`.
 */
export function withShippingMethods<T extends object>(
  methods: ShippingMethodFixture[],
  checkout: T = {} as T,
): T {
  return { ...checkout, [SHIPPING_METHODS]: methods };
}

const states = new WeakMap<object, ShippingMethodFixture[]>();

function methodsOf(world: MockWorld): ShippingMethodFixture[] {
  const key = world.checkout;
  let methods = states.get(key);
  if (!methods) {
    const given = (key as WithShippingMethods<typeof key>)[SHIPPING_METHODS];
    // A copy: mutations change it, never the fixtures a story passed.
    methods = structuredClone(given ?? makeShippingMethods());
    states.set(key, methods);
  }
  return methods;
}

function requireAdmin(context: RequestContext) {
  const staff = requireStaff(context);
  if (staff.role !== 'ADMIN') {
    throw new GraphQLError(SHIPPING_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
  }
  return staff;
}

function notFound(): GraphQLError {
  return new GraphQLError(SHIPPING_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
}

// ---------------------------------------------------------------------------------------------
// Validation (shipping.staff.service.ts, validateShippingMethodInput).

interface RateInput {
  bands: { upToGrams: number; priceCents: number }[];
  extraKgPriceCents?: number | null;
  businessDays: number;
}

export interface ShippingMethodInputArgs extends CarrierInputArgs {
  name: string;
  kind: 'DELIVERY' | 'PICKUP';
  description?: string | null;
  byRegion?: { region: number; rate: RateInput }[] | null;
  byUf?: { uf: string; rate: RateInput }[] | null;
  handlingBusinessDays?: number | null;
  readyInBusinessDays?: number | null;
  pickupPoint?: Record<string, unknown> | null;
  freeShippingThresholdCents?: number | null;
  excludedFromFreeShipping?: boolean | null;
  active?: boolean | null;
  position?: number | null;
}

const MAX_BANDS = 50;
const MAX_DAYS = 90;

function intIn(value: unknown, min: number, max: number, field: string, message: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw badInput(message, field);
  }
  return value;
}

function validateRate(rate: RateInput, field: string): ShippingRateFixture {
  if (!Array.isArray(rate.bands) || rate.bands.length === 0) {
    throw badInput('Informe ao menos uma faixa de peso.', `${field}.bands`);
  }
  if (rate.bands.length > MAX_BANDS) {
    throw badInput(`Use no máximo ${MAX_BANDS} faixas de peso.`, `${field}.bands`);
  }
  const bands = rate.bands.map((band, i) => ({
    upToGrams: intIn(
      band.upToGrams,
      1,
      1_000_000,
      `${field}.bands[${i}].upToGrams`,
      'O peso máximo da faixa deve ser de 1 g a 1.000.000 g.',
    ),
    priceCents: intIn(
      band.priceCents,
      0,
      1_000_000,
      `${field}.bands[${i}].priceCents`,
      'O preço da faixa deve ser de R$ 0,00 a R$ 10.000,00 (em centavos).',
    ),
  }));
  for (let i = 1; i < bands.length; i += 1) {
    if (bands[i]!.upToGrams <= bands[i - 1]!.upToGrams) {
      throw badInput(
        'As faixas de peso devem estar em ordem crescente, sem repetir o peso máximo.',
        `${field}.bands[${i}].upToGrams`,
      );
    }
  }
  const extra =
    rate.extraKgPriceCents === null || rate.extraKgPriceCents === undefined
      ? null
      : intIn(
          rate.extraKgPriceCents,
          0,
          1_000_000,
          `${field}.extraKgPriceCents`,
          'O preço por kg adicional deve ser de R$ 0,00 a R$ 10.000,00 (em centavos).',
        );
  const businessDays = intIn(
    rate.businessDays,
    0,
    MAX_DAYS,
    `${field}.businessDays`,
    `O prazo deve ser de 0 a ${MAX_DAYS} dias úteis.`,
  );
  return { bands, extraKgPriceCents: extra, businessDays };
}

type MethodValues = Omit<ShippingMethodFixture, 'id' | 'createdAt' | 'updatedAt'>;

function validateInput(
  input: ShippingMethodInputArgs,
  previous: ShippingMethodFixture | null = null,
): MethodValues {
  const name = (input.name ?? '').trim();
  if (name === '') throw badInput('Informe o nome da forma de entrega.', 'name');
  if (name.length > 60) throw badInput('O nome pode ter no máximo 60 caracteres.', 'name');
  const description = (input.description ?? '').trim();
  if (description.length > 300) {
    throw badInput('A descrição pode ter no máximo 300 caracteres.', 'description');
  }
  if (input.kind !== 'DELIVERY' && input.kind !== 'PICKUP') {
    throw badInput('Tipo de entrega inválido.', 'kind');
  }
  const pickup = input.kind === 'PICKUP';
  const regionInputs = input.byRegion ?? [];
  const ufInputs = input.byUf ?? [];
  const byRegion: ShippingMethodFixture['byRegion'] = [];
  const byUf: ShippingMethodFixture['byUf'] = [];
  if (pickup) {
    if (regionInputs.length > 0 || ufInputs.length > 0) {
      throw badInput('Retirada na loja é grátis: não tem tabela de preços.', 'byRegion');
    }
  } else {
    if (regionInputs.length === 0 && ufInputs.length === 0) {
      throw badInput('Informe os preços de ao menos uma região ou estado.', 'byRegion');
    }
    regionInputs.forEach((entry, i) => {
      const region = intIn(
        entry.region,
        0,
        9,
        `byRegion[${i}].region`,
        'A região postal é o primeiro dígito do CEP: de 0 a 9.',
      );
      if (byRegion.some((other) => other.region === region)) {
        throw badInput(`A região ${region} aparece mais de uma vez.`, `byRegion[${i}].region`);
      }
      byRegion.push({ region, rate: validateRate(entry.rate, `byRegion[${i}].rate`) });
    });
    ufInputs.forEach((entry, i) => {
      const uf = typeof entry.uf === 'string' ? entry.uf.trim().toUpperCase() : '';
      if (!isUf(uf)) {
        throw badInput('UF inválida: use a sigla de um dos 27 estados, como SP.', `byUf[${i}].uf`);
      }
      if (byUf.some((other) => other.uf === uf)) {
        throw badInput(`O estado ${uf} aparece mais de uma vez.`, `byUf[${i}].uf`);
      }
      byUf.push({ uf, rate: validateRate(entry.rate, `byUf[${i}].rate`) });
    });
  }
  const handlingBusinessDays =
    input.handlingBusinessDays === null || input.handlingBusinessDays === undefined
      ? 0
      : intIn(
          input.handlingBusinessDays,
          0,
          60,
          'handlingBusinessDays',
          'O prazo de preparo deve ser de 0 a 60 dias úteis.',
        );
  const readyInBusinessDays =
    input.readyInBusinessDays === null || input.readyInBusinessDays === undefined
      ? 1
      : intIn(
          input.readyInBusinessDays,
          0,
          60,
          'readyInBusinessDays',
          'O prazo para retirada deve ser de 0 a 60 dias úteis.',
        );
  const active = input.active ?? true;
  const point = validatePickupPoint(input.pickupPoint, pickup, active);
  const freeShippingThresholdCents =
    input.freeShippingThresholdCents === null || input.freeShippingThresholdCents === undefined
      ? null
      : intIn(
          input.freeShippingThresholdCents,
          0,
          100_000_000,
          'freeShippingThresholdCents',
          'O valor para frete grátis deve ser de R$ 0,00 a R$ 1.000.000,00 (em centavos).',
        );
  const position =
    input.position === null || input.position === undefined
      ? 0
      : intIn(input.position, 0, 10_000, 'position', 'A posição deve ser de 0 a 10000.');
  return {
    name,
    kind: input.kind,
    description,
    // The API lists them by region and by UF (shipping.staff.graphql.ts).
    byRegion: byRegion.sort((a, b) => a.region - b.region),
    byUf: byUf.sort((a, b) => a.uf.localeCompare(b.uf)),
    handlingBusinessDays,
    readyInBusinessDays,
    // As the server: an inactive pickup method saved without a point keeps its former line.
    pickupAddress: point
      ? pickupAddressText(point)
      : pickup
        ? (previous?.pickupAddress ?? null)
        : null,
    pickupPoint: point ? makePickupPoint(point) : null,
    freeShippingThresholdCents,
    excludedFromFreeShipping: input.excludedFromFreeShipping === true,
    active,
    position,
    ...validateCarrier(input, pickup),
  };
}

function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/** As the server (shipping.staff.service.ts): the counter, required to offer a pickup method. */
function validatePickupPoint(
  input: Record<string, unknown> | null | undefined,
  pickup: boolean,
  active: boolean,
): PickupPoint | null {
  const blank = !input || Object.values(input).every(isBlank);
  if (!pickup) {
    if (!blank) throw badInput('Só a retirada na loja tem ponto de retirada.', 'pickupPoint');
    return null;
  }
  if (blank && !active) return null;
  const checked = checkPickupPoint(input);
  if (!checked.ok) {
    throw badInput(
      blank
        ? 'Informe o endereço e o horário do ponto de retirada para oferecer a retirada na loja.'
        : checked.message,
      `pickupPoint.${checked.field}`,
    );
  }
  return checked.point;
}

// The fields the server's audit entries carry (shippingMethodAuditValues).
const AUDITED = [
  'name',
  'kind',
  'description',
  'byRegion',
  'byUf',
  'handlingBusinessDays',
  'readyInBusinessDays',
  'pickupAddress',
  'pickupPoint',
  'freeShippingThresholdCents',
  'excludedFromFreeShipping',
  'active',
  'position',
  'carrier',
  'carrierService',
] as const;

/** The audited fields of `value`: all of them, or those that differ from `other`'s. */
export function auditedValues<T, K extends keyof T>(
  fields: readonly K[],
  value: T,
  other: T | null = null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (other && JSON.stringify(value[field]) === JSON.stringify(other[field])) continue;
    values[field as string] = value[field];
  }
  return values;
}

const auditValues = (method: ShippingMethodFixture, other: ShippingMethodFixture | null = null) =>
  auditedValues(AUDITED, method, other);

/** A change of the shipping screen (a method, a box) in the mock's audit log, as the server. */
export function auditShipping(
  world: MockWorld,
  action: `${'shipping_method' | 'shipping_box'}.${'create' | 'update' | 'delete'}`,
  entity: { id: string; name: string },
  summary: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  appendAuditEntry(world, {
    ip: '127.0.0.1',
    userAgent: null,
    action,
    entity: 'SHIPPING_METHOD',
    entityId: entity.id,
    entityLabel: entity.name,
    brandIds: [],
    summary,
    before: before === null ? null : JSON.stringify(before),
    after: after === null ? null : JSON.stringify(after),
  });
}

const audit = (
  world: MockWorld,
  action: 'create' | 'update' | 'delete',
  method: ShippingMethodFixture,
  summary: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) => auditShipping(world, `shipping_method.${action}`, method, summary, before, after);

// ---------------------------------------------------------------------------------------------
// The quote: the server's own rule (@vitrine/rules quoteShipping) on the fixtures, mapped as the
// server maps its rows (checkout.pricing.ts shippingMethodFromRow).

/** The point's fields back from the API's answer (null fields: a point kept as one line). */
function pointOf(fixture: PickupPointFixture): PickupPoint | { address: string } {
  const { street, number, district, city, uf, postalCode, hours } = fixture;
  if (!street || !number || !district || !city || !isUf(uf) || !postalCode || !hours) {
    return { address: fixture.address };
  }
  return {
    street,
    number,
    complement: fixture.complement,
    district,
    city,
    uf,
    postalCode,
    hours,
    instructions: fixture.instructions,
  };
}

function shippingMethodOf(method: ShippingMethodFixture): ShippingMethod {
  if (method.kind === 'PICKUP') {
    return {
      kind: 'pickup',
      id: method.id,
      name: method.name,
      readyInBusinessDays: method.readyInBusinessDays,
      ...(method.pickupAddress ? { address: method.pickupAddress } : {}),
      ...(method.pickupPoint ? { point: pointOf(method.pickupPoint) } : {}),
    };
  }
  const byRegion: Partial<Record<PostalRegion, DeliveryRate>> = {};
  for (const entry of method.byRegion) byRegion[entry.region as PostalRegion] = entry.rate;
  const byUf: Partial<Record<Uf, DeliveryRate>> = {};
  for (const entry of method.byUf) if (isUf(entry.uf)) byUf[entry.uf] = entry.rate;
  return {
    kind: 'delivery',
    id: method.id,
    name: method.name,
    byRegion,
    byUf,
    handlingBusinessDays: method.handlingBusinessDays,
    freeShippingThresholdCents: method.excludedFromFreeShipping
      ? null
      : (method.freeShippingThresholdCents ?? undefined),
  };
}

export interface ShippingOptionAnswer {
  methodId: string;
  name: string;
  kind: 'DELIVERY' | 'PICKUP';
  priceCents: number;
  fullPriceCents: number;
  freeShipping: boolean;
  businessDays: number;
  billableWeightGrams: number;
  pickupAddress: string | null;
  pickupPoint: PickupPointFixture | null;
}

/** The options the storefront would quote: active methods, cheapest first. */
export function simulateShipping(
  methods: readonly ShippingMethodFixture[],
  cep: string,
  grams: number,
  subtotalCents: number,
  storeThresholdCents: number | null,
): ShippingOptionAnswer[] {
  const active = [...methods]
    .filter((item) => item.active)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return quoteShipping(
    active.map(shippingMethodOf),
    cep,
    [{ weightGrams: grams, quantity: 1 }],
    subtotalCents,
    storeThresholdCents,
  ).map((option) => ({
    methodId: option.methodId,
    name: option.name,
    kind: option.kind === 'pickup' ? 'PICKUP' : 'DELIVERY',
    priceCents: option.priceCents,
    fullPriceCents: option.fullPriceCents,
    freeShipping: option.freeShipping,
    businessDays: option.businessDays,
    billableWeightGrams: option.billableWeightGrams,
    pickupAddress: option.kind === 'pickup' ? (option.address ?? null) : null,
    pickupPoint:
      option.pickupPoint && 'street' in option.pickupPoint
        ? makePickupPoint(option.pickupPoint)
        : null,
  }));
}

let nextId = 1;

export const staffShippingResolvers = {
  shippingMethods: (_args: Record<string, never>, context: RequestContext) => {
    requireAdmin(context);
    return [...methodsOf(context.world)].sort(
      (a, b) => a.position - b.position || a.name.localeCompare(b.name),
    );
  },
  shippingMethod: (args: { id: string }, context: RequestContext) => {
    requireAdmin(context);
    return methodsOf(context.world).find((method) => method.id === args.id) ?? null;
  },
  shippingCarriers: (_args: Record<string, never>, context: RequestContext) => {
    requireAdmin(context);
    return shippingCarriersOf(context.world);
  },
  shippingSimulate: (
    args: { postalCode: string; weightGrams: number; subtotalCents?: number | null },
    context: RequestContext,
  ) => {
    requireAdmin(context);
    const match = /^(\d{5})-?(\d{3})$/.exec(args.postalCode.trim());
    if (args.postalCode.length > 20 || !match) throw badInput(SHIPPING_CEP_MESSAGE, 'postalCode');
    const weight = args.weightGrams;
    if (!Number.isSafeInteger(weight) || weight < 1 || weight > 100_000) {
      throw badInput(SHIPPING_WEIGHT_MESSAGE, 'weightGrams');
    }
    const subtotal = args.subtotalCents ?? 0;
    if (!Number.isSafeInteger(subtotal) || subtotal < 0 || subtotal > 100_000_000) {
      throw badInput('Informe o subtotal em centavos, de zero a R$ 1.000.000,00.', 'subtotalCents');
    }
    return simulateShipping(
      methodsOf(context.world),
      `${match[1]}${match[2]}`,
      weight,
      subtotal,
      context.world.settings.freeShippingThresholdCents,
    );
  },
  shippingMethodCreate: (args: { input: ShippingMethodInputArgs }, context: RequestContext) => {
    requireAdmin(context);
    const values = validateInput(args.input);
    const now = new Date().toISOString();
    const method: ShippingMethodFixture = {
      id: `ship-new-${nextId++}`,
      ...values,
      createdAt: now,
      updatedAt: now,
    };
    methodsOf(context.world).push(method);
    audit(
      context.world,
      'create',
      method,
      `Forma de entrega ${method.name} criada.`,
      null,
      auditValues(method),
    );
    return method;
  },
  shippingMethodUpdate: (
    args: { id: string; input: ShippingMethodInputArgs },
    context: RequestContext,
  ) => {
    requireAdmin(context);
    const methods = methodsOf(context.world);
    const index = methods.findIndex((method) => method.id === args.id);
    if (index < 0) throw notFound();
    const before = methods[index]!;
    const values = validateInput(args.input, before);
    const method: ShippingMethodFixture = {
      ...before,
      ...values,
      updatedAt: new Date().toISOString(),
    };
    methods[index] = method;
    const changed = auditValues(method, before);
    if (Object.keys(changed).length > 0) {
      const all = auditValues(before);
      audit(
        context.world,
        'update',
        method,
        `Forma de entrega ${method.name} alterada: ${Object.keys(changed).join(', ')}.`,
        Object.fromEntries(Object.keys(changed).map((key) => [key, all[key]])),
        changed,
      );
    }
    return method;
  },
  shippingMethodDelete: (args: { id: string }, context: RequestContext) => {
    requireAdmin(context);
    const methods = methodsOf(context.world);
    const index = methods.findIndex((method) => method.id === args.id);
    if (index < 0) throw notFound();
    const [before] = methods.splice(index, 1);
    audit(
      context.world,
      'delete',
      before!,
      `Forma de entrega ${before!.name} excluída.`,
      auditValues(before!),
      null,
    );
    return true;
  },
} satisfies RootResolvers;
