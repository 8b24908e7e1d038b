// The shipping methods admin and its simulator (Frete, ADMIN), answering as the server does
// (modules/shipping/shipping.staff.service.ts and checkout's shippingSimulation): the input checked
// by the server's own rules (@vitrine/rules checkShippingMethodInput: the same messages at the same
// fields, the pickup point and the carrier's service code included), and quotes from the server's
// own rule (@vitrine/rules quoteShipping: UF rates winning over region rates, bands by weight, the
// extra kg per started kilogram, free-shipping thresholds and exclusions); the carriers configured
// (staffShippingCarriers.ts); an audit entry per change. The methods hang on the mock world's
// checkout data (fresh on each reset); a story or test gives its own with
// `checkoutMock.answers(withShippingMethods([...]))`.
import {
  checkShippingMethodInput,
  checkShippingSimulationInput,
  isUf,
  pickupAddressText,
  quoteShipping,
  type DeliveryRate,
  type PickupPoint,
  type PostalRegion,
  type ShippingMethod,
  type ShippingMethodInput,
  type Uf,
  type ValidShippingRate,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  makeShippingMethods,
  type ShippingMethodFixture,
  type ShippingRateFixture,
} from './shipping.fixtures';
import { makePickupPoint, type PickupPointFixture } from '../catalog/storefront.fixtures';
import { appendAuditEntry } from '../audit/staffAudit';
import { shippingCarriersOf } from './staffShippingCarriers';
import {
  badInput,
  requireStaff,
  type MockWorld,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

export const SHIPPING_FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
export const SHIPPING_NOT_FOUND_MESSAGE = 'Forma de entrega não encontrada.';

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
// Validation: the server's own rules (@vitrine/rules checkShippingMethodInput, as
// shipping.staff.service.ts validateShippingMethodInput), the answer in the API's shape.

export type ShippingMethodInputArgs = ShippingMethodInput;

type MethodValues = Omit<ShippingMethodFixture, 'id' | 'createdAt' | 'updatedAt'>;

function validateInput(
  input: ShippingMethodInputArgs,
  previous: ShippingMethodFixture | null = null,
): MethodValues {
  const checked = checkShippingMethodInput(input);
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
  const valid = checked.value;
  const point = valid.pickupPoint;
  const rateOf = (rate: ValidShippingRate): ShippingRateFixture => ({
    bands: rate.bands.map((band) => ({ ...band })),
    extraKgPriceCents: rate.extraKgPriceCents,
    businessDays: rate.businessDays,
  });
  return {
    name: valid.name,
    kind: valid.kind,
    description: valid.description,
    // The API lists them by region and by UF (shipping.staff.graphql.ts).
    byRegion: valid.byRegion
      .map((entry) => ({ region: entry.region, rate: rateOf(entry.rate) }))
      .sort((a, b) => a.region - b.region),
    byUf: valid.byUf
      .map((entry) => ({ uf: entry.uf, rate: rateOf(entry.rate) }))
      .sort((a, b) => a.uf.localeCompare(b.uf)),
    handlingBusinessDays: valid.handlingBusinessDays,
    readyInBusinessDays: valid.readyInBusinessDays,
    // As the server: an inactive pickup method saved without a point keeps its former line.
    pickupAddress: point
      ? pickupAddressText(point)
      : valid.kind === 'PICKUP'
        ? (previous?.pickupAddress ?? null)
        : null,
    pickupPoint: point ? makePickupPoint(point) : null,
    freeShippingThresholdCents: valid.freeShippingThresholdCents,
    excludedFromFreeShipping: valid.excludedFromFreeShipping,
    active: valid.active,
    position: valid.position,
    carrier: valid.carrier,
    carrierService: valid.carrierService,
  };
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
    // The server's rule (@vitrine/rules checkShippingSimulationInput), its words on each field.
    const checked = checkShippingSimulationInput(args);
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    const { postalCode, weightGrams, subtotalCents } = checked.value;
    return simulateShipping(
      methodsOf(context.world),
      postalCode,
      weightGrams,
      subtotalCents,
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
