// The team (ADMIN) and my account (any staff): schema.graphql, "Dashboard, team and store".
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import type DataLoader from 'dataloader';
import { keyedLoader } from '../../lib/keyed-loader';
import { toStaffNode, type StaffNode } from '../staff/staff.graphql';
import { auditActor, recordAudit } from '../audit/audit';
import {
  invitationStates,
  listStaff,
  revokeTokensReturning,
  type InvitationState,
} from '../staff/staff.repository';
import {
  changeMyPassword,
  inviteStaff,
  resendInvitation,
  setActive,
  teamDeps,
  updateAccess,
  updateMyProfile,
} from './team.service';

const NEVER_INVITED: InvitationState = { accepted: false, openExpiresAt: null };

function invitationLoader(ctx: GraphQLContext): DataLoader<string, InvitationState> {
  return ctx.loaders.get('team.invitations', () =>
    keyedLoader<string, InvitationState>(
      (ids) => invitationStates(ctx.db, ids),
      () => NEVER_INVITED,
    ),
  );
}

function isoOf(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** INVITED: never accepted an invitation and not active; null for any other account. */
async function openInvitation(
  parent: StaffNode,
  ctx: GraphQLContext,
): Promise<InvitationState | null> {
  if (parent.active || !parent.invitedAt) return null;
  const state = await invitationLoader(ctx).load(parent.id);
  return state.accepted ? null : state;
}

export const resolvers: Resolvers = {
  Query: {
    async staffMembers(_root, _args, ctx) {
      if (!ctx.staff) throw unauthenticated();
      if (ctx.staff.role !== 'ADMIN') throw forbidden();
      return (await listStaff(ctx.db)).map(toStaffNode);
    },
  },
  Mutation: {
    staffInvite(_root, args, ctx) {
      return inviteStaff(ctx, teamDeps(ctx.request.server), args.input);
    },
    staffInvitationResend(_root, args, ctx) {
      return resendInvitation(ctx, teamDeps(ctx.request.server), args.id);
    },
    staffUpdateAccess(_root, args, ctx) {
      return updateAccess(ctx, teamDeps(ctx.request.server), args.id, args.input);
    },
    staffSetActive(_root, args, ctx) {
      return setActive(ctx, teamDeps(ctx.request.server), args.id, args.active);
    },
    myProfileUpdate(_root, args, ctx) {
      return updateMyProfile(ctx, teamDeps(ctx.request.server), args.name);
    },
    // Here rather than in the staff module, which imports no audit (the module graph stays acyclic).
    async signOutEverywhere(_root, _args, ctx) {
      if (!ctx.staff) throw unauthenticated();
      const principal = ctx.staff;
      await ctx.db.transaction(async (tx) => {
        const row = await revokeTokensReturning(tx, principal.id);
        if (!row) throw unauthenticated();
        await recordAudit(tx, auditActor(ctx), {
          action: 'auth.sign_out_everywhere',
          entity: 'SESSION',
          entityId: row.id,
          entityLabel: row.email,
          summary: `Encerrou todas as sessões de ${row.email}`,
        });
      });
      return true;
    },
    myPasswordChange(_root, args, ctx) {
      return changeMyPassword(
        ctx,
        teamDeps(ctx.request.server),
        args.currentPassword,
        args.newPassword,
      );
    },
  },
  // The parent is a StaffNode (toStaffNode: dates already ISO strings).
  Staff: {
    async status(staff, _args, ctx) {
      if (staff.active) return 'ACTIVE';
      return (await openInvitation(staff, ctx)) ? 'INVITED' : 'INACTIVE';
    },
    lastSignInAt: (staff) => staff.lastSignInAt,
    async invitationExpiresAt(staff, _args, ctx) {
      return isoOf((await openInvitation(staff, ctx))?.openExpiresAt);
    },
    createdAt: (staff) => staff.createdAt,
  },
};
