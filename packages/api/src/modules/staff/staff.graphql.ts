import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { unauthenticated } from '../../graphql/errors';
import { findStaffById } from './staff.repository';
import type { StaffRow } from './staff.tables';

/**
 * A staff account as the GraphQL `Staff` type's resolvers receive it: the row without its secrets
 * (password hash, two-factor secret), dates as ISO strings. The field resolvers of the team
 * (status, invitationExpiresAt, ...) and of two-factor sign-in (twoFactorEnabled, from
 * twoFactorEnabledAt) read it.
 */
export interface StaffNode {
  id: string;
  email: string;
  name: string;
  role: StaffRow['role'];
  brandIds: string[];
  active: boolean;
  tokenVersion: number;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
  invitedAt: string | null;
  invitedBy: string | null;
  twoFactorEnabledAt: string | null;
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function toStaffNode(row: StaffRow): StaffNode {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    brandIds: row.brandIds,
    active: row.active,
    tokenVersion: row.tokenVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSignInAt: iso(row.lastSignInAt),
    invitedAt: iso(row.invitedAt),
    invitedBy: row.invitedBy,
    twoFactorEnabledAt: iso(row.twoFactorEnabledAt),
  };
}

export const resolvers: Resolvers = {
  Query: {
    async me(_root, _args, ctx) {
      const principal = requireStaff(ctx);
      const row = await findStaffById(ctx.db, principal.id);
      if (!row) throw unauthenticated();
      return toStaffNode(row);
    },
  },
};
