// Staff management of coupons (ADMIN): validation with Portuguese messages naming the field,
// then plain writes; the coupon rules themselves are applied at checkout.
import type { Database, Executor } from '../../db';
import { recordAudit, type AuditActor } from '../audit/audit';
import { badUserInput, notFound } from '../../graphql/errors';
import { existingCatalogIds } from '../catalog/catalog.repository';
import type { CouponRow } from './coupons.tables';
import {
  allCouponsNewestFirst,
  couponHasRedemptions,
  deleteCouponById,
  findCoupon,
  findCouponIdByCode,
  insertCoupon,
  lockCoupon,
  updateCouponById,
  type NewCoupon,
} from './coupons.staff.repository';
import {
  checkCouponInput,
  COUPON_INPUT_LIMITS,
  COUPON_INPUT_MESSAGES,
  couponScopeIds,
  type CouponInput,
  type CouponScopeField,
} from '@vitrine/rules';
import { isUuid } from '../../lib/ids';

export type { CouponInput, CouponKindInput } from '@vitrine/rules';

const M = COUPON_INPUT_MESSAGES;

const KIND_TO_DB = { PERCENT: 'percent', FIXED: 'fixed', FREE_SHIPPING: 'free_shipping' } as const;

/**
 * The brands and categories of the input that the catalog holds, read before the rule runs (it
 * is pure): only for a list the rule would go on to look up (at most 100 ids, each a UUID).
 */
async function knownScopeIds(
  db: Executor,
  input: CouponInput,
): Promise<Record<CouponScopeField, Set<string>>> {
  const known = async (field: CouponScopeField) => {
    const ids = couponScopeIds(input[field]);
    if (ids.length === 0 || ids.length > COUPON_INPUT_LIMITS.scopeIds || !ids.every(isUuid)) {
      return new Set<string>();
    }
    const kind = field === 'brandIds' ? 'brand' : 'category';
    return new Set(await existingCatalogIds(db, kind, ids));
  };
  return { brandIds: await known('brandIds'), categoryIds: await known('categoryIds') };
}

export type CouponValues = NewCoupon;

/** The input by @vitrine/rules checkCouponInput (the mocks' rule too), as a row to write. */
export async function validateCouponInput(db: Executor, input: CouponInput): Promise<CouponValues> {
  const known = await knownScopeIds(db, input);
  const checked = checkCouponInput(input, {
    isId: isUuid,
    exists: (field, ids) => ids.every((id) => known[field].has(id)),
  });
  if (!checked.ok) throw badUserInput(checked.message, checked.field);
  return { ...checked.values, kind: KIND_TO_DB[checked.values.kind] };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function assertCodeFree(db: Executor, code: string, exceptId: string | null) {
  const otherId = await findCouponIdByCode(db, code);
  if (otherId !== null && otherId !== exceptId) {
    throw badUserInput(M.codeTaken(code), 'code');
  }
}

export async function listCoupons(db: Executor): Promise<CouponRow[]> {
  return allCouponsNewestFirst(db);
}

const AUDITED_FIELDS = [
  'code',
  'description',
  'kind',
  'percent',
  'amountCents',
  'freeShipping',
  'minSubtotalCents',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perEmailLimit',
  'brandIds',
  'categoryIds',
  'active',
] as const;

function auditValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** The coupon's fields for the audit log: all of them, or only those that differ from `other`. */
export function couponAuditValues(
  row: CouponRow,
  other: CouponRow | null = null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of AUDITED_FIELDS) {
    const value = auditValue(row[field]);
    if (other && JSON.stringify(value) === JSON.stringify(auditValue(other[field]))) continue;
    values[field] = value;
  }
  return values;
}

export async function createCoupon(
  db: Database,
  input: CouponInput,
  actor: AuditActor,
): Promise<CouponRow> {
  const values = await validateCouponInput(db, input);
  await assertCodeFree(db, values.code, null);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertCoupon(tx, values);
      await recordAudit(tx, actor, {
        action: 'coupon.create',
        entity: 'COUPON',
        entityId: row.id,
        entityLabel: row.code,
        summary: `Cupom ${row.code} criado.`,
        after: couponAuditValues(row),
      });
      return row;
    });
  } catch (error) {
    // Two staff creating the same code at once: the unique index decides.
    if (isUniqueViolation(error)) {
      throw badUserInput(M.codeTaken(values.code), 'code');
    }
    throw error;
  }
}

export async function updateCoupon(
  db: Database,
  id: string,
  input: CouponInput,
  actor: AuditActor,
): Promise<CouponRow> {
  if (!isUuid(id)) throw notFound(M.notFound);
  const current = await findCoupon(db, id);
  if (!current) throw notFound(M.notFound);
  const values = await validateCouponInput(db, input);
  await assertCodeFree(db, values.code, id);
  if (values.usageLimit !== null && values.usageLimit !== undefined) {
    if (values.usageLimit < current.usedCount) {
      throw badUserInput(M.usageBelowUsed(current.usedCount), 'usageLimit');
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const before = (await lockCoupon(tx, id)) ?? current;
      const row = await updateCouponById(tx, id, values);
      if (!row) throw notFound(M.notFound);
      const changed = couponAuditValues(row, before);
      if (Object.keys(changed).length > 0) {
        await recordAudit(tx, actor, {
          action: 'coupon.update',
          entity: 'COUPON',
          entityId: row.id,
          entityLabel: row.code,
          summary: `Cupom ${row.code} alterado: ${Object.keys(changed).join(', ')}.`,
          before: Object.fromEntries(
            Object.keys(changed).map((key) => [key, couponAuditValues(before)[key]]),
          ),
          after: changed,
        });
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw badUserInput(M.codeTaken(values.code), 'code');
    }
    throw error;
  }
}

export async function deleteCoupon(db: Database, id: string, actor: AuditActor): Promise<boolean> {
  if (!isUuid(id)) throw notFound(M.notFound);
  return db.transaction(async (tx) => {
    const current = await lockCoupon(tx, id);
    if (!current) throw notFound(M.notFound);
    const used = await couponHasRedemptions(tx, id);
    if (used || current.usedCount > 0) {
      // Its redemptions keep the per-e-mail limits and the orders' history right.
      throw badUserInput(M.used, 'id');
    }
    await deleteCouponById(tx, id);
    await recordAudit(tx, actor, {
      action: 'coupon.delete',
      entity: 'COUPON',
      entityId: current.id,
      entityLabel: current.code,
      summary: `Cupom ${current.code} excluído.`,
      before: couponAuditValues(current),
    });
    return true;
  });
}
