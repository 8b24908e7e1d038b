// Team fixtures (Equipe): staff accounts as `staffMembers` answers them, typed like the extended
// `Staff` type of packages/api/schema.graphql. Dates are relative to when the team is made, so
// "há 2 horas" and "expira em 2 dias" read the same in every screenshot.
import type { StaffFixture } from '../auth/staff.fixtures';
import type { StaffStatus } from '../../graphql/generated';
import type { TeamMember } from '../../screens/dashboard/Team/TeamScreen.graphql';

export type { StaffStatus };

export interface TeamMemberFixture extends TeamMember {
  twoFactorSetupRequired: boolean;
  createdAt: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The invitation links the mock server knows (POST /auth/invitation/check/ and accept/). */
export const VALID_INVITATION_TOKEN = 'convite-valido';
export const EXPIRED_INVITATION_TOKEN = 'convite-expirado';
/** Who the valid invitation is for. */
export const INVITED_NAME = 'Diego Ramos';
export const INVITED_EMAIL = 'diego@vitrine.com.br';

function at(offsetMs: number, now: number): string {
  return new Date(now + offsetMs).toISOString();
}

/** One account; `overrides` win. */
export function makeTeamMember(
  overrides: Partial<TeamMemberFixture> & Pick<TeamMemberFixture, 'id' | 'name' | 'email'>,
  now = Date.now(),
): TeamMemberFixture {
  return {
    role: 'SUPPORT',
    active: true,
    brandIds: [],
    status: 'ACTIVE',
    lastSignInAt: at(-3 * HOUR, now),
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
    invitationExpiresAt: null,
    createdAt: at(-120 * DAY, now),
    ...overrides,
  };
}

/** The signed-in staff member as a row of the team. */
export function teamMemberOf(me: StaffFixture, now = Date.now()): TeamMemberFixture {
  return makeTeamMember(
    {
      id: me.id,
      name: me.name,
      email: me.email,
      role: me.role,
      active: me.active,
      brandIds: [...me.brandIds],
      lastSignInAt: at(-5 * 60_000, now),
      twoFactorEnabled: true,
      createdAt: at(-400 * DAY, now),
    },
    now,
  );
}

/**
 * The store's team around the signed-in staff member `me`: another admin, two brand managers, a
 * support agent, a pending invitation and a deactivated account.
 */
export function makeTeam(me: StaffFixture, now = Date.now()): TeamMemberFixture[] {
  const others: TeamMemberFixture[] = [
    makeTeamMember(
      {
        id: 'staff-2',
        name: 'Bruno Lima',
        email: 'bruno@vitrine.com.br',
        role: 'SUPPORT',
        lastSignInAt: at(-26 * HOUR, now),
      },
      now,
    ),
    makeTeamMember(
      {
        id: 'staff-3',
        name: 'Carla Dias',
        email: 'carla@vitrine.com.br',
        role: 'BRAND_MANAGER',
        brandIds: ['brand-1', 'brand-2'],
        twoFactorEnabled: true,
        lastSignInAt: at(-2 * HOUR, now),
      },
      now,
    ),
    makeTeamMember(
      {
        id: 'staff-4',
        name: 'Eduarda Nunes',
        email: 'eduarda@vitrine.com.br',
        role: 'ADMIN',
        twoFactorEnabled: true,
        lastSignInAt: at(-4 * DAY, now),
      },
      now,
    ),
    makeTeamMember(
      {
        id: 'staff-5',
        name: 'Fábio Costa',
        email: 'fabio@vitrine.com.br',
        role: 'BRAND_MANAGER',
        brandIds: ['brand-3'],
        status: 'INVITED',
        lastSignInAt: null,
        invitationExpiresAt: at(2 * DAY + HOUR, now),
        createdAt: at(-DAY + HOUR, now),
      },
      now,
    ),
    makeTeamMember(
      {
        id: 'staff-6',
        name: 'Gabriela Rocha',
        email: 'gabriela@vitrine.com.br',
        role: 'SUPPORT',
        active: false,
        status: 'INACTIVE',
        lastSignInAt: at(-45 * DAY, now),
      },
      now,
    ),
  ].filter((member) => member.id !== me.id && member.email !== me.email);
  return [teamMemberOf(me, now), ...others];
}
