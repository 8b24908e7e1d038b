// The shipping methods admin and its simulator (Frete, ADMIN), answering as the server does
// (modules/shipping/shipping.staff.service.ts, checkout's shippingSimulation and cep.ts): the same
// validation messages at the same fields, UF rates winning over region rates, bands by weight,
// the extra kg per started kilogram, free-shipping thresholds and exclusions, an audit entry per
// change. The methods hang on the mock world's checkout data (fresh on each reset); a story or
// test gives its own with `checkoutMock.answers(withShippingMethods([...]))`.
import { isUf, type Uf } from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  makeShippingMethods,
  type ShippingMethodFixture,
  type ShippingRateFixture,
} from '../fixtures/shipping';
import { appendAuditEntry } from './staffAudit';
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

export interface ShippingMethodInputArgs {
  name: string;
  kind: 'DELIVERY' | 'PICKUP';
  description?: string | null;
  byRegion?: { region: number; rate: RateInput }[] | null;
  byUf?: { uf: string; rate: RateInput }[] | null;
  handlingBusinessDays?: number | null;
  readyInBusinessDays?: number | null;
  pickupAddress?: string | null;
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

function validateInput(input: ShippingMethodInputArgs): MethodValues {
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
  const pickupAddress = input.pickupAddress?.trim() || null;
  if (pickupAddress && pickupAddress.length > 300) {
    throw badInput('O endereço de retirada pode ter no máximo 300 caracteres.', 'pickupAddress');
  }
  if (pickup && !pickupAddress) {
    throw badInput('Informe o endereço de retirada.', 'pickupAddress');
  }
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
    pickupAddress: pickup ? pickupAddress : null,
    freeShippingThresholdCents,
    excludedFromFreeShipping: input.excludedFromFreeShipping === true,
    active: input.active ?? true,
    position,
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
  'freeShippingThresholdCents',
  'excludedFromFreeShipping',
  'active',
  'position',
] as const;

function auditValues(
  method: ShippingMethodFixture,
  other: ShippingMethodFixture | null = null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of AUDITED) {
    if (other && JSON.stringify(method[field]) === JSON.stringify(other[field])) continue;
    values[field] = method[field];
  }
  return values;
}

function audit(
  world: MockWorld,
  action: 'create' | 'update' | 'delete',
  method: ShippingMethodFixture,
  summary: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  appendAuditEntry(world, {
    ip: '127.0.0.1',
    userAgent: null,
    action: `shipping_method.${action}`,
    entity: 'SHIPPING_METHOD',
    entityId: method.id,
    entityLabel: method.name,
    brandIds: [],
    summary,
    before: before === null ? null : JSON.stringify(before),
    after: after === null ? null : JSON.stringify(after),
  });
}

// ---------------------------------------------------------------------------------------------
// The quote (cep.ts quoteShipping, checkout.pricing.ts shippingMethodFromRow).

// Correios' CEP ranges per state (first five digits, inclusive).
const UF_RANGES: ReadonlyArray<readonly [from: number, to: number, uf: Uf]> = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

function ufOfCep(cep: string): Uf | null {
  const prefix = Number(cep.slice(0, 5));
  return UF_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

function priceForWeight(rate: ShippingRateFixture, grams: number): number | null {
  const bands = [...rate.bands].sort((a, b) => a.upToGrams - b.upToGrams);
  const band = bands.find((b) => grams <= b.upToGrams);
  if (band) return band.priceCents;
  const last = bands.at(-1);
  if (!last || rate.extraKgPriceCents === null) return null;
  return last.priceCents + Math.ceil((grams - last.upToGrams) / 1000) * rate.extraKgPriceCents;
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
}

/** The options the storefront would quote: active methods, cheapest first. */
export function simulateShipping(
  methods: readonly ShippingMethodFixture[],
  cep: string,
  grams: number,
  subtotalCents: number,
  storeThresholdCents: number | null,
): ShippingOptionAnswer[] {
  const region = Number(cep[0]);
  const uf = ufOfCep(cep);
  const options: ShippingOptionAnswer[] = [];
  for (const method of [...methods]
    .filter((item) => item.active)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))) {
    const base = {
      methodId: method.id,
      name: method.name,
      kind: method.kind,
      billableWeightGrams: grams,
    };
    if (method.kind === 'PICKUP') {
      options.push({
        ...base,
        priceCents: 0,
        fullPriceCents: 0,
        freeShipping: true,
        businessDays: method.readyInBusinessDays,
        pickupAddress: method.pickupAddress,
      });
      continue;
    }
    const rate =
      (uf === null ? undefined : method.byUf.find((entry) => entry.uf === uf)?.rate) ??
      method.byRegion.find((entry) => entry.region === region)?.rate;
    if (!rate) continue;
    const fullPrice = priceForWeight(rate, grams);
    if (fullPrice === null) continue;
    const threshold = method.excludedFromFreeShipping
      ? null
      : (method.freeShippingThresholdCents ?? storeThresholdCents);
    const free = threshold !== null && subtotalCents >= threshold;
    options.push({
      ...base,
      priceCents: free ? 0 : fullPrice,
      fullPriceCents: fullPrice,
      freeShipping: free,
      businessDays: rate.businessDays + method.handlingBusinessDays,
      pickupAddress: null,
    });
  }
  return options.sort(
    (a, b) =>
      a.priceCents - b.priceCents ||
      a.businessDays - b.businessDays ||
      a.name.localeCompare(b.name, 'pt-BR'),
  );
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
    const values = validateInput(args.input);
    const before = methods[index]!;
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
