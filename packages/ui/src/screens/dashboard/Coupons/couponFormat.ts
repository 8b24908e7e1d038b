// The coupons' words and numbers: status at a given moment, value ("10%", "R$ 20,00", "Frete
// grátis"), usage, validity and scope in pt-BR, the live summary sentence, the list's URL state
// (?busca=, ?situacao=, ?ordem=), a random code, and São Paulo wall time <-> ISO instants.
import { formatBRL, formatDateTime } from '../../../format';
import type { CouponKindValue, CouponNode } from './CouponsScreen.graphql';

export type CouponStatus = 'ativo' | 'agendado' | 'expirado' | 'esgotado' | 'inativo';

export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  ativo: 'Ativo',
  agendado: 'Agendado',
  expirado: 'Expirado',
  esgotado: 'Esgotado',
  inativo: 'Inativo',
};

export const COUPON_KIND_LABELS: Record<CouponKindValue, string> = {
  PERCENT: 'Percentual',
  FIXED: 'Valor fixo',
  FREE_SHIPPING: 'Frete grátis',
};

type StatusFields = Pick<CouponNode, 'active' | 'startsAt' | 'endsAt' | 'usageLimit' | 'usedCount'>;

/** Inactive first (staff switched it off), then ended, used up, not started yet; else active. */
export function couponStatus(coupon: StatusFields, now: number): CouponStatus {
  if (!coupon.active) return 'inativo';
  if (coupon.endsAt !== null && Date.parse(coupon.endsAt) < now) return 'expirado';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'esgotado';
  if (coupon.startsAt !== null && Date.parse(coupon.startsAt) > now) return 'agendado';
  return 'ativo';
}

const percentFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

export function formatPercent(percent: number): string {
  return `${percentFormat.format(percent)}%`;
}

type ValueFields = Pick<CouponNode, 'kind' | 'percent' | 'amountCents' | 'freeShipping'>;

/** "10%", "R$ 20,00", "Frete grátis"; "R$ 50,00 + frete grátis" when it gives both. */
export function couponValueLabel(coupon: ValueFields): string {
  if (coupon.kind === 'FREE_SHIPPING') return 'Frete grátis';
  const value =
    coupon.kind === 'PERCENT'
      ? formatPercent(coupon.percent ?? 0)
      : formatBRL(coupon.amountCents ?? 0);
  return coupon.freeShipping ? `${value} + frete grátis` : value;
}

/** "12 / 100 usos", "42 usos" (no limit), "1 uso". */
export function couponUsageLabel(coupon: Pick<CouponNode, 'usedCount' | 'usageLimit'>): string {
  const unit = (count: number) => (count === 1 ? 'uso' : 'usos');
  return coupon.usageLimit === null
    ? `${coupon.usedCount} ${unit(coupon.usedCount)}`
    : `${coupon.usedCount} / ${coupon.usageLimit} ${unit(coupon.usageLimit)}`;
}

/** '05/03/2026 09:30' in São Paulo time. */
export function formatInstant(iso: string): string {
  return formatDateTime(iso).replace(',', '');
}

/** "Sem prazo", "Até 31/03/2026 23:59", "A partir de 01/04/2026 00:00", "01/04/2026 00:00 a ...". */
export function couponValidityLabel(coupon: Pick<CouponNode, 'startsAt' | 'endsAt'>): string {
  if (coupon.startsAt === null && coupon.endsAt === null) return 'Sem prazo';
  if (coupon.startsAt === null) return `Até ${formatInstant(coupon.endsAt ?? '')}`;
  if (coupon.endsAt === null) return `A partir de ${formatInstant(coupon.startsAt)}`;
  return `${formatInstant(coupon.startsAt)} a ${formatInstant(coupon.endsAt)}`;
}

function namesList(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;
}

/** "Loja inteira", "Marca Aurora", "Categorias Roupas e Bolsas", "Marca Aurora · Categoria Roupas". */
export function couponScopeLabel(brandNames: string[], categoryNames: string[]): string {
  const parts: string[] = [];
  if (brandNames.length > 0) {
    parts.push(`${brandNames.length === 1 ? 'Marca' : 'Marcas'} ${namesList(brandNames)}`);
  }
  if (categoryNames.length > 0) {
    parts.push(
      `${categoryNames.length === 1 ? 'Categoria' : 'Categorias'} ${namesList(categoryNames)}`,
    );
  }
  return parts.length === 0 ? 'Loja inteira' : parts.join(' · ');
}

export interface CouponSummaryInput extends ValueFields {
  minSubtotalCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perEmailLimit: number | null;
  brandNames: string[];
  categoryNames: string[];
}

/**
 * The coupon in one sentence: "10% em produtos da marca Aurora, pedidos a partir de R$ 100,00,
 * até 31/03/2026 23:59, 1 uso por cliente".
 */
export function couponSummary(input: CouponSummaryInput): string {
  const scope: string[] = [];
  if (input.brandNames.length > 0) {
    scope.push(
      `da${input.brandNames.length === 1 ? ' marca' : 's marcas'} ${namesList(input.brandNames)}`,
    );
  }
  if (input.categoryNames.length > 0) {
    scope.push(
      `${scope.length > 0 ? 'na' : 'da'}${input.categoryNames.length === 1 ? ' categoria' : 's categorias'} ${namesList(input.categoryNames)}`,
    );
  }
  const where = scope.length === 0 ? 'em toda a loja' : `em produtos ${scope.join(' ')}`;
  let head: string;
  if (input.kind === 'FREE_SHIPPING') {
    head = scope.length === 0 ? 'Frete grátis' : `Frete grátis ${where.replace(/^em /, 'com ')}`;
  } else {
    const value =
      input.kind === 'PERCENT'
        ? input.percent === null
          ? '?%'
          : formatPercent(input.percent)
        : input.amountCents === null
          ? 'R$ ?'
          : formatBRL(input.amountCents);
    head = `${value} ${where}${input.freeShipping ? ' e frete grátis' : ''}`;
  }
  const parts = [head];
  if (input.minSubtotalCents !== null && input.minSubtotalCents > 0) {
    parts.push(`pedidos a partir de ${formatBRL(input.minSubtotalCents)}`);
  }
  if (input.startsAt !== null) parts.push(`de ${formatInstant(input.startsAt)}`);
  if (input.endsAt !== null) parts.push(`até ${formatInstant(input.endsAt)}`);
  if (input.usageLimit !== null) {
    parts.push(`${input.usageLimit} ${input.usageLimit === 1 ? 'uso' : 'usos'} no total`);
  }
  if (input.perEmailLimit !== null) {
    parts.push(`${input.perEmailLimit} ${input.perEmailLimit === 1 ? 'uso' : 'usos'} por cliente`);
  }
  return parts.join(', ');
}

// ---------------------------------------------------------------------------------------------
// The list's URL state.

export type CouponSort = 'recentes' | 'codigo' | 'usos' | 'validade';

export const COUPON_SORT_LABELS: Record<CouponSort, string> = {
  recentes: 'Mais recentes',
  codigo: 'Código (A–Z)',
  usos: 'Mais usados',
  validade: 'Terminam antes',
};

export interface CouponsListState {
  search: string;
  status: CouponStatus | null;
  sort: CouponSort;
}

export const EMPTY_COUPONS_STATE: CouponsListState = { search: '', status: null, sort: 'recentes' };

export const SEARCH_PARAM = 'busca';
export const STATUS_PARAM = 'situacao';
export const SORT_PARAM = 'ordem';

export function readCouponsState(params: URLSearchParams): CouponsListState {
  const status = params.get(STATUS_PARAM);
  const sort = params.get(SORT_PARAM);
  return {
    search: (params.get(SEARCH_PARAM) ?? '').slice(0, 100),
    status: status !== null && status in COUPON_STATUS_LABELS ? (status as CouponStatus) : null,
    sort: sort !== null && sort in COUPON_SORT_LABELS ? (sort as CouponSort) : 'recentes',
  };
}

export function writeCouponsState(state: CouponsListState, params: URLSearchParams): void {
  if (state.search.trim() === '') params.delete(SEARCH_PARAM);
  else params.set(SEARCH_PARAM, state.search.trim());
  if (state.status === null) params.delete(STATUS_PARAM);
  else params.set(STATUS_PARAM, state.status);
  if (state.sort === 'recentes') params.delete(SORT_PARAM);
  else params.set(SORT_PARAM, state.sort);
}

/** The coupons the list shows: searched by code, filtered by status, sorted. */
export function visibleCoupons(
  coupons: CouponNode[],
  state: CouponsListState,
  now: number,
): CouponNode[] {
  const search = state.search.trim().toUpperCase();
  const found = coupons.filter(
    (coupon) =>
      (search === '' || coupon.code.includes(search)) &&
      (state.status === null || couponStatus(coupon, now) === state.status),
  );
  const byCode = (a: CouponNode, b: CouponNode) => a.code.localeCompare(b.code, 'pt-BR');
  const sorters: Record<CouponSort, (a: CouponNode, b: CouponNode) => number> = {
    recentes: (a, b) => b.createdAt.localeCompare(a.createdAt) || byCode(a, b),
    codigo: byCode,
    usos: (a, b) => b.usedCount - a.usedCount || byCode(a, b),
    validade: (a, b) =>
      (a.endsAt === null ? Infinity : Date.parse(a.endsAt)) -
        (b.endsAt === null ? Infinity : Date.parse(b.endsAt)) || byCode(a, b),
  };
  return [...found].sort(sorters[state.sort]);
}

// ---------------------------------------------------------------------------------------------
// Codes and times.

// No 0/O or 1/I: read aloud or typed from a flyer, they get mixed up.
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 8-character code ('K7PQ2MZA'). */
export function generateCouponCode(random: () => number = Math.random): string {
  return Array.from(
    { length: 8 },
    () => CODE_LETTERS[Math.floor(random() * CODE_LETTERS.length)] ?? 'X',
  ).join('');
}

/** What the server accepts: letters without accents, digits, '-' and '_', up to 40. */
export function cleanCouponCode(text: string): string {
  return text
    .toUpperCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Z0-9_-]/g, '')
    .slice(0, 40);
}

// Brazil has had no daylight saving time since 2019: São Paulo is always UTC-03:00.
const SAO_PAULO_OFFSET_MS = 3 * 60 * 60 * 1000;

/** '2026-03-31T02:59:59.999Z' -> '2026-03-30T23:59' (São Paulo wall time, for the pickers). */
export function isoToWallTime(iso: string): string {
  return new Date(Date.parse(iso) - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * '2026-03-30T23:59' -> '2026-03-30T23:59:00-03:00'; an end at a whole minute lasts through it
 * ('...T23:59:59.999-03:00'), as the server's end of a day does.
 */
export function wallTimeToIso(wall: string, edge: 'start' | 'end'): string {
  return `${wall}${edge === 'end' ? ':59.999' : ':00.000'}-03:00`;
}
