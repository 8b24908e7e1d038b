// How the team page words roles, statuses and times (pt-BR, São Paulo time). Pure.
import { formatDateTime } from '../../../format';
import type { StaffRoleValue, StaffStatusValue, TeamMember } from './TeamScreen.graphql';

export const ROLE_ORDER: StaffRoleValue[] = ['ADMIN', 'BRAND_MANAGER', 'SUPPORT'];

/** What each role may do, in one line (the invite and access dialogs). */
export const ROLE_DESCRIPTIONS: Record<StaffRoleValue, string> = {
  ADMIN: 'Tudo: pedidos, catálogo, equipe, configurações e auditoria.',
  BRAND_MANAGER: 'Produtos, estoque e pedidos somente das marcas escolhidas.',
  SUPPORT: 'Pedidos, Pix e clientes; vê o catálogo sem alterá-lo e não vê faturamento.',
};

export type TeamStatusFilter = 'ativos' | 'convites' | 'desativados';

export const STATUS_FILTERS: {
  value: TeamStatusFilter;
  label: string;
  status: StaffStatusValue;
}[] = [
  { value: 'ativos', label: 'Ativos', status: 'ACTIVE' },
  { value: 'convites', label: 'Convites pendentes', status: 'INVITED' },
  { value: 'desativados', label: 'Desativados', status: 'INACTIVE' },
];

export function parseStatusFilter(value: string | null): TeamStatusFilter | null {
  return STATUS_FILTERS.some((filter) => filter.value === value)
    ? (value as TeamStatusFilter)
    : null;
}

const relative = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'always' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '2024-03-05T12:00:00Z' seen at `now` -> 'há 2 horas', 'em 3 dias', 'agora'. */
export function formatRelative(value: string, now: number): string {
  const diff = Date.parse(value) - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return relative.format(Math.round(diff / size), unit);
  }
  return 'agora';
}

export function statusLabel(member: TeamMember, now: number): string {
  if (member.status === 'ACTIVE') return 'Ativo';
  if (member.status === 'INACTIVE') return 'Desativado';
  if (member.invitationExpiresAt === null) return 'Convite pendente';
  return Date.parse(member.invitationExpiresAt) <= now
    ? 'Convite expirado'
    : `Convite pendente (expira ${formatRelative(member.invitationExpiresAt, now)})`;
}

export function exactDateTime(value: string): string {
  return formatDateTime(value);
}

/** Name or e-mail contains every word of `search` (accents and case ignored). */
export function matchesSearch(member: TeamMember, search: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const haystack = fold(`${member.name} ${member.email}`);
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
