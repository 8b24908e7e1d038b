// Two-factor sign-in over GraphQL (schema.graphql, "Dashboard, team and store"): the caller's
// enrolment, disabling, new recovery codes, and Staff.twoFactorEnabled / twoFactorSetupRequired.
import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { badUserInput } from '../../graphql/errors';
import { requireStaff } from '../../graphql/guards';
import { auditActor } from '../audit/audit';
import { toStaffNode } from '../staff/staff.graphql';
import {
  MAX_CODE_LENGTH,
  storeRequiresTwoFactor,
  twoFactorService,
  type TwoFactorService,
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

function storeRequires(ctx: GraphQLContext): Promise<boolean> {
  return ctx.loaders.get('storeRequiresTwoFactor', () => storeRequiresTwoFactor(ctx.db));
}

export const resolvers: Resolvers = {
  Staff: {
    // Every Staff parent is a StaffNode (staff.graphql.ts), which carries the enrolment date.
    twoFactorEnabled: (parent) => parent.twoFactorEnabledAt !== null,
    async twoFactorSetupRequired(parent, _args, ctx) {
      if (!(await storeRequires(ctx))) return false;
      return parent.twoFactorEnabledAt === null;
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
      return toStaffNode(row);
    },
    async twoFactorRecoveryCodesRegenerate(_root, args, ctx) {
      const principal = requireStaff(ctx);
      return service(ctx).regenerateRecoveryCodes(principal, codeArgument(args), auditActor(ctx));
    },
  },
};
