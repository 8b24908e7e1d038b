// Staff management of the store's boxes (ADMIN), beside the shipping methods: each box's inside
// (1 to 200 cm a side), its own weight and the most its contents may weigh, validated with the
// offending field named; one box per name. Every change is in the audit log (under the shipping
// entity, SHIPPING_METHOD, as 'shipping_box.*'). The checkout and the labels read them through
// packing.ts.
import type { Database, Executor } from '../../db';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { recordAudit, type AuditActor } from '../audit/audit';
import {
  deleteShippingBoxById,
  insertShippingBox,
  lockShippingBox,
  shippingBoxIdByName,
  updateShippingBoxById,
  type NewShippingBox,
} from './shipping.staff.boxes.repository';
import type { ShippingBoxRow } from './shipping.tables';
import { checkPackingBox, type PackingBoxInput } from '@vitrine/rules';

export type ShippingBoxInput = PackingBoxInput;

type ShippingBoxValues = NewShippingBox;

export const SHIPPING_BOX_NOT_FOUND = 'Caixa não encontrada.';

/** The box's values, or BAD_USER_INPUT at the first wrong field (@vitrine/rules checkPackingBox). */
export function validateShippingBoxInput(input: ShippingBoxInput): ShippingBoxValues {
  const checked = checkPackingBox(input);
  if (!checked.ok) throw badUserInput(checked.message, checked.field);
  return checked.box;
}

/** The boxes in the order the packing tries them: smallest (by volume) first, then by name. */
export { listShippingBoxes } from './shipping.staff.boxes.repository';

const AUDITED_FIELDS = [
  'name',
  'lengthCm',
  'widthCm',
  'heightCm',
  'weightGrams',
  'maxWeightGrams',
] as const;

function auditValues(
  row: ShippingBoxRow,
  other: ShippingBoxRow | null = null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of AUDITED_FIELDS) {
    if (other && row[field] === other[field]) continue;
    values[field] = row[field];
  }
  return values;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const nameTaken = (name: string) => badUserInput(`Já existe uma caixa chamada ${name}.`, 'name');

/** Whether another box already has this name (the unique index ignores case). */
async function assertNameFree(db: Executor, name: string, exceptId: string | null) {
  const other = await shippingBoxIdByName(db, name);
  if (other && other !== exceptId) throw nameTaken(name);
}

/** Runs `work`; two staff saving the same name at once: the unique index decides. */
async function uniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

export async function createShippingBox(
  db: Database,
  input: ShippingBoxInput,
  actor: AuditActor,
): Promise<ShippingBoxRow> {
  const values = validateShippingBoxInput(input);
  await assertNameFree(db, values.name, null);
  return uniqueName(values.name, () =>
    db.transaction(async (tx) => {
      const row = await insertShippingBox(tx, values);
      await recordAudit(tx, actor, {
        action: 'shipping_box.create',
        entity: 'SHIPPING_METHOD',
        entityId: row.id,
        entityLabel: row.name,
        summary: `Caixa ${row.name} criada.`,
        after: auditValues(row),
      });
      return row;
    }),
  );
}

export async function updateShippingBox(
  db: Database,
  id: string,
  input: ShippingBoxInput,
  actor: AuditActor,
): Promise<ShippingBoxRow> {
  if (!isUuid(id)) throw notFound(SHIPPING_BOX_NOT_FOUND);
  const values = validateShippingBoxInput(input);
  await assertNameFree(db, values.name, id);
  return uniqueName(values.name, () =>
    db.transaction(async (tx) => {
      const before = await lockShippingBox(tx, id);
      if (!before) throw notFound(SHIPPING_BOX_NOT_FOUND);
      const row = await updateShippingBoxById(tx, id, values);
      const changed = auditValues(row, before);
      if (Object.keys(changed).length > 0) {
        const all = auditValues(before);
        await recordAudit(tx, actor, {
          action: 'shipping_box.update',
          entity: 'SHIPPING_METHOD',
          entityId: row.id,
          entityLabel: row.name,
          summary: `Caixa ${row.name} alterada: ${Object.keys(changed).join(', ')}.`,
          before: Object.fromEntries(Object.keys(changed).map((key) => [key, all[key]])),
          after: changed,
        });
      }
      return row;
    }),
  );
}

/** Orders keep no reference to a box, so deleting one only changes how the next ones are packed. */
export async function deleteShippingBox(
  db: Database,
  id: string,
  actor: AuditActor,
): Promise<boolean> {
  if (!isUuid(id)) throw notFound(SHIPPING_BOX_NOT_FOUND);
  return db.transaction(async (tx) => {
    const before = await lockShippingBox(tx, id);
    if (!before) throw notFound(SHIPPING_BOX_NOT_FOUND);
    await deleteShippingBoxById(tx, id);
    await recordAudit(tx, actor, {
      action: 'shipping_box.delete',
      entity: 'SHIPPING_METHOD',
      entityId: before.id,
      entityLabel: before.name,
      summary: `Caixa ${before.name} excluída.`,
      before: auditValues(before),
    });
    return true;
  });
}
