// The settings domain's staff resolvers (Configurações: settings, settingsUpdate, pixPreview),
// validating as packages/api/src/modules/settings/settings.validation.ts does: the same Portuguese
// messages and field paths (settingsUpdate: 'pixKey'; pixPreview: 'input.pixKey'), ADMIN only for
// the changes. The admin settings of a mock world live beside its public store settings.
import {
  checkEmail,
  EMAIL_MAX_LENGTH,
  installmentRulesOf as rulesOfTable,
  installmentTableOf,
  normalisePhone,
  parsePercentSetting,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  brCodeText,
  isValidCnpj,
  MERCHANT_CITY_MAX,
  MERCHANT_NAME_MAX,
  PIX_KEY_ERROR_MESSAGE,
  readPixKey,
} from '../../screens/dashboard/Settings/pixKey';
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
export const TEXT_MAX = 20_000;

function forbidden(): GraphQLError {
  return new GraphQLError(FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
}

type Patch = Partial<Omit<AdminSettingsFixture, 'updatedAt' | 'updatedByName'>>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f]/;

function capitalise(label: string): string {
  const plain = label.replace(/^(o|a|os|as) /, '');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

function lineText(value: unknown, field: string, label: string, max: number, empty: boolean) {
  if (typeof value !== 'string') throw badInput(`Informe ${label}.`, field);
  const trimmed = value.trim();
  if (CONTROL.test(trimmed))
    throw badInput(`${capitalise(label)} tem caracteres inválidos.`, field);
  const clean = trimmed.replace(/\s+/g, ' ');
  if (clean === '' && !empty) throw badInput(`Informe ${label}.`, field);
  if (clean.length > max) {
    throw badInput(`${capitalise(label)} pode ter no máximo ${max} caracteres.`, field);
  }
  return clean;
}

function brText(value: unknown, field: string, label: string, max: number): string {
  if (typeof value !== 'string' || value.length > 200) throw badInput(`Informe ${label}.`, field);
  const raw = value.trim().replace(/\s+/g, ' ');
  const ascii = brCodeText(raw);
  if (ascii === '') throw badInput(`Informe ${label} (letras sem acento também servem).`, field);
  if (ascii.length > max) {
    throw badInput(
      `${capitalise(label)} pode ter no máximo ${max} caracteres (limite do Pix).`,
      field,
    );
  }
  return raw;
}

function integer(value: unknown, field: string, message: string, min: number, max: number) {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw badInput(message, field);
  }
  return value;
}

const blank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '');

function pixKeyOf(value: unknown, field: string): string {
  const key = typeof value === 'string' ? readPixKey(value).key : null;
  if (key === null) throw badInput(PIX_KEY_ERROR_MESSAGE, field);
  return key;
}

const PAGE_TEXT_LABELS = {
  exchangesPolicyText: 'O texto de trocas e devoluções',
  privacyPolicyText: 'O texto da política de privacidade',
  contactPageText: 'O texto da página de contato',
} as const;

/** An institutional page's text as the server takes it: line breaks and tabs kept, empty: null. */
function pageText(value: unknown, field: keyof typeof PAGE_TEXT_LABELS): string | null {
  const label = PAGE_TEXT_LABELS[field];
  if (value === null) return null;
  if (typeof value !== 'string') throw badInput(`${label} deve ser um texto.`, field);
  const text = value.replace(/\r\n?/g, '\n').trim();
  if (text === '') return null;
  if (CONTROL_BUT_LINES.test(text)) {
    throw badInput(
      `${label} tem caracteres inválidos (só quebras de linha e tabulações são aceitas).`,
      field,
    );
  }
  if (text.length > TEXT_MAX) {
    const count = (n: number) => n.toLocaleString('pt-BR');
    throw badInput(
      `${label} pode ter no máximo ${count(TEXT_MAX)} caracteres (tem ${count(text.length)}).`,
      field,
    );
  }
  return text;
}

function formatCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

function formatPhoneDigits(phone: string): string {
  const ddd = phone.slice(0, 2);
  const rest = phone.slice(2);
  return rest.length === 9
    ? `(${ddd}) ${rest.slice(0, 5)}-${rest.slice(5)}`
    : `(${ddd}) ${rest.slice(0, 4)}-${rest.slice(4)}`;
}

/** A percent setting as the server takes it (@vitrine/rules parsePercentSetting). */
function percent(value: unknown, min: number, max: number, field: string, message: string) {
  const parsed = parsePercentSetting(value, min, max);
  if (parsed === null) throw badInput(message, field);
  return parsed;
}

/** The storefront's InstallmentRules of these settings, by the server's rule (@vitrine/rules). */
export function installmentRulesOf(admin: AdminSettingsFixture) {
  return rulesOfTable(installmentTableOf(admin));
}

/** settingsUpdate's input, validated in the server's order; only the fields present. */
export function validateSettingsInput(
  input: Record<string, unknown>,
  current: AdminSettingsFixture,
): Patch {
  const has = (key: string) => key in input && input[key] !== undefined;
  const patch: Patch = {};
  if (has('storeName')) {
    patch.storeName = lineText(input.storeName, 'storeName', 'o nome da loja', 80, false);
  }
  if (has('pixKey')) patch.pixKey = input.pixKey === null ? null : pixKeyOf(input.pixKey, 'pixKey');
  if (has('pixMerchantName')) {
    patch.pixMerchantName = brText(
      input.pixMerchantName,
      'pixMerchantName',
      'o nome do recebedor',
      MERCHANT_NAME_MAX,
    );
  }
  if (has('pixMerchantCity')) {
    patch.pixMerchantCity = brText(
      input.pixMerchantCity,
      'pixMerchantCity',
      'a cidade do recebedor',
      MERCHANT_CITY_MAX,
    );
  }
  if (has('pixExpiryMinutes') && has('pixExpiryHours')) {
    throw badInput('Informe o prazo do Pix só em minutos (pixExpiryMinutes).', 'pixExpiryHours');
  }
  if (has('pixExpiryHours')) {
    // Deprecated: whole hours, 1 to 24, kept in minutes.
    patch.pixExpiryMinutes =
      integer(
        input.pixExpiryHours,
        'pixExpiryHours',
        'O prazo do Pix deve ser um número inteiro de horas entre 1 e 24.',
        1,
        24,
      ) * 60;
  }
  if (has('pixExpiryMinutes')) {
    patch.pixExpiryMinutes = integer(
      input.pixExpiryMinutes,
      'pixExpiryMinutes',
      'O prazo do Pix deve ser um número inteiro de minutos entre 10 e 1440 (24 horas).',
      10,
      1440,
    );
  }
  if (has('pixDiscountPercent')) {
    patch.pixDiscountPercent = percent(
      input.pixDiscountPercent,
      0,
      50,
      'pixDiscountPercent',
      'O desconto no Pix deve ser um percentual entre 0 e 50, com no máximo duas casas decimais.',
    );
  }
  if (has('maxInstallments')) {
    patch.maxInstallments = integer(
      input.maxInstallments,
      'maxInstallments',
      'O número máximo de parcelas deve ser um inteiro de 1 a 12.',
      1,
      12,
    );
  }
  if (has('minInstallmentCents')) {
    patch.minInstallmentCents = integer(
      input.minInstallmentCents,
      'minInstallmentCents',
      'A parcela mínima deve ser um valor inteiro em centavos entre R$ 1,00 e R$ 10.000,00.',
      100,
      1_000_000,
    );
  }
  if (has('installmentInterestPercent')) {
    patch.installmentInterestPercent = percent(
      input.installmentInterestPercent,
      0,
      9.99,
      'installmentInterestPercent',
      'Os juros do parcelamento devem ser um percentual ao mês entre 0 e 9,99, com no máximo duas casas decimais.',
    );
  }
  if (has('interestFreeInstallments')) {
    const interestFree = integer(
      input.interestFreeInstallments,
      'interestFreeInstallments',
      'O número de parcelas sem juros deve ser um inteiro de 1 até o número máximo de parcelas.',
      1,
      12,
    );
    const max = patch.maxInstallments ?? current.maxInstallments;
    if (interestFree > max) {
      throw badInput(
        `As parcelas sem juros não podem passar do número máximo de parcelas (${max}).`,
        'interestFreeInstallments',
      );
    }
    patch.interestFreeInstallments = interestFree;
  } else if (patch.maxInstallments !== undefined) {
    // Lowering the maximum takes the interest-free count down with it.
    patch.interestFreeInstallments = Math.min(
      current.interestFreeInstallments,
      patch.maxInstallments,
    );
  }
  if (has('freeShippingThresholdCents')) {
    patch.freeShippingThresholdCents =
      input.freeShippingThresholdCents === null
        ? null
        : integer(
            input.freeShippingThresholdCents,
            'freeShippingThresholdCents',
            'O valor para frete grátis deve ser um inteiro de centavos, de zero a R$ 1.000.000,00 (ou vazio para não oferecer).',
            0,
            100_000_000,
          );
  }
  if (has('analyticsMeasurementId')) {
    if (blank(input.analyticsMeasurementId)) patch.analyticsMeasurementId = null;
    else {
      const id = String(input.analyticsMeasurementId).trim().toUpperCase();
      if (!/^G-[A-Z0-9]{4,20}$/.test(id)) {
        throw badInput(
          'ID de medição do Google Analytics inválido: use o formato G-XXXXXXXXXX.',
          'analyticsMeasurementId',
        );
      }
      patch.analyticsMeasurementId = id;
    }
  }
  if (has('heroTitle')) {
    patch.heroTitle = lineText(
      input.heroTitle,
      'heroTitle',
      'o título da página inicial',
      120,
      false,
    );
  }
  if (has('heroSubtitle')) {
    patch.heroSubtitle = lineText(
      input.heroSubtitle ?? '',
      'heroSubtitle',
      'o subtítulo da página inicial',
      240,
      true,
    );
  }
  if (has('guestMaxUnitsPerLine')) {
    patch.guestMaxUnitsPerLine = integer(
      input.guestMaxUnitsPerLine,
      'guestMaxUnitsPerLine',
      'O limite de unidades por produto em um pedido deve ser um inteiro de 1 a 50.',
      1,
      50,
    );
  }
  if (has('guestMaxUnitsPerOrder')) {
    patch.guestMaxUnitsPerOrder = integer(
      input.guestMaxUnitsPerOrder,
      'guestMaxUnitsPerOrder',
      'O limite de unidades por pedido deve ser um inteiro de 1 a 500.',
      1,
      500,
    );
  }
  if (has('legalName')) {
    patch.legalName = blank(input.legalName)
      ? null
      : lineText(input.legalName, 'legalName', 'a razão social', 120, false);
  }
  if (has('cnpj')) {
    if (blank(input.cnpj)) patch.cnpj = null;
    else {
      const text = String(input.cnpj).trim();
      const digits = text.replace(/\D/g, '');
      if (!/^[\d\s./-]+$/.test(text) || !isValidCnpj(digits)) {
        throw badInput('CNPJ inválido: confira os 14 dígitos, como 12.345.678/0001-95.', 'cnpj');
      }
      patch.cnpj = formatCnpj(digits);
    }
  }
  if (has('legalAddress')) {
    patch.legalAddress = blank(input.legalAddress)
      ? null
      : lineText(input.legalAddress, 'legalAddress', 'o endereço da empresa', 200, false);
  }
  if (has('contactEmail')) {
    if (blank(input.contactEmail)) patch.contactEmail = null;
    else {
      const checked = checkEmail(String(input.contactEmail));
      if (!checked.ok || checked.email.length > EMAIL_MAX_LENGTH) {
        // As the server: the shape's own words; an invisible character or quotes, the rule's.
        throw badInput(
          checked.ok || checked.problem === 'SHAPE' || checked.problem === 'TOO_LONG'
            ? 'E-mail de contato inválido: use um endereço como contato@loja.com.br.'
            : checked.message,
          'contactEmail',
        );
      }
      patch.contactEmail = checked.email.toLowerCase();
    }
  }
  if (has('contactPhone')) {
    if (blank(input.contactPhone)) patch.contactPhone = null;
    else {
      const phone = normalisePhone(String(input.contactPhone));
      if (phone === null) {
        throw badInput(
          'Telefone de contato inválido: informe o DDD e o número, como (11) 3456-7890.',
          'contactPhone',
        );
      }
      patch.contactPhone = formatPhoneDigits(phone);
    }
  }
  if (has('pixUniqueCents')) {
    if (typeof input.pixUniqueCents !== 'boolean') {
      throw badInput(
        'Informe se os valores de Pix iguais devem ser diferenciados.',
        'pixUniqueCents',
      );
    }
    patch.pixUniqueCents = input.pixUniqueCents;
  }
  if (has('requireTwoFactor')) {
    if (typeof input.requireTwoFactor !== 'boolean') {
      throw badInput('Informe se a verificação em duas etapas é obrigatória.', 'requireTwoFactor');
    }
    patch.requireTwoFactor = input.requireTwoFactor;
  }
  for (const field of ['exchangesPolicyText', 'privacyPolicyText', 'contactPageText'] as const) {
    if (has(field)) patch[field] = pageText(input[field], field);
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
      const { input } = args;
      const key = pixKeyOf(input.pixKey, 'input.pixKey');
      const name = brText(
        input.pixMerchantName,
        'input.pixMerchantName',
        'o nome do recebedor',
        MERCHANT_NAME_MAX,
      );
      const city = brText(
        input.pixMerchantCity,
        'input.pixMerchantCity',
        'a cidade do recebedor',
        MERCHANT_CITY_MAX,
      );
      const amountCents = integer(
        input.amountCents ?? 10000,
        'input.amountCents',
        'O valor do exemplo deve ser de R$ 0,01 a R$ 1.000.000,00.',
        1,
        100_000_000,
      );
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
