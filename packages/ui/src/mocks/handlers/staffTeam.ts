// The staff domain's team resolvers (Equipe: staff accounts and invitations), as the server
// answers them: ADMIN only (FORBIDDEN otherwise); invitations validated field by field
// (BAD_USER_INPUT with extensions.field: 'email', 'name', 'brandIds'); nobody changes their own
// access; the last active ADMIN is never demoted nor deactivated.
//
// The team lives beside the signed-in staff member of each mock world (fresh on resetMockWorld()).
// A story or test chooses another team with `staffMock.answers({ ...me, ...withTeam(members) })`.
import { checkEmail } from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import type { StaffFixture, StaffRole } from '../fixtures/staff';
import { makeTeam, teamMemberOf, type TeamMemberFixture } from '../fixtures/team';
import { badInput, requireStaff, type RequestContext, type RootResolvers } from './graphqlDomain';

const TEAM_SEED = Symbol('team');

type Seeded = StaffFixture & { [TEAM_SEED]?: TeamMemberFixture[] };

/**
 * The team a staff mock starts with, spread into `staffMock.answers({...})`: the signed-in member
 * is added in front unless `members` already holds their id.
 */
export function withTeam(members: TeamMemberFixture[]): Partial<StaffFixture> {
  return { [TEAM_SEED]: members } as Partial<StaffFixture>;
}

const teams = new WeakMap<StaffFixture, TeamMemberFixture[]>();

function teamOf(me: StaffFixture): TeamMemberFixture[] {
  let team = teams.get(me);
  if (!team) {
    const seed = (me as Seeded)[TEAM_SEED];
    team = seed
      ? [
          ...(seed.some((member) => member.id === me.id) ? [] : [teamMemberOf(me)]),
          ...structuredClone(seed),
        ]
      : makeTeam(me);
    teams.set(me, team);
  }
  return team;
}

const INVITATION_HOURS = 72;
export const TEAM_FORBIDDEN_MESSAGE = 'Somente administradores podem gerenciar a equipe.';
export const OWN_ACCESS_MESSAGE = 'Você não pode alterar o próprio acesso.';
export const LAST_ADMIN_MESSAGE =
  'É preciso manter ao menos uma pessoa ativa com acesso de administração.';
const ROLES: StaffRole[] = ['ADMIN', 'BRAND_MANAGER', 'SUPPORT'];

function admin(context: RequestContext): { me: StaffFixture; team: TeamMemberFixture[] } {
  const me = requireStaff(context);
  if (me.role !== 'ADMIN') {
    throw new GraphQLError(TEAM_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
  }
  return { me, team: teamOf(me) };
}

function target(team: TeamMemberFixture[], me: StaffFixture, id: string): TeamMemberFixture {
  const member = team.find((candidate) => candidate.id === id);
  if (!member) {
    throw new GraphQLError('Pessoa não encontrada na equipe.', {
      extensions: { code: 'NOT_FOUND' },
    });
  }
  if (member.id === me.id) throw badInput(OWN_ACCESS_MESSAGE, 'id');
  return member;
}

function activeAdminsBesides(team: TeamMemberFixture[], id: string): number {
  return team.filter(
    (member) => member.id !== id && member.role === 'ADMIN' && member.status === 'ACTIVE',
  ).length;
}

/** role and brandIds as the server takes them: brands for BRAND_MANAGER only, known ones. */
function readAccess(
  context: RequestContext,
  role: StaffRole,
  brandIds: readonly string[] | null | undefined,
): string[] {
  if (!ROLES.includes(role)) throw badInput('Escolha um papel.', 'role');
  if (role !== 'BRAND_MANAGER') {
    if (brandIds && brandIds.length > 0) {
      throw badInput('Somente a gestão de marcas tem marcas.', 'brandIds');
    }
    return [];
  }
  const unique = [...new Set(brandIds ?? [])];
  if (unique.length === 0) throw badInput('Escolha ao menos uma marca.', 'brandIds');
  const known = new Set(context.world.catalog.brands.map((brand) => brand.id));
  if (unique.some((id) => !known.has(id))) {
    throw badInput('Uma das marcas escolhidas não existe.', 'brandIds');
  }
  return unique;
}

function byName(a: TeamMemberFixture, b: TeamMemberFixture): number {
  return a.name.localeCompare(b.name, 'pt-BR');
}

let nextId = 100;

interface InviteInput {
  email: string;
  name: string;
  role: StaffRole;
  brandIds?: string[] | null;
}

export const staffTeamResolvers = {
  staffMembers: (_args: unknown, context: RequestContext) => [...admin(context).team].sort(byName),

  staffInvite: ({ input }: { input: InviteInput }, context: RequestContext) => {
    const { team } = admin(context);
    const checked = checkEmail(input.email);
    if (!checked.ok) throw badInput(checked.message, 'email');
    const email = checked.email.toLowerCase();
    const name = input.name.trim();
    if (name.length < 1 || name.length > 80) {
      throw badInput('O nome deve ter de 1 a 80 caracteres.', 'name');
    }
    if (team.some((member) => member.email.toLowerCase() === email)) {
      throw badInput('Já existe uma conta com este e-mail na equipe.', 'email');
    }
    const brandIds = readAccess(context, input.role, input.brandIds);
    const now = Date.now();
    const member: TeamMemberFixture = {
      id: `staff-new-${nextId++}`,
      name,
      email,
      role: input.role,
      active: true,
      brandIds,
      status: 'INVITED',
      lastSignInAt: null,
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
      invitationExpiresAt: new Date(now + INVITATION_HOURS * 3_600_000).toISOString(),
      createdAt: new Date(now).toISOString(),
    };
    team.push(member);
    return member;
  },

  staffInvitationResend: ({ id }: { id: string }, context: RequestContext) => {
    const { me, team } = admin(context);
    const member = target(team, me, id);
    if (member.status !== 'INVITED') {
      throw badInput('Esta pessoa já aceitou o convite.', 'id');
    }
    member.invitationExpiresAt = new Date(Date.now() + INVITATION_HOURS * 3_600_000).toISOString();
    return member;
  },

  staffUpdateAccess: (
    { id, input }: { id: string; input: { role: StaffRole; brandIds?: string[] | null } },
    context: RequestContext,
  ) => {
    const { me, team } = admin(context);
    const member = target(team, me, id);
    const brandIds = readAccess(context, input.role, input.brandIds);
    if (
      member.role === 'ADMIN' &&
      member.status === 'ACTIVE' &&
      input.role !== 'ADMIN' &&
      activeAdminsBesides(team, member.id) === 0
    ) {
      throw badInput(LAST_ADMIN_MESSAGE, 'role');
    }
    member.role = input.role;
    member.brandIds = brandIds;
    return member;
  },

  staffSetActive: ({ id, active }: { id: string; active: boolean }, context: RequestContext) => {
    const { me, team } = admin(context);
    const member = target(team, me, id);
    if (
      !active &&
      member.role === 'ADMIN' &&
      member.status === 'ACTIVE' &&
      activeAdminsBesides(team, member.id) === 0
    ) {
      throw badInput(LAST_ADMIN_MESSAGE, 'id');
    }
    member.active = active;
    if (!active) member.status = 'INACTIVE';
    else member.status = member.lastSignInAt === null ? 'INVITED' : 'ACTIVE';
    return member;
  },
} satisfies RootResolvers;
