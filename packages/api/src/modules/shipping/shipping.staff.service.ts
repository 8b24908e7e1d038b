// Staff management of shipping methods (ADMIN): the price table by postal region and state is
// validated band by band, with the offending field named, before it reaches the quotes.
import type { Database, Executor } from '../../db';
import { recordAudit, type AuditActor } from '../audit/audit';
import { badUserInput, notFound } from '../../graphql/errors';
import { eq } from 'drizzle-orm';
import { shippingMethods, type ShippingMethodRow, type ShippingRates } from './shipping.tables';
import {
  allShippingMethodsInOrder,
  shippingMethodById,
  deleteShippingMethodById,
  insertShippingMethod,
  updateShippingMethodById,
  type NewShippingMethod,
} from './shipping.staff.repository';
import { isUuid } from '../../lib/ids';
import { checkPickupPoint, isUf, pickupAddressText, type Uf } from '@vitrine/rules';
import type { DeliveryRate, PickupPoint, PostalRegion } from '@vitrine/rules';

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
  pickupPoint?: Record<string, unknown> | null;
  freeShippingThresholdCents?: number | null;
  excludedFromFreeShipping?: boolean | null;
  active?: boolean | null;
  position?: number | null;
  /** A carrier that quotes this delivery method, and its service code; both or neither. */
  carrier?: 'MELHOR_ENVIO' | 'CORREIOS' | null;
  carrierService?: string | null;
}

const CARRIER_OF_INPUT = { MELHOR_ENVIO: 'melhorenvio', CORREIOS: 'correios' } as const;

/** The carrier and its service code: both or neither, only on a delivery. */
function validateCarrier(
  input: ShippingMethodInput,
  pickup: boolean,
): Pick<ShippingMethodValues, 'carrier' | 'carrierService'> {
  const carrier = input.carrier ?? null;
  const service = typeof input.carrierService === 'string' ? input.carrierService.trim() : '';
  if (carrier === null) {
    if (service !== '') {
      throw badUserInput('Escolha a transportadora deste código de serviço.', 'carrier');
    }
    return { carrier: null, carrierService: null };
  }
  if (!(carrier in CARRIER_OF_INPUT)) throw badUserInput('Transportadora inválida.', 'carrier');
  if (pickup) throw badUserInput('Retirada na loja não é cotada por transportadora.', 'carrier');
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(service)) {
    throw badUserInput(
      carrier === 'CORREIOS'
        ? 'Informe o código do serviço nos Correios, como 03298 (PAC) ou 03220 (SEDEX).'
        : 'Informe o id do serviço no Melhor Envio, como 1 (PAC) ou 2 (SEDEX).',
      'carrierService',
    );
  }
  return { carrier: CARRIER_OF_INPUT[carrier], carrierService: service };
}

const NOT_FOUND = 'Forma de entrega não encontrada.';
const MAX_BANDS = 50;
const MAX_GRAMS = 1_000_000; // 1 t: far above any parcel, still catches a typo'd extra digit
const MAX_PRICE_CENTS = 1_000_000; // R$ 10.000,00
const MAX_DAYS = 90;

function intIn(value: unknown, min: number, max: number, field: string, message: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw badUserInput(message, field);
  }
  return value;
}

export function validateRate(rate: ShippingRateInput, field: string): DeliveryRate {
  if (!rate || !Array.isArray(rate.bands) || rate.bands.length === 0) {
    throw badUserInput('Informe ao menos uma faixa de peso.', `${field}.bands`);
  }
  if (rate.bands.length > MAX_BANDS) {
    throw badUserInput(`Use no máximo ${MAX_BANDS} faixas de peso.`, `${field}.bands`);
  }
  const bands = rate.bands.map((band, i) => ({
    upToGrams: intIn(
      band.upToGrams,
      1,
      MAX_GRAMS,
      `${field}.bands[${i}].upToGrams`,
      'O peso máximo da faixa deve ser de 1 g a 1.000.000 g.',
    ),
    priceCents: intIn(
      band.priceCents,
      0,
      MAX_PRICE_CENTS,
      `${field}.bands[${i}].priceCents`,
      'O preço da faixa deve ser de R$ 0,00 a R$ 10.000,00 (em centavos).',
    ),
  }));
  for (let i = 1; i < bands.length; i += 1) {
    if (bands[i]!.upToGrams <= bands[i - 1]!.upToGrams) {
      throw badUserInput(
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
          MAX_PRICE_CENTS,
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

export type ShippingMethodValues = NewShippingMethod;

export function validateShippingMethodInput(input: ShippingMethodInput): ShippingMethodValues {
  const name = (input.name ?? '').trim();
  if (name === '') throw badUserInput('Informe o nome da forma de entrega.', 'name');
  if (name.length > 60) throw badUserInput('O nome pode ter no máximo 60 caracteres.', 'name');
  const description = (input.description ?? '').trim();
  if (description.length > 300) {
    throw badUserInput('A descrição pode ter no máximo 300 caracteres.', 'description');
  }
  if (input.kind !== 'DELIVERY' && input.kind !== 'PICKUP') {
    throw badUserInput('Tipo de entrega inválido.', 'kind');
  }
  const pickup = input.kind === 'PICKUP';
  const regionInputs = input.byRegion ?? [];
  const ufInputs = input.byUf ?? [];
  const rates: ShippingRates = {};
  if (pickup) {
    if (regionInputs.length > 0 || ufInputs.length > 0) {
      throw badUserInput('Retirada na loja é grátis: não tem tabela de preços.', 'byRegion');
    }
  } else {
    if (regionInputs.length === 0 && ufInputs.length === 0) {
      throw badUserInput('Informe os preços de ao menos uma região ou estado.', 'byRegion');
    }
    const byRegion: Partial<Record<`${PostalRegion}`, DeliveryRate>> = {};
    regionInputs.forEach((entry, i) => {
      const region = intIn(
        entry.region,
        0,
        9,
        `byRegion[${i}].region`,
        'A região postal é o primeiro dígito do CEP: de 0 a 9.',
      );
      const key = String(region) as `${PostalRegion}`;
      if (byRegion[key]) {
        throw badUserInput(`A região ${region} aparece mais de uma vez.`, `byRegion[${i}].region`);
      }
      byRegion[key] = validateRate(entry.rate, `byRegion[${i}].rate`);
    });
    const byUf: Partial<Record<Uf, DeliveryRate>> = {};
    ufInputs.forEach((entry, i) => {
      const uf = typeof entry.uf === 'string' ? entry.uf.trim().toUpperCase() : '';
      if (!isUf(uf)) {
        throw badUserInput(
          'UF inválida: use a sigla de um dos 27 estados, como SP.',
          `byUf[${i}].uf`,
        );
      }
      if (byUf[uf]) {
        throw badUserInput(`O estado ${uf} aparece mais de uma vez.`, `byUf[${i}].uf`);
      }
      byUf[uf] = validateRate(entry.rate, `byUf[${i}].rate`);
    });
    if (regionInputs.length > 0) rates.byRegion = byRegion;
    if (ufInputs.length > 0) rates.byUf = byUf;
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
  const pickupPoint = validatePickupPoint(input.pickupPoint, pickup, active);
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
    kind: pickup ? 'pickup' : 'delivery',
    description,
    rates,
    handlingBusinessDays,
    readyInBusinessDays,
    // An inactive pickup method saved without a point keeps its former one-line address.
    ...(pickup && pickupPoint === null
      ? {}
      : { pickupAddress: pickupPoint && pickupAddressText(pickupPoint) }),
    pickupPoint,
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

/**
 * A pickup method's point (@vitrine/rules checkPickupPoint, errors on pickupPoint.<field>): needed
 * to offer the method, so an active pickup method without one is refused; an inactive one may be
 * saved without it (all blank). A delivery has none.
 */
function validatePickupPoint(
  input: Record<string, unknown> | null | undefined,
  pickup: boolean,
  active: boolean,
): PickupPoint | null {
  const blank = !input || Object.values(input).every(isBlank);
  if (!pickup) {
    if (!blank) {
      throw badUserInput('Só a retirada na loja tem ponto de retirada.', 'pickupPoint');
    }
    return null;
  }
  if (blank && !active) return null;
  const checked = checkPickupPoint(input);
  if (!checked.ok) {
    throw badUserInput(
      blank
        ? 'Informe o endereço e o horário do ponto de retirada para oferecer a retirada na loja.'
        : checked.message,
      `pickupPoint.${checked.field}`,
    );
  }
  return checked.point;
}

export async function listShippingMethods(db: Executor): Promise<ShippingMethodRow[]> {
  return allShippingMethodsInOrder(db);
}

/** One method, or null for an id that names none (malformed ones included). */
export async function findShippingMethod(
  db: Executor,
  id: string,
): Promise<ShippingMethodRow | null> {
  return isUuid(id) ? shippingMethodById(db, id) : null;
}

const AUDITED_FIELDS = [
  'name',
  'kind',
  'description',
  'rates',
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

/** The method's fields for the audit log: all of them, or only those that differ from `other`. */
export function shippingMethodAuditValues(
  row: ShippingMethodRow,
  other: ShippingMethodRow | null = null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of AUDITED_FIELDS) {
    if (other && JSON.stringify(row[field]) === JSON.stringify(other[field])) continue;
    values[field] = row[field];
  }
  return values;
}

export async function createShippingMethod(
  db: Database,
  input: ShippingMethodInput,
  actor: AuditActor,
): Promise<ShippingMethodRow> {
  const values = validateShippingMethodInput(input);
  return db.transaction(async (tx) => {
    const row = await insertShippingMethod(tx, values);
    await recordAudit(tx, actor, {
      action: 'shipping_method.create',
      entity: 'SHIPPING_METHOD',
      entityId: row.id,
      entityLabel: row.name,
      summary: `Forma de entrega ${row.name} criada.`,
      after: shippingMethodAuditValues(row),
    });
    return row;
  });
}

export async function updateShippingMethod(
  db: Database,
  id: string,
  input: ShippingMethodInput,
  actor: AuditActor,
): Promise<ShippingMethodRow> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const values = validateShippingMethodInput(input);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.id, id))
      .for('update');
    if (!before) throw notFound(NOT_FOUND);
    const row = await updateShippingMethodById(tx, id, values);
    if (!row) throw notFound(NOT_FOUND);
    const changed = shippingMethodAuditValues(row, before);
    if (Object.keys(changed).length > 0) {
      const all = shippingMethodAuditValues(before);
      await recordAudit(tx, actor, {
        action: 'shipping_method.update',
        entity: 'SHIPPING_METHOD',
        entityId: row.id,
        entityLabel: row.name,
        summary: `Forma de entrega ${row.name} alterada: ${Object.keys(changed).join(', ')}.`,
        before: Object.fromEntries(Object.keys(changed).map((key) => [key, all[key]])),
        after: changed,
      });
    }
    return row;
  });
}

/** Orders keep their snapshot of the method (name, kind, days), so deleting never breaks them. */
export async function deleteShippingMethod(
  db: Database,
  id: string,
  actor: AuditActor,
): Promise<boolean> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.id, id))
      .for('update');
    if (!before) throw notFound(NOT_FOUND);
    const deleted = await deleteShippingMethodById(tx, id);
    if (!deleted) throw notFound(NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'shipping_method.delete',
      entity: 'SHIPPING_METHOD',
      entityId: before.id,
      entityLabel: before.name,
      summary: `Forma de entrega ${before.name} excluída.`,
      before: shippingMethodAuditValues(before),
    });
    return true;
  });
}
