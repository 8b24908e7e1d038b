// Two-factor sign-in over GraphQL (schema.graphql, "Dashboard, team and store"): the caller's
// enrolment, disabling, new recovery codes, and Staff.twoFactorEnabled / twoFactorSetupRequired.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { badUserInput } from '../../graphql/errors';
import { requireStaff } from '../../graphql/guards';
import { auditActor } from '../audit/audit';
import { findStaffById } from '../staff/staff.repository';
import {
  MAX_CODE_LENGTH,
  staffParent,
  storeRequiresTwoFactor,
  TwoFactorService,
  twoFactorService,
} from './twofactor.service';

function service(ctx: GraphQLContext): TwoFactorService {
  const app = ctx.request.server;
  return twoFactorService({
    db: ctx.db,
    clock: app.clock,
    tokens: app.tokens,
    rateLimits: app.rateLimits,
  });
}

function codeArgument(args: { code?: unknown }): string {
  const code = typeof args.code === 'string' ? args.code.trim() : '';
  if (code === '') throw badUserInput('Digite o código.', 'code');
  if (code.length > MAX_CODE_LENGTH) {
    throw badUserInput(`O código deve ter no máximo ${MAX_CODE_LENGTH} caracteres.`, 'code');
  }
  return code;
}

/** A Staff parent: S1's rows (twoFactorEnabledAt...) or anything with an id (then looked up). */
interface StaffParentLike {
  id?: unknown;
  twoFactorEnabled?: unknown;
  twoFactorEnabledAt?: unknown;
}

async function parentEnabled(parent: StaffParentLike, ctx: GraphQLContext): Promise<boolean> {
  if (typeof parent.twoFactorEnabled === 'boolean') return parent.twoFactorEnabled;
  if ('twoFactorEnabledAt' in parent) {
    return parent.twoFactorEnabledAt !== null && parent.twoFactorEnabledAt !== undefined;
  }
  if (typeof parent.id !== 'string') return false;
  const cache = ctx.loaders.get('twoFactorEnabledById', () => new Map<string, Promise<boolean>>());
  let enabled = cache.get(parent.id);
  if (!enabled) {
    enabled = findStaffById(ctx.db, parent.id).then(
      (row) => row !== null && TwoFactorService.enabled(row),
    );
    cache.set(parent.id, enabled);
  }
  return enabled;
}

function storeRequires(ctx: GraphQLContext): Promise<boolean> {
  return ctx.loaders.get('storeRequiresTwoFactor', () => storeRequiresTwoFactor(ctx.db));
}

export const resolvers: Resolvers = {
  Staff: {
    twoFactorEnabled(parent: unknown, _args: unknown, ctx: GraphQLContext) {
      return parentEnabled(parent as StaffParentLike, ctx);
    },
    async twoFactorSetupRequired(parent: unknown, _args: unknown, ctx: GraphQLContext) {
      if (!(await storeRequires(ctx))) return false;
      return !(await parentEnabled(parent as StaffParentLike, ctx));
    },
  },
  Mutation: {
    async twoFactorEnrolStart(_root, _args, ctx) {
      const principal = requireStaff(ctx);
      return service(ctx).enrolStart(principal);
    },
    async twoFactorEnrolConfirm(_root, args, ctx) {
      const principal = requireStaff(ctx);
      return service(ctx).enrolConfirm(principal, codeArgument(args), auditActor(ctx));
    },
    async twoFactorDisable(_root, args, ctx) {
      const principal = requireStaff(ctx);
      const row = await service(ctx).disable(principal, codeArgument(args), auditActor(ctx));
      return staffParent(row);
    },
    async twoFactorRecoveryCodesRegenerate(_root, args, ctx) {
      const principal = requireStaff(ctx);
      return service(ctx).regenerateRecoveryCodes(principal, codeArgument(args), auditActor(ctx));
    },
  },
};
