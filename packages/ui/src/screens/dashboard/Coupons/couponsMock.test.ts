// The coupons' words (status at a moment, value, usage, scope, the summary sentence, São Paulo wall
// time) and the mock answering as the API: ADMIN only, the server's messages at their field, a
// used coupon never deleted, each change in the audit log.
import { describe, expect, it } from 'vitest';
import { COUPON_INPUT_MESSAGES } from '@vitrine/rules';

import { catalogMock, makeAccessToken, staffMock } from '../../../mocks';
import { makeCatalogStructure } from '../../../mocks/catalog/catalogStructure.fixtures';
import { COUPONS_NOW, makeCoupon } from '../../../mocks/coupons/coupons.fixtures';
import { COUPON_USED_MESSAGE } from '../../../mocks/coupons/staffCoupons';
import { server } from '../../../mocks/server';
import {
  couponScopeLabel,
  couponStatus,
  couponSummary,
  couponUsageLabel,
  couponValueLabel,
  isoToWallTime,
  wallTimeToIso,
} from './couponFormat';
import { parseCouponForm, emptyCouponForm } from './couponForm';

const NOW = Date.parse(COUPONS_NOW);

describe('coupon words', () => {
  it('names the status: inactive, then ended, used up, not started, else active', () => {
    expect(couponStatus(makeCoupon({ active: false, usageLimit: 1, usedCount: 1 }), NOW)).toBe(
      'inativo',
    );
    expect(couponStatus(makeCoupon({ endsAt: '2026-03-10T14:59:59.999Z' }), NOW)).toBe('expirado');
    expect(couponStatus(makeCoupon({ usageLimit: 5, usedCount: 5 }), NOW)).toBe('esgotado');
    expect(couponStatus(makeCoupon({ startsAt: '2026-03-10T15:00:01.000Z' }), NOW)).toBe(
      'agendado',
    );
    expect(couponStatus(makeCoupon({ endsAt: '2026-03-10T15:00:00.000Z' }), NOW)).toBe('ativo');
  });

  it('writes value, usage and scope in pt-BR', () => {
    expect(couponValueLabel(makeCoupon({ percent: 12.5 }))).toBe('12,5%');
    expect(
      couponValueLabel(
        makeCoupon({ kind: 'FIXED', percent: null, amountCents: 2000, freeShipping: true }),
      ),
    ).toBe('R$\u00a020,00 + frete grátis');
    expect(couponValueLabel(makeCoupon({ kind: 'FREE_SHIPPING', percent: null }))).toBe(
      'Frete grátis',
    );
    expect(couponUsageLabel({ usedCount: 12, usageLimit: 100 })).toBe('12 / 100 usos');
    expect(couponUsageLabel({ usedCount: 1, usageLimit: null })).toBe('1 uso');
    expect(couponScopeLabel([], [])).toBe('Loja inteira');
    expect(couponScopeLabel(['Aurora', 'Raiz'], ['Roupas'])).toBe(
      'Marcas Aurora e Raiz · Categoria Roupas',
    );
  });

  it('sums the coupon up in one sentence', () => {
    expect(
      couponSummary({
        kind: 'PERCENT',
        percent: 10,
        amountCents: null,
        freeShipping: false,
        minSubtotalCents: 10000,
        startsAt: null,
        endsAt: '2026-04-01T02:59:59.999Z',
        usageLimit: null,
        perEmailLimit: 1,
        brandNames: ['Lumi'],
        categoryNames: [],
      }).replace(/\u00a0/g, ' '),
    ).toBe(
      '10% em produtos da marca Lumi, pedidos a partir de R$ 100,00, até 31/03/2026 23:59, 1 uso por cliente',
    );
  });

  it('keeps the pickers in São Paulo wall time, whatever the browser zone', () => {
    expect(isoToWallTime('2026-04-01T02:59:59.999Z')).toBe('2026-03-31T23:59');
    expect(wallTimeToIso('2026-03-31T23:59', 'end')).toBe('2026-03-31T23:59:59.999-03:00');
    expect(wallTimeToIso('2026-04-01T00:00', 'start')).toBe('2026-04-01T00:00:00.000-03:00');
  });

  it('refuses to send a value it cannot read', () => {
    const form = { ...emptyCouponForm(), kind: 'FIXED' as const, amount: '20,5,0' };
    expect(parseCouponForm(form).errors).toEqual({
      amountCents: 'Valor inválido: use o formato 20,00.',
    });
    expect(parseCouponForm({ ...form, amount: '1.299,90' }).input.amountCents).toBe(129990);
  });

  it("checks what reads well by the server's rule, in its words, before sending", () => {
    const form = { ...emptyCouponForm(), code: 'VERAO10', percent: '10' };
    expect(parseCouponForm(form).errors).toEqual({});
    expect(
      parseCouponForm({ ...form, startsAt: '2026-03-10T00:00', endsAt: '2026-03-01T23:59' }).errors,
    ).toEqual({ endsAt: COUPON_INPUT_MESSAGES.endBeforeStart });
    expect(parseCouponForm({ ...form, usageLimit: '5', perEmailLimit: '6' }).errors).toEqual({
      perEmailLimit: COUPON_INPUT_MESSAGES.perEmailOverUsage,
    });
    expect(parseCouponForm({ ...form, code: 'verão 10' }).errors).toEqual({
      code: COUPON_INPUT_MESSAGES.code,
    });
  });
});

interface GraphqlResult<T> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

async function staffGraphql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
) {
  const token = makeAccessToken('staff-1', 'admin@vitrine.com.br');
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlResult<T>;
}

const CREATE = `mutation ($input: CouponInput!) { couponCreate(input: $input) { id code usedCount } }`;
const UPDATE = `mutation ($id: ID!, $input: CouponInput!) { couponUpdate(id: $id, input: $input) { id active } }`;
const DELETE = `mutation ($id: ID!) { couponDelete(id: $id) }`;
const AUDIT = `query { auditLog(filter: { entity: COUPON }) { nodes { action entityLabel summary } } }`;

describe('coupons mock', () => {
  it('answers FORBIDDEN to SUPPORT', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT' }));
    const result = await staffGraphql('query { coupons { id } }');
    expect(result.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
  });

  // The input's rules are the server's (@vitrine/rules checkCouponInput): the coupons parity table
  // (packages/rules/parity/coupons.cases.ts) runs them on both sides. What needs the mock's world:
  it('refuses a usage limit below the uses already made', async () => {
    server.use(...catalogMock.answers(makeCatalogStructure()));
    const base = { code: 'NOVO', kind: 'PERCENT', percent: 10 };
    const update = await staffGraphql(UPDATE, {
      id: 'coupon-aurora',
      input: { ...base, code: 'AURORA15', usageLimit: 5 },
    });
    expect(update.errors?.[0]?.message).toBe(
      'O limite de usos não pode ser menor que os usos já feitos (12).',
    );
  });

  it('refuses to delete a used coupon and records each change in the audit log', async () => {
    server.use(...catalogMock.answers(makeCatalogStructure()));
    const used = await staffGraphql(DELETE, { id: 'coupon-teste' });
    expect(used.errors?.[0]?.message).toBe(COUPON_USED_MESSAGE);
    const created = await staffGraphql<{ couponCreate: { id: string; code: string } }>(CREATE, {
      input: { code: ' verao ', kind: 'FREE_SHIPPING' },
    });
    expect(created.data?.couponCreate.code).toBe('VERAO');
    await staffGraphql(DELETE, { id: 'coupon-inverno' });
    const audit = await staffGraphql<{
      auditLog: { nodes: { action: string; entityLabel: string; summary: string }[] };
    }>(AUDIT);
    expect(audit.data?.auditLog.nodes.slice(0, 2)).toEqual([
      { action: 'coupon.delete', entityLabel: 'INVERNO10', summary: 'Cupom INVERNO10 excluído.' },
      { action: 'coupon.create', entityLabel: 'VERAO', summary: 'Cupom VERAO criado.' },
    ]);
  });
});
