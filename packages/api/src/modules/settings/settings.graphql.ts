import type { Resolvers } from '../../graphql/resolvers.generated';
import type { GraphQLContext } from '../../graphql/context';
import { auditActor } from '../audit/audit';
import { badUserInput } from '../../graphql/errors';
import { requireStaff, STORE_MONEY_ROLES } from '../../graphql/guards';
import { installmentRulesOf, type InstallmentRules } from '@vitrine/rules';
import { getStoreSettings } from './settings.repository';
import {
  getAdminSettings,
  installmentSettingsOf,
  legalIdentityView,
  SettingsConflictError,
  updateSettings,
  type AdminSettingsView,
} from './settings.service';
import { SettingsInputError, validateSettingsPatch } from './settings.validation';

export interface StoreSettingsView {
  storeName: string;
  pixDiscountPercent: number;
  installments: InstallmentRules;
  freeShippingThresholdCents: number | null;
  analyticsMeasurementId: string | null;
  heroTitle: string;
  heroSubtitle: string;
  legalName: string | null;
  cnpj: string | null;
  legalAddress: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  exchangesPolicyText: string | null;
  privacyPolicyText: string | null;
  contactPageText: string | null;
  interestFreeInstallments: number;
}

/**
 * A field of the store's Pix receiving account: the store's money (DESIGN.md, roles), so ADMIN
 * only; any other staff member asking for it gets FORBIDDEN on that field.
 */
function storeMoneyField<K extends keyof AdminSettingsView>(key: K) {
  return (row: AdminSettingsView, _args: unknown, ctx: GraphQLContext): AdminSettingsView[K] => {
    requireStaff(ctx, STORE_MONEY_ROLES);
    return row[key];
  };
}

/** What these resolvers hand on as the schema's objects (mappers of resolvers.generated.ts). */
export type { AdminSettingsView };

export const resolvers: Resolvers = {
  Query: {
    async storeSettings(_root, _args, ctx): Promise<StoreSettingsView> {
      const row = await getStoreSettings(ctx.db);
      return {
        storeName: row.storeName,
        pixDiscountPercent: row.pixDiscountPercent,
        // What the storefront may promise (installmentSettingsOf): maxInstallments is the most
        // interest-free ones, the plans with interest are told apart.
        installments: installmentRulesOf(installmentSettingsOf(row)),
        freeShippingThresholdCents: row.freeShippingThresholdCents,
        // The environment wins so a deployment can switch analytics without touching the data.
        analyticsMeasurementId: ctx.config.analyticsMeasurementId ?? row.analyticsMeasurementId,
        heroTitle: row.heroTitle,
        heroSubtitle: row.heroSubtitle,
        ...legalIdentityView(row),
        exchangesPolicyText: row.exchangesPolicyText,
        privacyPolicyText: row.privacyPolicyText,
        contactPageText: row.contactPageText,
        interestFreeInstallments: Math.min(row.interestFreeInstallments, row.maxInstallments),
      };
    },
    /** Staff (any role): every setting; the Pix receiving account's fields to ADMIN only. */
    async settings(_root, _args, ctx): Promise<AdminSettingsView> {
      requireStaff(ctx);
      return getAdminSettings(ctx.db);
    },
  },
  Mutation: {
    /** ADMIN: changes the fields present in the input; null clears a nullable one. */
    async settingsUpdate(_root, args, ctx): Promise<AdminSettingsView> {
      const staff = requireStaff(ctx, ['ADMIN']);
      let patch;
      try {
        patch = validateSettingsPatch(args.input);
      } catch (error) {
        if (error instanceof SettingsInputError) throw badUserInput(error.message, error.field);
        throw error;
      }
      try {
        return await updateSettings(
          ctx.db,
          { staffId: staff.id, name: staff.name },
          patch,
          auditActor(ctx),
        );
      } catch (error) {
        if (error instanceof SettingsConflictError) throw badUserInput(error.message, error.field);
        throw error;
      }
    },
  },
  AdminSettings: {
    pixKey: storeMoneyField('pixKey'),
    pixMerchantName: storeMoneyField('pixMerchantName'),
    pixMerchantCity: storeMoneyField('pixMerchantCity'),
  },
};
