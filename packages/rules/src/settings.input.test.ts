import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  brCodeText,
  checkPixPreviewInput,
  checkSettingsField,
  checkSettingsPatch,
  formatCnpj,
  isValidCnpj,
  normaliseCnpj,
  normalisePixKey,
  readPixKey,
  SETTINGS_FIELD_SCHEMAS,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES as M,
  settingsPatchSchema,
} from './index';

const refusal = (input: unknown) => {
  const checked = checkSettingsPatch(input);
  return checked.ok ? null : checked.issue;
};

describe('settingsPatchSchema', () => {
  it('returns only the fields given, normalised', () => {
    const checked = checkSettingsPatch({
      storeName: '  Loja   Aurora ',
      pixKey: '529.982.247-25',
      pixMerchantCity: ' São Paulo ',
      contactEmail: 'Contato@Loja.com.br',
      contactPhone: '(11) 3456-7890',
      cnpj: '11.222.333/0001-81',
      analyticsMeasurementId: ' g-abc1234 ',
      pixDiscountPercent: 5.5,
      heroSubtitle: null,
      privacyPolicyText: 'Linha 1\r\nLinha 2\t. ',
      pixUniqueCents: false,
      nfeSeries: 2,
      heroTitle: undefined,
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        storeName: 'Loja Aurora',
        pixKey: '52998224725',
        pixMerchantCity: 'São Paulo',
        contactEmail: 'contato@loja.com.br',
        contactPhone: '1134567890',
        cnpj: '11222333000181',
        analyticsMeasurementId: 'G-ABC1234',
        pixDiscountPercent: 5.5,
        heroSubtitle: '',
        privacyPolicyText: 'Linha 1\nLinha 2\t.',
        pixUniqueCents: false,
        nfeSeries: 2,
      },
    });
  });

  it('clears the optional settings with null or a blank text', () => {
    const cleared = { pixKey: null, legalName: '  ', cnpj: '', contactEmail: null };
    expect(checkSettingsPatch({ ...cleared, freeShippingThresholdCents: null })).toEqual({
      ok: true,
      value: {
        pixKey: null,
        legalName: null,
        cnpj: null,
        contactEmail: null,
        freeShippingThresholdCents: null,
      },
    });
    // A blank Pix key is no key (null clears it), and the threshold is cleared only by null.
    expect(refusal({ pixKey: ' ' })).toEqual({ field: 'pixKey', message: M.pixKey });
    expect(refusal({ freeShippingThresholdCents: '' })?.field).toBe('freeShippingThresholdCents');
  });

  it('takes the deprecated hours in minutes, and refuses both at once in plain words', () => {
    expect(checkSettingsPatch({ pixExpiryHours: 2 })).toEqual({
      ok: true,
      value: { pixExpiryMinutes: 120 },
    });
    expect(refusal({ pixExpiryMinutes: 60, pixExpiryHours: 1 })).toEqual({
      field: 'pixExpiryHours',
      message: 'Informe o prazo do Pix em minutos.',
    });
  });

  it('reports only the first wrong field, in the server order', () => {
    expect(refusal({ guestMaxUnitsPerOrder: 0, storeName: '', maxInstallments: 13 })).toEqual({
      field: 'storeName',
      message: 'Informe o nome da loja.',
    });
    expect(refusal({ cfopInsideState: 'x', requireTwoFactor: 'sim' })).toEqual({
      field: 'requireTwoFactor',
      message: M.requireTwoFactor,
    });
  });

  it('refuses an unknown key, a non-object and a fiscal value on its own field', () => {
    expect(refusal({ storeName: 'Loja', theme: 'dark' })).toEqual({
      field: 'theme',
      message: 'Configuração desconhecida.',
    });
    expect(refusal(null)).toEqual({ field: 'input', message: M.notAnObject });
    expect(refusal([])).toEqual({ field: 'input', message: M.notAnObject });
    expect(refusal({ nfeSeries: -1 })?.field).toBe('nfeSeries');
  });

  it('keeps the interest-free instalments within the maximum given with them', () => {
    expect(refusal({ maxInstallments: 4, interestFreeInstallments: 6 })).toEqual({
      field: 'interestFreeInstallments',
      message: 'As parcelas sem juros não podem passar do número máximo de parcelas (4).',
    });
    expect(checkSettingsPatch({ maxInstallments: 6, interestFreeInstallments: 6 }).ok).toBe(true);
  });

  it.each([
    [{ storeName: 'V'.repeat(81) }, 'storeName', 'Nome da loja pode ter no máximo 80 caracteres.'],
    [{ storeName: 'Loja\nAurora' }, 'storeName', 'Nome da loja tem caracteres inválidos.'],
    [{ heroTitle: null }, 'heroTitle', 'Informe o título da página inicial.'],
    [
      { pixMerchantName: 'Loja de Roupas e Acessórios Aurora' },
      'pixMerchantName',
      'Nome do recebedor pode ter no máximo 25 caracteres (limite do Pix).',
    ],
    [
      { pixMerchantCity: '★★★' },
      'pixMerchantCity',
      'Informe a cidade do recebedor (letras sem acento também servem).',
    ],
    [{ pixExpiryMinutes: 9 }, 'pixExpiryMinutes', M.pixExpiryMinutes],
    [{ pixExpiryMinutes: 30.5 }, 'pixExpiryMinutes', M.pixExpiryMinutes],
    [{ pixExpiryHours: 25 }, 'pixExpiryHours', M.pixExpiryHours],
    [{ pixDiscountPercent: 5.555 }, 'pixDiscountPercent', M.pixDiscountPercent],
    [
      { installmentInterestPercent: 10 },
      'installmentInterestPercent',
      M.installmentInterestPercent,
    ],
    [{ minInstallmentCents: 99 }, 'minInstallmentCents', M.minInstallmentCents],
    [{ analyticsMeasurementId: 'UA-12345-1' }, 'analyticsMeasurementId', M.analyticsMeasurementId],
    [{ cnpj: '11.222.333/0001-82' }, 'cnpj', M.cnpj],
    [{ contactEmail: 'contato@loja' }, 'contactEmail', M.contactEmail],
    [
      { contactEmail: '"contato"@loja.com.br' },
      'contactEmail',
      'Escreva o e-mail sem aspas, como nome@exemplo.com.br.',
    ],
    [{ contactPhone: '3456-7890' }, 'contactPhone', M.contactPhone],
    [{ pixUniqueCents: 'sim' }, 'pixUniqueCents', M.pixUniqueCents],
    [
      { contactPageText: 'a'.repeat(20_001) },
      'contactPageText',
      'O texto da página de contato pode ter no máximo 20.000 caracteres (tem 20.001).',
    ],
    [
      { privacyPolicyText: 'Seus dados\u0007.' },
      'privacyPolicyText',
      'O texto da política de privacidade tem caracteres inválidos (só quebras de linha e tabulações são aceitas).',
    ],
  ])('refuses %j on %s', (input, field, message) => {
    expect(refusal(input)).toEqual({ field, message });
  });

  it('never names a field by its code name in a message', () => {
    const texts = Object.values(M).filter((message) => typeof message === 'string');
    expect(texts.length).toBeGreaterThan(15);
    for (const text of texts) expect(text).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
  });

  it('accepts every whole Pix hold in range and nothing outside it', () => {
    const { min, max } = SETTINGS_LIMITS.pixExpiryMinutes;
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), (minutes) => {
        const checked = settingsPatchSchema.safeParse({ pixExpiryMinutes: minutes });
        expect(checked.success).toBe(minutes >= min && minutes <= max);
      }),
    );
  });
});

describe('checkSettingsField', () => {
  it('checks one field alone, with the message the whole input gets', () => {
    expect(checkSettingsField('heroTitle', ' Olá ')).toEqual({ ok: true, value: 'Olá' });
    expect(checkSettingsField('maxInstallments', 0)).toEqual({
      ok: false,
      issue: { field: 'maxInstallments', message: M.maxInstallments },
    });
    for (const field of Object.keys(SETTINGS_FIELD_SCHEMAS)) {
      expect(checkSettingsField(field as 'storeName', { not: 'valid' }).ok).toBe(false);
    }
  });
});

describe('the Pix key, the BR Code texts and the CNPJ', () => {
  it('normalises every kind of Pix key, and refuses what is none', () => {
    expect(normalisePixKey(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalisePixKey('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalisePixKey('Loja@Exemplo.com.br')).toBe('loja@exemplo.com.br');
    expect(normalisePixKey('+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(normalisePixKey('123E4567-E89B-12D3-A456-426614174000')).toBe(
      '123e4567-e89b-12d3-a456-426614174000',
    );
    for (const text of ['', 'minha chave', '529.982.247-26', '+1 202 555 0100', '00000000000']) {
      expect(normalisePixKey(text)).toBeNull();
    }
  });

  it('reads the kind of a key being typed', () => {
    expect(readPixKey('529.982')).toEqual({ kind: 'CPF', key: null });
    expect(readPixKey('loja@')).toEqual({ kind: 'EMAIL', key: null });
    expect(readPixKey('+55 11 98765-4321')).toEqual({ kind: 'PHONE', key: '+5511987654321' });
  });

  it('strips accents and what the BR Code cannot carry', () => {
    expect(brCodeText('  São  José ★ ')).toBe('Sao Jose');
  });

  it('checks the CNPJ digits', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(normaliseCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normaliseCnpj('11a22333000181')).toBeNull();
    expect(normaliseCnpj(11222333000181)).toBeNull();
  });
});

describe('checkPixPreviewInput', () => {
  const receiver = { pixKey: '529.982.247-25', pixMerchantName: 'Loja', pixMerchantCity: 'Rio' };

  it('takes the receiver as settingsUpdate does, and R$ 100,00 when no amount is given', () => {
    expect(checkPixPreviewInput(receiver)).toEqual({
      ok: true,
      value: { ...receiver, pixKey: '52998224725', amountCents: 10_000 },
    });
  });

  it('refuses under input., a key required, and an amount out of range', () => {
    expect(checkPixPreviewInput({ ...receiver, pixKey: null })).toEqual({
      ok: false,
      issue: { field: 'input.pixKey', message: M.pixKey },
    });
    expect(checkPixPreviewInput({ ...receiver, pixMerchantCity: '★' })).toEqual({
      ok: false,
      issue: {
        field: 'input.pixMerchantCity',
        message: 'Informe a cidade do recebedor (letras sem acento também servem).',
      },
    });
    for (const amountCents of [0, 100_000_001, 1.5, '100']) {
      expect(checkPixPreviewInput({ ...receiver, amountCents })).toEqual({
        ok: false,
        issue: { field: 'input.amountCents', message: M.pixPreviewAmountCents },
      });
    }
  });
});

describe('formatCnpj', () => {
  it('masks the 14 digits', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});
