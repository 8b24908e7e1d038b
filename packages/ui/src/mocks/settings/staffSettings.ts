// The settings domain's staff resolvers (Configurações: settings, settingsUpdate, pixPreview),
// validating by the server's rules (@vitrine/rules settings.input.ts, which
// packages/api/src/modules/settings/settings.validation.ts calls): the same Portuguese messages
// and field paths (settingsUpdate: 'pixKey'; pixPreview: 'input.pixKey'), ADMIN only for the
// changes. The admin settings of a mock world live beside its public store settings.
import {
  brCodeText,
  checkPixPreviewInput,
  checkSettingsPatch,
  formatCnpj,
  formatPhone,
  installmentRulesOf as rulesOfTable,
  installmentTableOf,
  SETTINGS_MESSAGES,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import { makeAdminSettings, type AdminSettingsFixture } from './adminSettings.fixtures';
import { makePixProviderNotConfigured, type PixProviderFixture } from '../payments/pixPsp.fixtures';
import { makeStoreSettings, type StoreSettingsFixture } from './settings.fixtures';
import { crc16Ccitt, fakeQrSvg } from '../catalog/storefront.fixtures';
import {
  badInput,
  defineGraphqlDomain,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { fiscalPatchOf } from './staffSettingsFiscal';

export const FORBIDDEN_MESSAGE = 'Você não tem permissão para esta ação.';

function forbidden(): GraphQLError {
  return new GraphQLError(FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
}

type Patch = Partial<Omit<AdminSettingsFixture, 'updatedAt' | 'updatedByName'>>;

/** The storefront's InstallmentRules of these settings, by the server's rule (@vitrine/rules). */
export function installmentRulesOf(admin: AdminSettingsFixture) {
  return rulesOfTable(installmentTableOf(admin));
}

/**
 * settingsUpdate's input, checked by the server's rules (the first wrong field refused); only the
 * fields present, CNPJ and phone as the API shows them. Against the stored settings, as the
 * server's service: the interest-free instalments within the stored maximum (lowering the maximum
 * takes them down with it) and the fiscal data's conflicts.
 */
export function validateSettingsInput(
  input: Record<string, unknown>,
  current: AdminSettingsFixture,
): Patch {
  const checked = checkSettingsPatch(input);
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
  const { cnpj, contactPhone, ...rest } = checked.value;
  const patch: Patch = { ...rest };
  if (cnpj !== undefined) patch.cnpj = cnpj === null ? null : formatCnpj(cnpj);
  if (contactPhone !== undefined) {
    patch.contactPhone = contactPhone === null ? null : formatPhone(contactPhone);
  }
  const max = patch.maxInstallments ?? current.maxInstallments;
  if (patch.interestFreeInstallments !== undefined) {
    if (patch.interestFreeInstallments > max) {
      throw badInput(SETTINGS_MESSAGES.interestFreeAboveMax(max), 'interestFreeInstallments');
    }
  } else if (patch.maxInstallments !== undefined) {
    patch.interestFreeInstallments = Math.min(current.interestFreeInstallments, max);
  }
  Object.assign(patch, fiscalPatchOf(input, { ...current, ...patch }));
  return patch;
}

function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** A static BR Code (EMV, CRC16) for a key, receiver and amount, as the checkout makes one. */
export function makePreviewBrCode(
  key: string,
  name: string,
  city: string,
  amountCents: number,
): string {
  const payload =
    emv('00', '01') +
    emv('26', emv('00', 'br.gov.bcb.pix') + emv('01', key)) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('54', (amountCents / 100).toFixed(2)) +
    emv('58', 'BR') +
    emv('59', brCodeText(name).toUpperCase()) +
    emv('60', brCodeText(city).toUpperCase()) +
    emv('62', emv('05', 'VTEXEMPLO')) +
    '6304';
  return payload + crc16Ccitt(payload);
}

const adminByWorld = new WeakMap<StoreSettingsFixture, AdminSettingsFixture>();

/**
 * The staff resolvers over `initial` admin settings (the demo store's by default) and the state of
 * Pix through the bank's API (no PSP by default).
 */
export function makeStaffSettingsResolvers(
  initial?: Partial<AdminSettingsFixture>,
  pixProvider: PixProviderFixture = makePixProviderNotConfigured(),
) {
  const adminOf = (context: RequestContext): AdminSettingsFixture => {
    let admin = adminByWorld.get(context.world.settings);
    if (!admin) {
      admin = makeAdminSettings(initial);
      adminByWorld.set(context.world.settings, admin);
    }
    return admin;
  };
  return {
    settings: (_args: unknown, context: RequestContext) => {
      const staff = requireStaff(context);
      const admin = adminOf(context);
      const settings = { ...admin, pixExpiryHours: Math.ceil(admin.pixExpiryMinutes / 60) };
      if (staff.role === 'ADMIN') return settings;
      // As the API: the Pix receiving account is the store's money, FORBIDDEN field by field
      // (a function-valued property is the field's resolver).
      const refused = () => {
        throw forbidden();
      };
      return { ...settings, pixKey: refused, pixMerchantName: refused, pixMerchantCity: refused };
    },
    settingsUpdate: (args: { input: Record<string, unknown> }, context: RequestContext) => {
      const staff = requireStaff(context);
      if (staff.role !== 'ADMIN') throw forbidden();
      const admin = adminOf(context);
      const patch = validateSettingsInput(args.input, admin);
      const changed = Object.entries(patch).some(
        ([key, value]) => admin[key as keyof AdminSettingsFixture] !== value,
      );
      Object.assign(admin, patch);
      if (changed) {
        admin.updatedAt = new Date().toISOString();
        admin.updatedByName = staff.name;
      }
      // The storefront's settings follow.
      const store = context.world.settings;
      Object.assign(store, {
        storeName: admin.storeName,
        pixDiscountPercent: admin.pixDiscountPercent,
        freeShippingThresholdCents: admin.freeShippingThresholdCents,
        heroTitle: admin.heroTitle,
        heroSubtitle: admin.heroSubtitle,
        legalName: admin.legalName,
        cnpj: admin.cnpj,
        legalAddress: admin.legalAddress,
        contactEmail: admin.contactEmail,
        contactPhone: admin.contactPhone,
      });
      const installments = installmentRulesOf(admin);
      store.installments = installments;
      return { ...admin, pixExpiryHours: Math.ceil(admin.pixExpiryMinutes / 60) };
    },
    pixPreview: (
      args: {
        input: {
          pixKey: string;
          pixMerchantName: string;
          pixMerchantCity: string;
          amountCents?: number | null;
        };
      },
      context: RequestContext,
    ) => {
      const staff = requireStaff(context);
      if (staff.role !== 'ADMIN') throw forbidden();
      const checked = checkPixPreviewInput(args.input);
      if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
      const {
        pixKey: key,
        pixMerchantName: name,
        pixMerchantCity: city,
        amountCents,
      } = checked.value;
      const code = makePreviewBrCode(key, name, city, amountCents);
      return { code, qrCodeSvg: fakeQrSvg(code), amountCents };
    },
    // ADMIN only, as the API; whether the store has a Pix key follows its settings.
    pixProvider: (_args: unknown, context: RequestContext) => {
      const staff = requireStaff(context);
      if (staff.role !== 'ADMIN') throw forbidden();
      return { ...pixProvider, pixKeySet: adminOf(context).pixKey !== null };
    },
  } satisfies RootResolvers;
}

export const staffSettingsResolvers = makeStaffSettingsResolvers() satisfies RootResolvers;

/**
 * The settings domain over these admin settings (the public store settings as the defaults) and
 * this Pix provider state: `{ settings: staffSettingsMock.answers({ pixKey: null }) }`,
 * `staffSettingsMock.answers({}, makePixProviderConfigured())`.
 */
export const staffSettingsMock = {
  answers: (admin?: Partial<AdminSettingsFixture>, pixProvider?: PixProviderFixture) =>
    defineGraphqlDomain('settings', () => makeStoreSettings(), {
      storeSettings: (_args: unknown, { world }: RequestContext) => world.settings,
      ...makeStaffSettingsResolvers(admin, pixProvider),
    }).handlers(),
};
