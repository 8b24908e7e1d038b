// Parity table of the store's settings (Configurações: settingsUpdate, what the dashboard's
// Settings screen sends), and what the API answers: the valid changes, normalised, and each
// refusal with its Portuguese message and field. The same rows run through the real server
// (packages/api/test/parity.test.ts) and through the MSW mocks (packages/ui/src/mocks/
// parity.test.ts); the answers are written out, not derived from the rules. The fiscal fields have
// their own table (fiscal.cases.ts).
import type { ParityAnswer } from './orders.cases';

export const SETTINGS_UPDATE_DOCUMENT = `mutation ($input: SettingsInput!) {
  r: settingsUpdate(input: $input) {
    storeName pixKey pixMerchantName pixMerchantCity pixExpiryMinutes pixDiscountPercent
    maxInstallments interestFreeInstallments installmentInterestPercent minInstallmentCents
    freeShippingThresholdCents analyticsMeasurementId legalName cnpj contactEmail contactPhone
    guestMaxUnitsPerLine guestMaxUnitsPerOrder
  }
}`;

export interface SettingsUpdateCase {
  name: string;
  input: Record<string, unknown>;
  answer: ParityAnswer<Record<string, unknown>>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

/** Every field the document asks for, set: rows that succeed answer all of them. */
const VALID = {
  storeName: '  Vitrine   Paridade ',
  pixKey: '529.982.247-25',
  pixMerchantName: 'Vitrine Paridade',
  pixMerchantCity: 'São Paulo',
  pixExpiryMinutes: 30,
  pixDiscountPercent: 5.5,
  maxInstallments: 10,
  interestFreeInstallments: 3,
  installmentInterestPercent: 1.99,
  minInstallmentCents: 500,
  freeShippingThresholdCents: 19900,
  analyticsMeasurementId: 'g-abc1234',
  legalName: 'Vitrine Paridade Ltda.',
  cnpj: '11222333000181',
  contactEmail: 'Contato@Loja.com.br',
  contactPhone: '(11) 3456-7890',
  guestMaxUnitsPerLine: 5,
  guestMaxUnitsPerOrder: 20,
};

const SAVED = {
  storeName: 'Vitrine Paridade',
  pixKey: '52998224725',
  pixMerchantName: 'Vitrine Paridade',
  pixMerchantCity: 'São Paulo',
  pixExpiryMinutes: 30,
  pixDiscountPercent: 5.5,
  maxInstallments: 10,
  interestFreeInstallments: 3,
  installmentInterestPercent: 1.99,
  minInstallmentCents: 500,
  freeShippingThresholdCents: 19900,
  analyticsMeasurementId: 'G-ABC1234',
  legalName: 'Vitrine Paridade Ltda.',
  cnpj: '11.222.333/0001-81',
  contactEmail: 'contato@loja.com.br',
  contactPhone: '(11) 3456-7890',
  guestMaxUnitsPerLine: 5,
  guestMaxUnitsPerOrder: 20,
};

export const SETTINGS_UPDATE_CASES: SettingsUpdateCase[] = [
  { name: 'every setting of the screen, normalised', input: VALID, answer: { data: SAVED } },
  {
    name: 'null and blank texts clear the optional settings; a random Pix key',
    input: {
      ...VALID,
      pixKey: '123E4567-E89B-12D3-A456-426614174000',
      cnpj: null,
      contactEmail: '',
      legalName: '   ',
      contactPhone: null,
      analyticsMeasurementId: '',
      freeShippingThresholdCents: null,
    },
    answer: {
      data: {
        ...SAVED,
        pixKey: '123e4567-e89b-12d3-a456-426614174000',
        cnpj: null,
        contactEmail: null,
        legalName: null,
        contactPhone: null,
        analyticsMeasurementId: null,
        freeShippingThresholdCents: null,
      },
    },
  },
  {
    name: 'a blank store name',
    input: { storeName: '   ' },
    answer: refused('storeName', 'Informe o nome da loja.'),
  },
  {
    name: 'a store name of 81 characters',
    input: { storeName: 'V'.repeat(81) },
    answer: refused('storeName', 'Nome da loja pode ter no máximo 80 caracteres.'),
  },
  {
    name: 'a store name with a line break',
    input: { storeName: 'Vitrine\nParidade' },
    answer: refused('storeName', 'Nome da loja tem caracteres inválidos.'),
  },
  {
    name: 'a CNPJ whose check digits do not match',
    input: { cnpj: '11.222.333/0001-82' },
    answer: refused('cnpj', 'CNPJ inválido: confira os 14 dígitos, como 12.345.678/0001-95.'),
  },
  {
    name: 'a Pix key that is no key',
    input: { pixKey: 'minha chave' },
    answer: refused(
      'pixKey',
      'Chave Pix inválida: use um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.',
    ),
  },
  {
    name: 'a Pix key that is a CPF with a wrong check digit',
    input: { pixKey: '529.982.247-26' },
    answer: refused(
      'pixKey',
      'Chave Pix inválida: use um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.',
    ),
  },
  {
    name: 'a receiver name past the 25 characters of the BR Code',
    input: { pixMerchantName: 'Vitrine Paridade Comércio Ltda' },
    answer: refused(
      'pixMerchantName',
      'Nome do recebedor pode ter no máximo 25 caracteres (limite do Pix).',
    ),
  },
  {
    name: 'a receiver city with no letter the BR Code can carry',
    input: { pixMerchantCity: '★★★' },
    answer: refused(
      'pixMerchantCity',
      'Informe a cidade do recebedor (letras sem acento também servem).',
    ),
  },
  {
    name: 'a Pix hold of 5 minutes',
    input: { pixExpiryMinutes: 5 },
    answer: refused(
      'pixExpiryMinutes',
      'O prazo do Pix deve ser um número inteiro de minutos entre 10 e 1440 (24 horas).',
    ),
  },
  {
    name: 'a Pix hold of 25 hours (the deprecated input)',
    input: { pixExpiryHours: 25 },
    answer: refused(
      'pixExpiryHours',
      'O prazo do Pix deve ser um número inteiro de horas entre 1 e 24.',
    ),
  },
  {
    name: 'a Pix hold given both in minutes and in hours',
    input: { pixExpiryMinutes: 60, pixExpiryHours: 1 },
    answer: refused('pixExpiryHours', 'Informe o prazo do Pix em minutos.'),
  },
  {
    name: 'a Pix discount of 50.5%',
    input: { pixDiscountPercent: 50.5 },
    answer: refused(
      'pixDiscountPercent',
      'O desconto no Pix deve ser um percentual entre 0 e 50, com no máximo duas casas decimais.',
    ),
  },
  {
    name: 'a Pix discount with three decimals',
    input: { pixDiscountPercent: 5.555 },
    answer: refused(
      'pixDiscountPercent',
      'O desconto no Pix deve ser um percentual entre 0 e 50, com no máximo duas casas decimais.',
    ),
  },
  {
    name: '13 instalments',
    input: { maxInstallments: 13 },
    answer: refused(
      'maxInstallments',
      'O número máximo de parcelas deve ser um inteiro de 1 a 12.',
    ),
  },
  {
    name: 'no interest-free instalment',
    input: { interestFreeInstallments: 0 },
    answer: refused(
      'interestFreeInstallments',
      'O número de parcelas sem juros deve ser um inteiro de 1 até o número máximo de parcelas.',
    ),
  },
  {
    name: 'more interest-free instalments than the maximum set with them',
    input: { maxInstallments: 4, interestFreeInstallments: 6 },
    answer: refused(
      'interestFreeInstallments',
      'As parcelas sem juros não podem passar do número máximo de parcelas (4).',
    ),
  },
  {
    name: 'an instalment interest of 10% a month',
    input: { installmentInterestPercent: 10 },
    answer: refused(
      'installmentInterestPercent',
      'Os juros do parcelamento devem ser um percentual ao mês entre 0 e 9,99, com no máximo duas casas decimais.',
    ),
  },
  {
    name: 'a minimum instalment of R$ 0,99',
    input: { minInstallmentCents: 99 },
    answer: refused(
      'minInstallmentCents',
      'A parcela mínima deve ser um valor inteiro em centavos entre R$ 1,00 e R$ 10.000,00.',
    ),
  },
  {
    name: 'a negative free-shipping threshold',
    input: { freeShippingThresholdCents: -1 },
    answer: refused(
      'freeShippingThresholdCents',
      'O valor para frete grátis deve ser um inteiro de centavos, de zero a R$ 1.000.000,00 (ou vazio para não oferecer).',
    ),
  },
  {
    name: '51 units of one product per order',
    input: { guestMaxUnitsPerLine: 51 },
    answer: refused(
      'guestMaxUnitsPerLine',
      'O limite de unidades por produto em um pedido deve ser um inteiro de 1 a 50.',
    ),
  },
  {
    name: 'no unit per order',
    input: { guestMaxUnitsPerOrder: 0 },
    answer: refused(
      'guestMaxUnitsPerOrder',
      'O limite de unidades por pedido deve ser um inteiro de 1 a 500.',
    ),
  },
  {
    name: 'a Universal Analytics id',
    input: { analyticsMeasurementId: 'UA-12345-1' },
    answer: refused(
      'analyticsMeasurementId',
      'ID de medição do Google Analytics inválido: use o formato G-XXXXXXXXXX.',
    ),
  },
  {
    name: 'a contact e-mail without a top-level domain',
    input: { contactEmail: 'contato@loja' },
    answer: refused(
      'contactEmail',
      'E-mail de contato inválido: use um endereço como contato@loja.com.br.',
    ),
  },
  {
    name: 'a contact e-mail in quotes',
    input: { contactEmail: '"contato"@loja.com.br' },
    answer: refused('contactEmail', 'Escreva o e-mail sem aspas, como nome@exemplo.com.br.'),
  },
  {
    name: 'a contact phone without its DDD',
    input: { contactPhone: '3456-7890' },
    answer: refused(
      'contactPhone',
      'Telefone de contato inválido: informe o DDD e o número, como (11) 3456-7890.',
    ),
  },
  {
    name: 'a privacy policy with a control character',
    input: { privacyPolicyText: 'Seus dados\u0007 são nossos.' },
    answer: refused(
      'privacyPolicyText',
      'O texto da política de privacidade tem caracteres inválidos (só quebras de linha e tabulações são aceitas).',
    ),
  },
  {
    name: 'an exchanges policy of 20,001 characters',
    input: { exchangesPolicyText: 'a'.repeat(20_001) },
    answer: refused(
      'exchangesPolicyText',
      'O texto de trocas e devoluções pode ter no máximo 20.000 caracteres (tem 20.001).',
    ),
  },
];
