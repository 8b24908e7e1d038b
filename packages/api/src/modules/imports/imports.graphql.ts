// GraphQL resolvers of the product CSV import (preview, apply in the background, discard).
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireStaff } from '../../graphql/guards';
import { requireAuditedStaff } from '../audit/audit';
import type { ProductImportRecord } from './imports.repository';
import {
  createProductImport,
  discardImport,
  IMPORT_ROLES,
  previewRowsOf,
  productImportFor,
  productImportsFor,
  startApplyingImport,
} from './imports.service';

/** What these resolvers hand on as the schema's objects (mappers of resolvers.generated.ts). */
export type { ProductImportRecord };

export const resolvers: Resolvers = {
  Query: {
    async productImports(_root, args, ctx) {
      const principal = requireStaff(ctx, IMPORT_ROLES);
      return productImportsFor(ctx.db, principal, args.first);
    },
    async productImport(_root, args, ctx) {
      const principal = requireStaff(ctx, IMPORT_ROLES);
      return productImportFor(ctx.db, principal, args.id);
    },
  },
  Mutation: {
    async productImportCreate(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, IMPORT_ROLES);
      return createProductImport(
        ctx.db,
        principal,
        args.input,
        new Date(ctx.request.server.clock.now()),
      );
    },
    async productImportApply(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, IMPORT_ROLES);
      const record = await startApplyingImport(ctx.db, principal, args.id);
      // Committed: the apply runs in the background, not inside this request.
      ctx.request.server.productImports.kick();
      return record;
    },
    async productImportDiscard(_root, args, ctx) {
      const principal = requireAuditedStaff(ctx, IMPORT_ROLES);
      return discardImport(ctx.db, principal, args.id);
    },
  },
  ProductImport: {
    createdAt: (row) => row.createdAt.toISOString(),
    rows: (row, args, ctx) => previewRowsOf(ctx.db, row, args),
  },
};
