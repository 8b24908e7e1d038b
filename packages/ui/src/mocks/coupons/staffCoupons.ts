// The checkout domain's staff coupon resolvers (Cupons, ADMIN only), answering as the server's
// coupons.staff.service does: the same validation in Portuguese with the field, a code taken by
// another coupon refused, a used coupon never deleted, each change written to the audit log.
// The coupons hang on the mock world's checkout data (fresh on each reset); a story or test gives
// its own with `checkoutMock.answers(withCouponFixtures({ coupons: [] }))`.
import { GraphQLError } from 'graphql';
import { normaliseCouponCode } from '@vitrine/rules';

import type { CheckoutFixtures } from '../checkout/checkout.fixtures';
import type { CategoryFixture } from '../catalog/catalog.fixtures';
import { makeStaffCoupons, type CouponFixture, type CouponKindFixture } from './coupons.fixtures';
import { appendAuditEntry } from '../audit/staffAudit';
import {
  badInput,
  requireStaff,
  type MockWorld,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

export const COUPON_FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
export const COUPON_NOT_FOUND_MESSAGE = 'Cupom não encontrado.';
export const COUPON_USED_MESSAGE =
  'Este cupom já foi usado em pedidos e não pode ser excluído: desative-o.';

const COUPON_FIXTURES = Symbol('couponFixtures');

export interface CouponFixturesInput {
  coupons?: CouponFixture[];
}

type WithCouponFixtures<T> = T & { [COUPON_FIXTURES]?: CouponFixturesInput };

/**
 * The checkout mock's input carrying the staff coupons:
 * `checkoutMock.answers(withCouponFixtures({ coupons: [] }))`.
 */
export function withCouponFixtures<T extends object>(
  fixtures: CouponFixturesInput,
  checkout: T = {} as T,
): T {
  return { ...checkout, [COUPON_FIXTURES]: fixtures };
}

const states = new WeakMap<CheckoutFixtures, CouponFixture[]>();

function couponsOf(world: MockWorld): CouponFixture[] {
  let coupons = states.get(world.checkout);
  if (!coupons) {
    const input = (world.checkout as WithCouponFixtures<CheckoutFixtures>)[COUPON_FIXTURES];
    // A copy: the mutations change it, never the fixtures a story passed.
    coupons = structuredClone(input?.coupons ?? makeStaffCoupons());
    states.set(world.checkout, coupons);
  }
  return coupons;
}

function requireAdmin(context: RequestContext): void {
  const staff = requireStaff(context);
  if (staff.role !== 'ADMIN') {
    throw new GraphQLError(COUPON_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
  }
}

function notFound(): GraphQLError {
  return new GraphQLError(COUPON_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
}

export interface CouponInputArgs {
  code: string;
  description?: string | null;
  kind: CouponKindFixture;
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

type CouponValues = Omit<CouponFixture, 'id' | 'usedCount' | 'createdAt' | 'updatedAt'>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function realDay(text: string): boolean {
  const day = text.slice(0, 10);
  return DATE_ONLY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

function parseInstant(
  value: string | null | undefined,
  edge: 'start' | 'end',
  field: string,
): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  let iso: string | null = null;
  if (realDay(text)) {
    if (DATE_ONLY.test(text)) {
      iso = `${text}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}-03:00`;
    } else if (DATE_TIME.test(text)) {
      iso = text;
    }
  }
  const date = iso === null ? null : new Date(iso);
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() > 2100) {
    throw badInput(
      'Data inválida: use AAAA-MM-DD ou data e hora ISO, como 2026-03-01T10:00:00-03:00.',
      field,
    );
  }
  return date.toISOString();
}

function optionalInt(
  value: number | null | undefined,
  field: string,
  min: number,
  max: number,
  message: string,
): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw badInput(message, field);
  return value;
}

function categoryIdsOf(categories: CategoryFixture[]): string[] {
  return categories.flatMap((category) => [category.id, ...categoryIdsOf(category.children)]);
}

function validScopeIds(
  world: MockWorld,
  ids: string[] | null | undefined,
  field: 'brandIds' | 'categoryIds',
): string[] {
  const unique = [...new Set(ids ?? [])];
  if (unique.length > 100) throw badInput('Escolha no máximo 100 itens.', field);
  const what = field === 'brandIds' ? 'Marca' : 'Categoria';
  if (unique.some((id) => id.trim() === '')) throw badInput(`${what} inválida.`, field);
  const known = new Set(
    field === 'brandIds'
      ? world.catalog.brands.map((brand) => brand.id)
      : categoryIdsOf(world.catalog.categories),
  );
  if (unique.some((id) => !known.has(id))) {
    throw badInput(`${what} não encontrada: confira a lista.`, field);
  }
  return unique;
}

function validate(world: MockWorld, input: CouponInputArgs): CouponValues {
  const code = normaliseCouponCode(input.code ?? '');
  if (!code) {
    throw badInput(
      "Código inválido: use de 1 a 40 letras sem acento, números, '-' ou '_', começando por letra ou número.",
      'code',
    );
  }
  const description = (input.description ?? '').trim();
  if (description.length > 200) {
    throw badInput('A descrição pode ter no máximo 200 caracteres.', 'description');
  }
  let percent: number | null = null;
  let amountCents: number | null = null;
  const given = (value: number | null | undefined) => value !== null && value !== undefined;
  if (input.kind === 'PERCENT') {
    const value = input.percent;
    if (value === null || value === undefined) {
      throw badInput('Informe a porcentagem de desconto.', 'percent');
    }
    if (
      !Number.isFinite(value) ||
      value <= 0 ||
      value > 100 ||
      Math.round(value * 100) !== value * 100
    ) {
      throw badInput(
        'A porcentagem deve ser maior que 0 e no máximo 100, com até duas casas decimais.',
        'percent',
      );
    }
    if (given(input.amountCents)) {
      throw badInput('Um cupom de porcentagem não tem valor fixo.', 'amountCents');
    }
    percent = value;
  } else if (input.kind === 'FIXED') {
    amountCents = optionalInt(
      input.amountCents,
      'amountCents',
      1,
      10_000_000,
      'O valor do desconto deve ser de R$ 0,01 a R$ 100.000,00 (em centavos).',
    );
    if (amountCents === null) throw badInput('Informe o valor do desconto.', 'amountCents');
    if (given(input.percent)) {
      throw badInput('Um cupom de valor fixo não tem porcentagem.', 'percent');
    }
  } else if (input.kind === 'FREE_SHIPPING') {
    if (given(input.percent) || given(input.amountCents)) {
      throw badInput('Um cupom de frete grátis não tem desconto nos produtos.', 'kind');
    }
  } else {
    throw badInput('Tipo de cupom inválido.', 'kind');
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
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
    throw badInput('O fim da validade deve ser depois do início.', 'endsAt');
  }
  const usageLimit = optionalInt(
    input.usageLimit,
    'usageLimit',
    1,
    1_000_000,
    'O limite de usos deve ser de 1 a 1.000.000 (deixe vazio para ilimitado).',
  );
  const perEmailLimit = optionalInt(
    input.perEmailLimit,
    'perEmailLimit',
    1,
    1_000_000,
    'O limite por e-mail deve ser de 1 a 1.000.000 (deixe vazio para ilimitado).',
  );
  if (usageLimit !== null && perEmailLimit !== null && perEmailLimit > usageLimit) {
    throw badInput(
      'O limite por e-mail não pode ser maior que o limite total de usos.',
      'perEmailLimit',
    );
  }
  return {
    code,
    description,
    kind: input.kind,
    percent,
    amountCents,
    freeShipping: input.kind === 'FREE_SHIPPING' ? true : input.freeShipping === true,
    minSubtotalCents,
    startsAt,
    endsAt,
    usageLimit,
    perEmailLimit,
    brandIds: validScopeIds(world, input.brandIds, 'brandIds'),
    categoryIds: validScopeIds(world, input.categoryIds, 'categoryIds'),
    active: input.active ?? true,
  };
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

/** The coupon's audited fields (the server's couponAuditValues; kind in lower case as stored). */
function auditValues(coupon: CouponFixture, other: CouponFixture | null = null) {
  const values: Record<string, unknown> = {};
  for (const field of AUDITED_FIELDS) {
    const value = field === 'kind' ? coupon.kind.toLowerCase() : coupon[field];
    const otherValue =
      other === null ? undefined : field === 'kind' ? other.kind.toLowerCase() : other[field];
    if (other && JSON.stringify(value) === JSON.stringify(otherValue)) continue;
    values[field] = value;
  }
  return values;
}

function assertCodeFree(coupons: CouponFixture[], code: string, exceptId: string | null) {
  if (coupons.some((coupon) => coupon.code === code && coupon.id !== exceptId)) {
    throw badInput(`Já existe um cupom com o código ${code}.`, 'code');
  }
}

let nextId = 1;

function findOrFail(coupons: CouponFixture[], id: string): CouponFixture {
  const found = coupons.find((coupon) => coupon.id === id);
  if (!found) throw notFound();
  return found;
}

export const staffCouponResolvers = {
  coupons: (_args: unknown, context: RequestContext) => {
    requireAdmin(context);
    return [...couponsOf(context.world)].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  },

  couponCreate: ({ input }: { input: CouponInputArgs }, context: RequestContext) => {
    requireAdmin(context);
    const coupons = couponsOf(context.world);
    const values = validate(context.world, input);
    assertCodeFree(coupons, values.code, null);
    const now = new Date().toISOString();
    const coupon: CouponFixture = {
      id: `coupon-new-${nextId++}`,
      ...values,
      usedCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    coupons.push(coupon);
    appendAuditEntry(context.world, {
      ip: null,
      userAgent: null,
      action: 'coupon.create',
      entity: 'COUPON',
      entityId: coupon.id,
      entityLabel: coupon.code,
      brandIds: [],
      summary: `Cupom ${coupon.code} criado.`,
      before: null,
      after: JSON.stringify(auditValues(coupon)),
    });
    return coupon;
  },

  couponUpdate: (
    { id, input }: { id: string; input: CouponInputArgs },
    context: RequestContext,
  ) => {
    requireAdmin(context);
    const coupons = couponsOf(context.world);
    const current = findOrFail(coupons, id);
    const values = validate(context.world, input);
    assertCodeFree(coupons, values.code, id);
    if (values.usageLimit !== null && values.usageLimit < current.usedCount) {
      throw badInput(
        `O limite de usos não pode ser menor que os usos já feitos (${current.usedCount}).`,
        'usageLimit',
      );
    }
    const before = { ...current };
    Object.assign(current, values, { updatedAt: new Date().toISOString() });
    const changed = auditValues(current, before);
    const keys = Object.keys(changed);
    if (keys.length > 0) {
      const beforeValues = auditValues(before);
      appendAuditEntry(context.world, {
        ip: null,
        userAgent: null,
        action: 'coupon.update',
        entity: 'COUPON',
        entityId: current.id,
        entityLabel: current.code,
        brandIds: [],
        summary: `Cupom ${current.code} alterado: ${keys.join(', ')}.`,
        before: JSON.stringify(Object.fromEntries(keys.map((key) => [key, beforeValues[key]]))),
        after: JSON.stringify(changed),
      });
    }
    return current;
  },

  couponDelete: ({ id }: { id: string }, context: RequestContext) => {
    requireAdmin(context);
    const coupons = couponsOf(context.world);
    const current = findOrFail(coupons, id);
    if (current.usedCount > 0) throw badInput(COUPON_USED_MESSAGE, 'id');
    coupons.splice(coupons.indexOf(current), 1);
    appendAuditEntry(context.world, {
      ip: null,
      userAgent: null,
      action: 'coupon.delete',
      entity: 'COUPON',
      entityId: current.id,
      entityLabel: current.code,
      brandIds: [],
      summary: `Cupom ${current.code} excluído.`,
      before: JSON.stringify(auditValues(current)),
      after: null,
    });
    return true;
  },
} satisfies RootResolvers;
