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
import { normaliseCouponCode } from '@vitrine/rules';
import { isUuid } from '../../lib/ids';
import { parseIsoDay } from '../../lib/dates';

export type CouponKindInput = 'PERCENT' | 'FIXED' | 'FREE_SHIPPING';

export interface CouponInput {
  code: string;
  description?: string | null;
  kind: CouponKindInput;
  percent?: number | null;
  amountCents?: number | null;
  freeShipping?: boolean | null;
  minSubtotalCents?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  usageLimit?: number | null;
  perEmailLimit?: number | null;
  brandIds?: string[] | null;
  categoryIds?: string[] | null;
  active?: boolean | null;
}

const MAX_AMOUNT_CENTS = 10_000_000; // R$ 100.000,00
const MAX_USES = 1_000_000;
const MAX_SCOPE_IDS = 100;
const COUPON_NOT_FOUND = 'Cupom não encontrado.';

const KIND_TO_DB = { PERCENT: 'percent', FIXED: 'fixed', FREE_SHIPPING: 'free_shipping' } as const;

// Brazil has had no daylight saving time since 2019: the store's days start at -03:00.
const STORE_UTC_OFFSET = '-03:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO instant, or a calendar day (its first instant for a start, its last for an end). */
function parseInstant(
  value: string | null | undefined,
  edge: 'start' | 'end',
  field: string,
): Date | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  let iso: string | null = null;
  // Date would roll 2026-02-31 over to March: the calendar day must exist as written.
  const realDay = parseIsoDay(text.slice(0, 10)) !== null;
  if (!realDay) {
    iso = null;
  } else if (DATE_ONLY.test(text)) {
    iso = `${text}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}${STORE_UTC_OFFSET}`;
  } else if (DATE_TIME.test(text)) {
    iso = text;
  }
  const date = iso === null ? null : new Date(iso);
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() > 2100) {
    throw badUserInput(
      'Data inválida: use AAAA-MM-DD ou data e hora ISO, como 2026-03-01T10:00:00-03:00.',
      field,
    );
  }
  return date;
}

function optionalInt(
  value: number | null | undefined,
  field: string,
  min: number,
  max: number,
  message: string,
): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw badUserInput(message, field);
  return value;
}

async function validScopeIds(
  db: Executor,
  ids: string[] | null | undefined,
  field: 'brandIds' | 'categoryIds',
): Promise<string[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length > MAX_SCOPE_IDS) {
    throw badUserInput(`Escolha no máximo ${MAX_SCOPE_IDS} itens.`, field);
  }
  const what = field === 'brandIds' ? 'Marca' : 'Categoria';
  if (unique.some((id) => !isUuid(id))) throw badUserInput(`${what} inválida.`, field);
  if (unique.length === 0) return [];
  const found = await existingCatalogIds(db, field === 'brandIds' ? 'brand' : 'category', unique);
  if (found.length !== unique.length) {
    throw badUserInput(`${what} não encontrada: confira a lista.`, field);
  }
  return unique;
}

export type CouponValues = NewCoupon;

export async function validateCouponInput(db: Executor, input: CouponInput): Promise<CouponValues> {
  const code = normaliseCouponCode(input.code ?? '');
  if (!code) {
    throw badUserInput(
      "Código inválido: use de 1 a 40 letras sem acento, números, '-' ou '_', começando por letra ou número.",
      'code',
    );
  }
  const description = (input.description ?? '').trim();
  if (description.length > 200) {
    throw badUserInput('A descrição pode ter no máximo 200 caracteres.', 'description');
  }
  const kind = KIND_TO_DB[input.kind];
  if (!kind) throw badUserInput('Tipo de cupom inválido.', 'kind');

  let percent: number | null = null;
  let amountCents: number | null = null;
  if (input.kind === 'PERCENT') {
    const value = input.percent;
    if (value === null || value === undefined) {
      throw badUserInput('Informe a porcentagem de desconto.', 'percent');
    }
    if (
      !Number.isFinite(value) ||
      value <= 0 ||
      value > 100 ||
      Math.round(value * 100) !== value * 100
    ) {
      throw badUserInput(
        'A porcentagem deve ser maior que 0 e no máximo 100, com até duas casas decimais.',
        'percent',
      );
    }
    if (input.amountCents !== null && input.amountCents !== undefined) {
      throw badUserInput('Um cupom de porcentagem não tem valor fixo.', 'amountCents');
    }
    percent = value;
  } else if (input.kind === 'FIXED') {
    amountCents = optionalInt(
      input.amountCents,
      'amountCents',
      1,
      MAX_AMOUNT_CENTS,
      'O valor do desconto deve ser de R$ 0,01 a R$ 100.000,00 (em centavos).',
    );
    if (amountCents === null) throw badUserInput('Informe o valor do desconto.', 'amountCents');
    if (input.percent !== null && input.percent !== undefined) {
      throw badUserInput('Um cupom de valor fixo não tem porcentagem.', 'percent');
    }
  } else if (
    (input.percent !== null && input.percent !== undefined) ||
    (input.amountCents !== null && input.amountCents !== undefined)
  ) {
    throw badUserInput('Um cupom de frete grátis não tem desconto nos produtos.', 'kind');
  }

  const minSubtotalCents = optionalInt(
    input.minSubtotalCents,
    'minSubtotalCents',
    0,
    100_000_000,
    'O pedido mínimo deve ser de R$ 0,00 a R$ 1.000.000,00 (em centavos).',
  );
  const startsAt = parseInstant(input.startsAt, 'start', 'startsAt');
  const endsAt = parseInstant(input.endsAt, 'end', 'endsAt');
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    throw badUserInput('O fim da validade deve ser depois do início.', 'endsAt');
  }
  const usageLimit = optionalInt(
    input.usageLimit,
    'usageLimit',
    1,
    MAX_USES,
    'O limite de usos deve ser de 1 a 1.000.000 (deixe vazio para ilimitado).',
  );
  const perEmailLimit = optionalInt(
    input.perEmailLimit,
    'perEmailLimit',
    1,
    MAX_USES,
    'O limite por e-mail deve ser de 1 a 1.000.000 (deixe vazio para ilimitado).',
  );
  if (usageLimit !== null && perEmailLimit !== null && perEmailLimit > usageLimit) {
    throw badUserInput(
      'O limite por e-mail não pode ser maior que o limite total de usos.',
      'perEmailLimit',
    );
  }
  const brandIds = await validScopeIds(db, input.brandIds, 'brandIds');
  const categoryIds = await validScopeIds(db, input.categoryIds, 'categoryIds');
  return {
    code,
    description,
    kind,
    percent,
    amountCents,
    freeShipping: input.kind === 'FREE_SHIPPING' ? true : input.freeShipping === true,
    minSubtotalCents,
    startsAt,
    endsAt,
    usageLimit,
    perEmailLimit,
    brandIds,
    categoryIds,
    active: input.active ?? true,
  };
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
    throw badUserInput(`Já existe um cupom com o código ${code}.`, 'code');
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
      throw badUserInput(`Já existe um cupom com o código ${values.code}.`, 'code');
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
  if (!isUuid(id)) throw notFound(COUPON_NOT_FOUND);
  const current = await findCoupon(db, id);
  if (!current) throw notFound(COUPON_NOT_FOUND);
  const values = await validateCouponInput(db, input);
  await assertCodeFree(db, values.code, id);
  if (values.usageLimit !== null && values.usageLimit !== undefined) {
    if (values.usageLimit < current.usedCount) {
      throw badUserInput(
        `O limite de usos não pode ser menor que os usos já feitos (${current.usedCount}).`,
        'usageLimit',
      );
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const before = (await lockCoupon(tx, id)) ?? current;
      const row = await updateCouponById(tx, id, values);
      if (!row) throw notFound(COUPON_NOT_FOUND);
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
      throw badUserInput(`Já existe um cupom com o código ${values.code}.`, 'code');
    }
    throw error;
  }
}

export async function deleteCoupon(db: Database, id: string, actor: AuditActor): Promise<boolean> {
  if (!isUuid(id)) throw notFound(COUPON_NOT_FOUND);
  return db.transaction(async (tx) => {
    const current = await lockCoupon(tx, id);
    if (!current) throw notFound(COUPON_NOT_FOUND);
    const used = await couponHasRedemptions(tx, id);
    if (used || current.usedCount > 0) {
      // Its redemptions keep the per-e-mail limits and the orders' history right.
      throw badUserInput(
        'Este cupom já foi usado em pedidos e não pode ser excluído: desative-o.',
        'id',
      );
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
