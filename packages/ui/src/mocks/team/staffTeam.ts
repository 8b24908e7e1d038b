// The staff domain's team resolvers (Equipe: staff accounts and invitations), as the server
// answers them (packages/api/src/modules/team/team.service.ts, with its words): ADMIN only
// (FORBIDDEN otherwise); invitations validated field by field in the server's order (BAD_USER_INPUT
// with extensions.field 'input.email', 'input.name', 'input.brandIds'); nobody changes their own
// access nor (de)activates their own account (FORBIDDEN); the last active ADMIN is never demoted
// nor deactivated. The parity table packages/rules/parity/team.cases.ts holds the mock to it.
//
// The team lives beside the signed-in staff member of each mock world (fresh on resetMockWorld()).
// A story or test chooses another team with `staffMock.answers({ ...me, ...withTeam(members) })`.
import { checkStaffAccess, checkStaffInvite, TEAM_MESSAGES } from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import type { StaffFixture, StaffRole } from '../auth/staff.fixtures';
import { makeTeam, teamMemberOf, type TeamMemberFixture } from './team.fixtures';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

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
// The server's words (team.service.ts and graphql/errors.ts).
export const TEAM_FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';
export const OWN_ACCESS_MESSAGE = 'Você não pode alterar o seu próprio acesso.';
export const LAST_ADMIN_MESSAGE = TEAM_MESSAGES.lastAdmin;
export const STAFF_NOT_FOUND = 'Membro da equipe não encontrado.';
export const EMAIL_TAKEN = TEAM_MESSAGES.emailTaken;

function admin(context: RequestContext): { me: StaffFixture; team: TeamMemberFixture[] } {
  const me = requireStaff(context);
  if (me.role !== 'ADMIN') throw forbidden(TEAM_FORBIDDEN_MESSAGE);
  return { me, team: teamOf(me) };
}

function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

function target(team: TeamMemberFixture[], id: string): TeamMemberFixture {
  const member = team.find((candidate) => candidate.id === id);
  if (!member) throw new GraphQLError(STAFF_NOT_FOUND, { extensions: { code: 'NOT_FOUND' } });
  return member;
}

function activeAdminsBesides(team: TeamMemberFixture[], id: string): number {
  return team.filter(
    (member) => member.id !== id && member.role === 'ADMIN' && member.status === 'ACTIVE',
  ).length;
}

/** Brands the mock world has, as the server's lookup (existingBrands) refuses the others. */
function knownBrands(context: RequestContext, brandIds: string[]): string[] {
  const known = new Set(context.world.catalog.brands.map((brand) => brand.id));
  if (brandIds.some((id) => !known.has(id))) {
    throw badInput(TEAM_MESSAGES.brandNotFound, 'input.brandIds');
  }
  return brandIds;
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
    // The invitation's rule (@vitrine/rules checkStaffInvite), as the server reads it.
    const checked = checkStaffInvite(input);
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    const { email, name } = checked.value;
    const brandIds = knownBrands(context, checked.value.brandIds);
    if (team.some((member) => member.email.toLowerCase() === email)) {
      throw badInput(EMAIL_TAKEN, 'input.email');
    }
    const now = Date.now();
    const member: TeamMemberFixture = {
      id: `staff-new-${nextId++}`,
      name,
      email,
      role: input.role,
      active: false,
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
    const { team } = admin(context);
    const member = target(team, id);
    if (member.status !== 'INVITED') {
      throw badInput(TEAM_MESSAGES.resendAccepted, 'id');
    }
    member.invitationExpiresAt = new Date(Date.now() + INVITATION_HOURS * 3_600_000).toISOString();
    return member;
  },

  staffUpdateAccess: (
    { id, input }: { id: string; input: { role: StaffRole; brandIds?: string[] | null } },
    context: RequestContext,
  ) => {
    const { me, team } = admin(context);
    if (id === me.id) throw forbidden(OWN_ACCESS_MESSAGE);
    const access = checkStaffAccess(input);
    if (!access.ok) throw badInput(access.issue.message, access.issue.field);
    const brandIds = knownBrands(context, access.value.brandIds);
    const member = target(team, id);
    if (
      member.role === 'ADMIN' &&
      member.status === 'ACTIVE' &&
      input.role !== 'ADMIN' &&
      activeAdminsBesides(team, member.id) === 0
    ) {
      throw badInput(LAST_ADMIN_MESSAGE, 'input.role');
    }
    member.role = input.role;
    member.brandIds = brandIds;
    return member;
  },

  staffSetActive: ({ id, active }: { id: string; active: boolean }, context: RequestContext) => {
    const { me, team } = admin(context);
    if (id === me.id) {
      throw forbidden(
        active
          ? 'Você não pode reativar a sua própria conta.'
          : 'Você não pode desativar a sua própria conta.',
      );
    }
    const member = target(team, id);
    if (
      !active &&
      member.role === 'ADMIN' &&
      member.status === 'ACTIVE' &&
      activeAdminsBesides(team, member.id) === 0
    ) {
      throw badInput(LAST_ADMIN_MESSAGE, 'active');
    }
    if (active && member.active) return member;
    if (active && (member.status === 'INVITED' || member.lastSignInAt === null)) {
      throw badInput(TEAM_MESSAGES.reactivateInvited, 'active');
    }
    member.active = active;
    member.status = active ? 'ACTIVE' : 'INACTIVE';
    return member;
  },
} satisfies RootResolvers;
