// Pix through the PSP over GraphQL: an order's charge (staff who handle money) and whether the
// store's Pix is confirmed by the bank's API (ADMIN, for Settings).
import type { Resolvers } from '../../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../../graphql/context';
import { requireStaff, STORE_MONEY_ROLES } from '../../../graphql/guards';
import { keyedLoader } from '../../../lib/keyed-loader';
import { storePixKey } from './pix-psp.plugin';
import { countPixChargesByStatus, pixChargesOfOrders } from './pix-charges.repository';
import type { PixChargeRow } from './pix-charges.tables';

function chargeLoader(ctx: GraphQLContext) {
  return ctx.loaders.get('pixCharges', () =>
    keyedLoader<string, PixChargeRow | null>(
      (ids) => pixChargesOfOrders(ctx.db, ids),
      () => null,
    ),
  );
}

async function countByStatus(ctx: GraphQLContext): Promise<Map<string, number>> {
  return countPixChargesByStatus(ctx.db);
}

export const resolvers: Resolvers = {
  Query: {
    async pixProvider(_root, _args, ctx) {
      requireStaff(ctx, STORE_MONEY_ROLES);
      const handle = ctx.request.server.pixCharges;
      const pixKey = await storePixKey(ctx.db);
      const counts = handle ? await countByStatus(ctx) : new Map<string, number>();
      return {
        configured: Boolean(handle),
        host: handle?.info().host ?? null,
        webhookConfigured: handle?.info().webhookConfigured ?? false,
        webhookRegistered: handle?.webhookRegistered() ?? false,
        pixKeySet: Boolean(pixKey),
        pendingCreationCount: counts.get('TO_CREATE') ?? 0,
        failedCount: counts.get('FAILED') ?? 0,
        openCount: counts.get('ATIVA') ?? 0,
      };
    },
  },
  Order: {
    async pixCharge(order, _args, ctx) {
      if (requireStaff(ctx).role === 'BRAND_MANAGER' || order.paymentMethod !== 'PIX') return null;
      const row = await chargeLoader(ctx).load(order.id);
      if (!row) return null;
      return {
        status: row.status,
        txid: row.txid,
        endToEndId: row.endToEndId,
        receivedCents: row.receivedCents,
        paidAt: row.paidAt?.toISOString() ?? null,
        lastError: row.lastError,
        attempts: row.attempts,
      };
    },
  },
};
