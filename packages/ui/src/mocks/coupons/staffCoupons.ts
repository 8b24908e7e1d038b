// The checkout domain's staff coupon resolvers (Cupons, ADMIN only), answering as the server's
// coupons.staff.service does: the same validation in Portuguese with the field, a code taken by
// another coupon refused, a used coupon never deleted, each change written to the audit log.
// The coupons hang on the mock world's checkout data (fresh on each reset); a story or test gives
// its own with `checkoutMock.answers(withCouponFixtures({ coupons: [] }))`.
import { GraphQLError } from 'graphql';
import { checkCouponInput, COUPON_INPUT_MESSAGES, type CouponInput } from '@vitrine/rules';

import type { CheckoutFixtures } from '../checkout/checkout.fixtures';
import type { CategoryFixture } from '../catalog/catalog.fixtures';
import { makeStaffCoupons, type CouponFixture } from './coupons.fixtures';
import { appendAuditEntry } from '../audit/staffAudit';
import {
  badInput,
  requireStaff,
  type MockWorld,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

export const COUPON_FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
export const COUPON_USED_MESSAGE = COUPON_INPUT_MESSAGES.used;

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
  return new GraphQLError(COUPON_INPUT_MESSAGES.notFound, { extensions: { code: 'NOT_FOUND' } });
}

type CouponValues = Omit<CouponFixture, 'id' | 'usedCount' | 'createdAt' | 'updatedAt'>;

function categoryIdsOf(categories: CategoryFixture[]): string[] {
  return categories.flatMap((category) => [category.id, ...categoryIdsOf(category.children)]);
}

/**
 * The input by the server's rule (@vitrine/rules checkCouponInput): the same fields in the same
 * order, with the same messages. The world's ids are no UUIDs: any non-blank text has an id's
 * shape here, and the catalog's brands and categories are the world's.
 */
function validate(world: MockWorld, input: CouponInput): CouponValues {
  const known = {
    brandIds: new Set(world.catalog.brands.map((brand) => brand.id)),
    categoryIds: new Set(categoryIdsOf(world.catalog.categories)),
  };
  const checked = checkCouponInput(input, {
    isId: (id) => id.trim() !== '',
    exists: (field, ids) => ids.every((id) => known[field].has(id)),
  });
  if (!checked.ok) throw badInput(checked.message, checked.field);
  const { startsAt, endsAt, ...values } = checked.values;
  return {
    ...values,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
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
    throw badInput(COUPON_INPUT_MESSAGES.codeTaken(code), 'code');
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

  couponCreate: ({ input }: { input: CouponInput }, context: RequestContext) => {
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

  couponUpdate: ({ id, input }: { id: string; input: CouponInput }, context: RequestContext) => {
    requireAdmin(context);
    const coupons = couponsOf(context.world);
    const current = findOrFail(coupons, id);
    const values = validate(context.world, input);
    assertCodeFree(coupons, values.code, id);
    if (values.usageLimit !== null && values.usageLimit < current.usedCount) {
      throw badInput(COUPON_INPUT_MESSAGES.usageBelowUsed(current.usedCount), 'usageLimit');
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
