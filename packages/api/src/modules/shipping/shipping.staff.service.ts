// Staff management of shipping methods (ADMIN): the price table by postal region and state is
// validated band by band, with the offending field named, before it reaches the quotes (the rules
// are @vitrine/rules' shippingMethodInputSchema, which the ui's mocks answer with too).
import type { Database, Executor } from '../../db';
import { recordAudit, type AuditActor } from '../audit/audit';
import { badUserInput, notFound } from '../../graphql/errors';
import type { ShippingMethodRow, ShippingRates } from './shipping.tables';
import {
  allShippingMethodsInOrder,
  shippingMethodById,
  deleteShippingMethodById,
  insertShippingMethod,
  lockShippingMethod,
  updateShippingMethodById,
  type NewShippingMethod,
} from './shipping.staff.repository';
import { isUuid } from '../../lib/ids';
import {
  checkShippingMethodInput,
  pickupAddressText,
  type ShippingMethodInput,
} from '@vitrine/rules';

export type { ShippingMethodInput, ShippingRateInput } from '@vitrine/rules';

const CARRIER_OF_INPUT = { MELHOR_ENVIO: 'melhorenvio', CORREIOS: 'correios' } as const;

const NOT_FOUND = 'Forma de entrega não encontrada.';

export type ShippingMethodValues = NewShippingMethod;

/**
 * The input checked by @vitrine/rules (checkShippingMethodInput: the messages, at the fields
 * 'byRegion[0].rate.bands[1].upToGrams'...) and turned into the row's values: the tables as the
 * JSON the quotes read, the kind and the carrier as stored.
 */
export function validateShippingMethodInput(input: ShippingMethodInput): ShippingMethodValues {
  const checked = checkShippingMethodInput(input);
  if (!checked.ok) throw badUserInput(checked.issue.message, checked.issue.field);
  const valid = checked.value;
  const pickup = valid.kind === 'PICKUP';
  const rates: ShippingRates = {};
  if (valid.byRegion.length > 0) {
    rates.byRegion = Object.fromEntries(
      valid.byRegion.map((entry) => [String(entry.region), entry.rate]),
    );
  }
  if (valid.byUf.length > 0) {
    rates.byUf = Object.fromEntries(valid.byUf.map((entry) => [entry.uf, entry.rate]));
  }
  const { pickupPoint } = valid;
  return {
    name: valid.name,
    kind: pickup ? 'pickup' : 'delivery',
    description: valid.description,
    rates,
    handlingBusinessDays: valid.handlingBusinessDays,
    readyInBusinessDays: valid.readyInBusinessDays,
    // An inactive pickup method saved without a point keeps its former one-line address.
    ...(pickup && pickupPoint === null
      ? {}
      : { pickupAddress: pickupPoint && pickupAddressText(pickupPoint) }),
    pickupPoint,
    freeShippingThresholdCents: valid.freeShippingThresholdCents,
    excludedFromFreeShipping: valid.excludedFromFreeShipping,
    active: valid.active,
    position: valid.position,
    carrier: valid.carrier === null ? null : CARRIER_OF_INPUT[valid.carrier],
    carrierService: valid.carrierService,
  };
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
    const before = await lockShippingMethod(tx, id);
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
    const before = await lockShippingMethod(tx, id);
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
