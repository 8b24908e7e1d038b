// The Frete screens' pure helpers: the postal regions' names, a method's summary for the list
// (regions covered, price range, days, free-shipping rule), and the editor's form (the region ×
// weight-band table as text) turned into the API's input, with the server's error fields mapped
// back to the cells they name; for a pickup, the counter's fields (@vitrine/rules' messages); for a
// delivery, the carrier that quotes it and its service code (the server's messages, from
// @vitrine/rules).
import {
  CARRIER_SERVICE_PATTERN,
  pickupPointErrors,
  SHIPPING_METHOD_MESSAGES,
  UFS,
  type PickupPointField,
} from '@vitrine/rules';

import { formatBRL, moneyInputText, parseBRL, pluralize } from '../../../format';
import type {
  PickupPointInput,
  ShippingCarrier,
  ShippingKind,
  ShippingMethod,
  ShippingPickupPoint,
  ShippingMethodSummary,
  ShippingRateSummary,
  ShippingMethodInput,
  ShippingRate,
  ShippingRateInput,
} from './ShippingScreen.graphql';

export { UFS };

/** The Correios' postal regions: the first digit of the CEP. */
export const REGION_LABELS: readonly string[] = [
  'SP capital e região (0)',
  'Interior de SP (1)',
  'RJ e ES (2)',
  'MG (3)',
  'BA e SE (4)',
  'PE, AL, PB e RN (5)',
  'CE, PI, MA, PA, AM, AC, AP e RR (6)',
  'DF, GO, TO, MT, MS e RO (7)',
  'PR e SC (8)',
  'RS (9)',
];

export const REGIONS = REGION_LABELS.map((_, region) => region);

export const KIND_LABELS: Record<ShippingKind, string> = {
  DELIVERY: 'Entrega',
  PICKUP: 'Retirada',
};

/** As shippingCarriers names them (the server's labels). */
export const CARRIER_LABELS: Record<ShippingCarrier, string> = {
  MELHOR_ENVIO: 'Melhor Envio',
  CORREIOS: 'Correios',
};

/** The server's messages (@vitrine/rules shippingMethodInputSchema), at the same fields. */
export const CARRIER_SERVICE_MESSAGES: Record<ShippingCarrier, string> =
  SHIPPING_METHOD_MESSAGES.carrierService;

/** "Melhor Envio · 1": the carrier quoting a method and its service; null without one. */
export function carrierSummary(method: ShippingMethodSummary): string | null {
  if (method.carrier === null) return null;
  const label = CARRIER_LABELS[method.carrier];
  // No break around the dot: a narrow column wraps the name, never the service off it.
  return method.carrierService ? `${label}\u00a0·\u00a0${method.carrierService}` : label;
}

const GROUPS: { name: string; regions: number[] }[] = [
  { name: 'Sudeste', regions: [0, 1, 2, 3] },
  { name: 'Sul', regions: [8, 9] },
];

/** "Todo o Brasil", "Sudeste + 3 UFs", "Regiões 0, 4 + 1 UF", "SP, RJ". */
export function regionsCovered(method: ShippingMethodSummary): string {
  if (method.kind === 'PICKUP') return 'Na loja';
  const regions = new Set(method.byRegion.map((entry) => entry.region));
  const ufs = method.byUf.map((entry) => entry.uf);
  if (regions.size === 10) {
    return ufs.length > 0
      ? `Todo o Brasil (${pluralize(ufs.length, 'UF', 'UFs')} à parte)`
      : 'Todo o Brasil';
  }
  const parts: string[] = [];
  const rest = new Set(regions);
  for (const group of GROUPS) {
    if (group.regions.every((region) => rest.has(region))) {
      parts.push(group.name);
      group.regions.forEach((region) => rest.delete(region));
    }
  }
  if (rest.size > 0) {
    const list = [...rest].sort((a, b) => a - b).join(', ');
    parts.push(rest.size === 1 ? `Região ${list}` : `Regiões ${list}`);
  }
  if (parts.length === 0) {
    if (ufs.length === 0) return 'Nenhuma região';
    return ufs.length <= 3 ? ufs.join(', ') : pluralize(ufs.length, 'UF', 'UFs');
  }
  return ufs.length > 0
    ? `${parts.join(', ')} + ${pluralize(ufs.length, 'UF', 'UFs')}`
    : parts.join(', ');
}

function rates(method: ShippingMethodSummary): ShippingRateSummary[] {
  return [...method.byRegion.map((entry) => entry.rate), ...method.byUf.map((entry) => entry.rate)];
}

/** "R$ 19,90 a R$ 89,90", "R$ 25,00", "Grátis" for pickup. */
export function priceRange(method: ShippingMethodSummary): string {
  if (method.kind === 'PICKUP') return 'Grátis';
  const prices = rates(method).flatMap((rate) => rate.bands.map((band) => band.priceCents));
  if (prices.length === 0) return '—';
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatBRL(min) : `${formatBRL(min)} a ${formatBRL(max)}`;
}

function daysText(days: number): string {
  return days === 0 ? 'no mesmo dia' : pluralize(days, 'dia útil', 'dias úteis');
}

/** "3 a 9 dias úteis" (with the handling days), "Pronta em 2 dias úteis" for pickup. */
export function daysRange(method: ShippingMethodSummary): string {
  if (method.kind === 'PICKUP') {
    const ready = method.readyInBusinessDays;
    return ready === 0 ? 'Pronta no mesmo dia' : `Pronta em ${daysText(ready)}`;
  }
  const days = rates(method).map((rate) => rate.businessDays + method.handlingBusinessDays);
  if (days.length === 0) return '—';
  const min = Math.min(...days);
  const max = Math.max(...days);
  if (min === max) return min === 0 ? 'No mesmo dia' : daysText(min);
  return `${min} a ${daysText(max)}`;
}

/** The free-shipping rule as the checkout applies it. */
export function freeShippingRule(
  method: ShippingMethodSummary,
  storeThresholdCents: number | null,
): string {
  if (method.kind === 'PICKUP') return 'Sempre grátis';
  if (method.excludedFromFreeShipping) return 'Nunca grátis';
  if (method.freeShippingThresholdCents !== null) {
    return `Grátis a partir de ${formatBRL(method.freeShippingThresholdCents)}`;
  }
  return storeThresholdCents === null
    ? 'Sem frete grátis (a loja não oferece)'
    : `Grátis a partir de ${formatBRL(storeThresholdCents)} (o da loja)`;
}

/** 300 -> '300 g', 1000 -> '1 kg', 1500 -> '1,5 kg'. */
export function formatGrams(grams: number): string {
  if (grams < 1000) return `${grams.toLocaleString('pt-BR')} g`;
  return `${(grams / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 3 })} kg`;
}

/** "até 5 dias úteis", as the storefront words a quote. */
export function quoteDays(kind: ShippingKind, days: number): string {
  if (kind === 'PICKUP') return days === 0 ? 'Pronta hoje' : `Pronta em até ${daysText(days)}`;
  return days === 0 ? 'No mesmo dia' : `até ${daysText(days)}`;
}

function rateInput(rate: ShippingRate): ShippingRateInput {
  return {
    bands: rate.bands.map(({ upToGrams, priceCents }) => ({ upToGrams, priceCents })),
    extraKgPriceCents: rate.extraKgPriceCents,
    businessDays: rate.businessDays,
  };
}

/** A saved counter as the input sends it back; null without one (or one kept as one line). */
function pickupPointInput(point: ShippingPickupPoint | null): PickupPointInput | null {
  if (!point?.street) return null;
  return {
    street: point.street,
    number: point.number ?? '',
    complement: point.complement,
    district: point.district ?? '',
    city: point.city ?? '',
    uf: point.uf ?? '',
    postalCode: point.postalCode ?? '',
    hours: point.hours ?? '',
    instructions: point.instructions,
  };
}

/** The whole input of a saved method (an update replaces every field), with some changed. */
export function inputFromMethod(
  method: ShippingMethod,
  change: Partial<ShippingMethodInput> = {},
): ShippingMethodInput {
  return {
    name: method.name,
    kind: method.kind,
    description: method.description,
    byRegion: method.byRegion.map((entry) => ({
      region: entry.region,
      rate: rateInput(entry.rate),
    })),
    byUf: method.byUf.map((entry) => ({ uf: entry.uf, rate: rateInput(entry.rate) })),
    handlingBusinessDays: method.handlingBusinessDays,
    readyInBusinessDays: method.readyInBusinessDays,
    pickupPoint: pickupPointInput(method.pickupPoint),
    freeShippingThresholdCents: method.freeShippingThresholdCents,
    excludedFromFreeShipping: method.excludedFromFreeShipping,
    active: method.active,
    position: method.position,
    carrier: method.carrier,
    carrierService: method.carrierService,
    ...change,
  };
}

/** The methods in their new order with positions 0, 1, 2...: those whose position changed. */
export function reorder<M extends { position: number }>(
  methods: readonly M[],
  index: number,
  direction: -1 | 1,
): { method: M; position: number }[] {
  const target = index + direction;
  if (target < 0 || target >= methods.length) return [];
  const order = [...methods];
  const [moved] = order.splice(index, 1);
  order.splice(target, 0, moved!);
  return order
    .map((method, position) => ({ method, position }))
    .filter(({ method, position }) => method.position !== position);
}

// ---------------------------------------------------------------------------------------------
// The editor's form: text as typed, one column per weight band shared by every row.

export interface RateRowForm {
  /** Region rows: served or left out. UF rows are always served. */
  enabled: boolean;
  /** One price per band column ('' : this row has no band there). */
  prices: string[];
  extraKg: string;
  days: string;
}

export interface UfRowForm extends RateRowForm {
  uf: string;
}

export interface ShippingForm {
  name: string;
  kind: ShippingKind;
  description: string;
  active: boolean;
  /** The band columns' upper limits, in grams, as typed. */
  bands: string[];
  regions: RateRowForm[];
  ufs: UfRowForm[];
  handlingDays: string;
  readyDays: string;
  /** The pickup counter's fields, as typed. */
  pickupPoint: PickupPointForm;
  /** 'store': the store-wide threshold applies (null in the API). */
  thresholdMode: 'store' | 'own';
  threshold: string;
  excluded: boolean;
  position: number;
  /** Delivery: the carrier that quotes it; '': none (the store's table always). */
  carrier: ShippingCarrier | '';
  /** The carrier's service code, as typed (sent only with a carrier). */
  carrierService: string;
}

export type ShippingFieldErrors = Record<string, string>;

/** The counter's fields as typed; errors are keyed `pickupPoint.<field>`, as the API names them. */
export type PickupPointForm = Record<PickupPointField, string>;

const EMPTY_PICKUP_POINT: PickupPointForm = {
  street: '',
  number: '',
  complement: '',
  district: '',
  city: '',
  uf: '',
  postalCode: '',
  hours: '',
  instructions: '',
};

function pickupPointForm(point: ShippingPickupPoint | null): PickupPointForm {
  if (!point?.street) return { ...EMPTY_PICKUP_POINT };
  return {
    street: point.street,
    number: point.number ?? '',
    complement: point.complement ?? '',
    district: point.district ?? '',
    city: point.city ?? '',
    uf: point.uf ?? '',
    postalCode: point.postalCode
      ? `${point.postalCode.slice(0, 5)}-${point.postalCode.slice(5)}`
      : '',
    hours: point.hours ?? '',
    instructions: point.instructions ?? '',
  };
}

const DEFAULT_BANDS = ['300', '1000', '5000', '10000'];

function emptyRow(columns: number, enabled: boolean): RateRowForm {
  return { enabled, prices: Array.from({ length: columns }, () => ''), extraKg: '', days: '' };
}

export function emptyShippingForm(position = 0): ShippingForm {
  return {
    name: '',
    kind: 'DELIVERY',
    description: '',
    active: true,
    bands: [...DEFAULT_BANDS],
    regions: REGIONS.map(() => emptyRow(DEFAULT_BANDS.length, true)),
    ufs: [],
    handlingDays: '1',
    readyDays: '1',
    pickupPoint: { ...EMPTY_PICKUP_POINT },
    thresholdMode: 'store',
    threshold: '',
    excluded: false,
    position,
    carrier: '',
    carrierService: '',
  };
}

function rowFromRate(rate: ShippingRate | undefined, columns: number[]): RateRowForm {
  if (!rate) return emptyRow(columns.length, false);
  return {
    enabled: true,
    prices: columns.map((grams) => {
      const band = rate.bands.find((item) => item.upToGrams === grams);
      return band ? moneyInputText(band.priceCents) : '';
    }),
    extraKg: moneyInputText(rate.extraKgPriceCents),
    days: String(rate.businessDays),
  };
}

export function formFromMethod(method: ShippingMethod): ShippingForm {
  // The columns: every band limit any row uses, ascending.
  const limits = [
    ...new Set(
      [...method.byRegion, ...method.byUf].flatMap((entry) =>
        entry.rate.bands.map((band) => band.upToGrams),
      ),
    ),
  ].sort((a, b) => a - b);
  const columns = limits.length > 0 ? limits : DEFAULT_BANDS.map(Number);
  const pickup = method.kind === 'PICKUP';
  return {
    name: method.name,
    kind: method.kind,
    description: method.description,
    active: method.active,
    bands: columns.map(String),
    regions: REGIONS.map((region) =>
      pickup
        ? emptyRow(columns.length, true)
        : rowFromRate(method.byRegion.find((entry) => entry.region === region)?.rate, columns),
    ),
    ufs: method.byUf.map((entry) => ({ uf: entry.uf, ...rowFromRate(entry.rate, columns) })),
    handlingDays: String(method.handlingBusinessDays),
    readyDays: String(method.readyInBusinessDays),
    pickupPoint: pickupPointForm(method.pickupPoint),
    thresholdMode: method.freeShippingThresholdCents === null ? 'store' : 'own',
    threshold: moneyInputText(method.freeShippingThresholdCents),
    excluded: method.excludedFromFreeShipping,
    position: method.position,
    carrier: method.carrier ?? '',
    carrierService: method.carrierService ?? '',
  };
}

// Keys of the form's fields, for errors and labels.
export const fieldKey = {
  band: (column: number) => `bands.${column}`,
  price: (row: string, column: number) => `${row}.price.${column}`,
  extraKg: (row: string) => `${row}.extraKg`,
  days: (row: string) => `${row}.days`,
  row: (row: string) => `${row}.row`,
  uf: (index: number) => `uf.${index}.uf`,
  regionRow: (region: number) => `region.${region}`,
  ufRow: (index: number) => `uf.${index}`,
};

const PRICE_MESSAGE = 'Preço inválido: use reais e centavos, como 19,90.';
const DAYS_MESSAGE = 'Informe um número inteiro de dias úteis.';
const GRAMS_MESSAGE = 'Informe o peso máximo em gramas, como 500.';

function wholeNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\./g, '');
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export interface FormInput {
  input: ShippingMethodInput;
  /** Errors the form finds before asking the server (malformed numbers). */
  errors: ShippingFieldErrors;
  /** The server's error field (byRegion[0].rate.bands[1].priceCents) to the form's key. */
  fieldMap: Record<string, string>;
}

/** The API input of the form, the typing errors it holds, and where server errors point. */
export function formToInput(form: ShippingForm): FormInput {
  const errors: ShippingFieldErrors = {};
  const fieldMap: Record<string, string> = {};
  const pickup = form.kind === 'PICKUP';

  const limits = form.bands.map((text, column) => {
    const grams = wholeNumber(text);
    if (grams === null && !pickup) errors[fieldKey.band(column)] = GRAMS_MESSAGE;
    return grams ?? 0;
  });

  function rate(row: RateRowForm, key: string, path: string): ShippingRateInput {
    const bands: ShippingRateInput['bands'] = [];
    row.prices.forEach((text, column) => {
      if (text.trim() === '') return;
      const cents = parseBRL(text);
      if (cents === null) errors[fieldKey.price(key, column)] = PRICE_MESSAGE;
      const index = bands.length;
      fieldMap[`${path}.bands[${index}].priceCents`] = fieldKey.price(key, column);
      fieldMap[`${path}.bands[${index}].upToGrams`] = fieldKey.band(column);
      bands.push({ upToGrams: limits[column] ?? 0, priceCents: cents ?? 0 });
    });
    fieldMap[`${path}.bands`] = fieldKey.row(key);
    let extraKgPriceCents: number | null = null;
    if (row.extraKg.trim() !== '') {
      extraKgPriceCents = parseBRL(row.extraKg);
      if (extraKgPriceCents === null) errors[fieldKey.extraKg(key)] = PRICE_MESSAGE;
    }
    fieldMap[`${path}.extraKgPriceCents`] = fieldKey.extraKg(key);
    const days = wholeNumber(row.days);
    // A row without prices yet: the server names what it lacks (a band) at the row.
    if (days === null && (bands.length > 0 || row.days.trim() !== '')) {
      errors[fieldKey.days(key)] = DAYS_MESSAGE;
    }
    fieldMap[`${path}.businessDays`] = fieldKey.days(key);
    return { bands, extraKgPriceCents: extraKgPriceCents ?? null, businessDays: days ?? 0 };
  }

  const byRegion: ShippingMethodInput['byRegion'] = [];
  const byUf: ShippingMethodInput['byUf'] = [];
  if (!pickup) {
    form.regions.forEach((row, region) => {
      if (!row.enabled) return;
      const path = `byRegion[${byRegion.length}]`;
      fieldMap[`${path}.region`] = fieldKey.row(fieldKey.regionRow(region));
      byRegion.push({ region, rate: rate(row, fieldKey.regionRow(region), `${path}.rate`) });
    });
    form.ufs.forEach((row, index) => {
      const path = `byUf[${byUf.length}]`;
      fieldMap[`${path}.uf`] = fieldKey.uf(index);
      byUf.push({ uf: row.uf, rate: rate(row, fieldKey.ufRow(index), `${path}.rate`) });
    });
  }
  fieldMap.byRegion = 'table';

  const handling = wholeNumber(form.handlingDays);
  if (handling === null && !pickup) errors.handlingBusinessDays = DAYS_MESSAGE;
  const ready = wholeNumber(form.readyDays);
  if (ready === null && pickup) errors.readyInBusinessDays = DAYS_MESSAGE;
  // The counter: every field in error at once (the server would name one at a time); an inactive
  // pickup may be saved without one (all blank).
  const point = form.pickupPoint;
  const pointBlank = Object.values(point).every((value) => value.trim() === '');
  const pickupPoint: PickupPointInput | null =
    pickup && !(pointBlank && !form.active)
      ? {
          ...point,
          complement: point.complement.trim() || null,
          instructions: point.instructions.trim() || null,
        }
      : null;
  if (pickupPoint) {
    for (const [field, message] of Object.entries(pickupPointErrors(pickupPoint))) {
      errors[`pickupPoint.${field}`] = message;
    }
  }
  // The carrier: a delivery's only, with its service code (hidden, so never sent, without one).
  const carrier = !pickup && form.carrier !== '' ? form.carrier : null;
  const carrierService = carrier === null ? null : form.carrierService.trim();
  if (carrier !== null && !CARRIER_SERVICE_PATTERN.test(carrierService ?? '')) {
    errors.carrierService = CARRIER_SERVICE_MESSAGES[carrier];
  }
  let threshold: number | null = null;
  if (!pickup && form.thresholdMode === 'own') {
    threshold = parseBRL(form.threshold);
    if (threshold === null) errors.freeShippingThresholdCents = PRICE_MESSAGE;
  }

  return {
    input: {
      name: form.name,
      kind: form.kind,
      description: form.description,
      byRegion,
      byUf,
      handlingBusinessDays: pickup ? 0 : (handling ?? 0),
      readyInBusinessDays: ready ?? 1,
      pickupPoint,
      freeShippingThresholdCents: threshold,
      excludedFromFreeShipping: !pickup && form.excluded,
      active: form.active,
      position: form.position,
      carrier,
      carrierService,
    },
    errors,
    fieldMap,
  };
}

/** The form key a server error field names (the field itself when it is a plain one). */
export function formFieldOf(field: string | null, fieldMap: Record<string, string>): string {
  if (field === null) return 'form';
  return fieldMap[field] ?? field;
}
