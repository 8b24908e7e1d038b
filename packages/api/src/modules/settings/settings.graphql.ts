import type { IResolvers } from 'mercurius';
import type { GraphQLContext } from '../../graphql/context';
import { getStoreSettings } from './settings.repository';

export interface StoreSettingsView {
  storeName: string;
  pixDiscountPercent: number;
  installments: { maxInstallments: number; minInstallmentCents: number };
  freeShippingThresholdCents: number | null;
  analyticsMeasurementId: string | null;
}

export const resolvers: IResolvers<unknown, GraphQLContext> = {
  Query: {
    async storeSettings(
      _root: unknown,
      _args: unknown,
      ctx: GraphQLContext,
    ): Promise<StoreSettingsView> {
      const row = await getStoreSettings(ctx.db);
      return {
        storeName: row.storeName,
        pixDiscountPercent: row.pixDiscountPercent,
        installments: {
          maxInstallments: row.maxInstallments,
          minInstallmentCents: row.minInstallmentCents,
        },
        freeShippingThresholdCents: row.freeShippingThresholdCents,
        // The environment wins so a deployment can switch analytics without touching the data.
        analyticsMeasurementId: ctx.config.analyticsMeasurementId ?? row.analyticsMeasurementId,
      };
    },
  },
};
