// Demo commerce data: Correios-like PAC and SEDEX tables from a store in São Paulo, pickup at the
// shop (its address, hours and instructions), a welcome coupon and the Pix receiving account. Safe to call on every start: it only
// fills what is missing.
import type { Database } from '../../db';
import type { Uf } from '@vitrine/rules';
import { pickupAddressText, type DeliveryRate, type PickupPoint } from '@vitrine/rules';
import type { ShippingRates } from '../shipping/shipping.tables';
import {
  anyShippingMethod,
  fillMissingPickupPoint,
  insertShippingMethods,
  insertWelcomeCoupon,
  setFiscalSettingsWhereMissing,
  setLegalIdentityWhereMissing,
  setMissingNcmByCategory,
  setPixAccountWhereMissing,
} from './checkout.seed.repository';

/** Billable weight bands (grams) shared by both tables. */
const BANDS = [300, 1000, 2000, 5000, 10000] as const;

function rate(
  prices: readonly number[],
  extraKgPriceCents: number,
  businessDays: number,
): DeliveryRate {
  return {
    bands: BANDS.map((upToGrams, i) => ({ upToGrams, priceCents: prices[i]! })),
    extraKgPriceCents,
    businessDays,
  };
}

// Prices grow with the distance from São Paulo, by postal region (first CEP digit):
// 0 Grande SP, 1 interior SP, 2 RJ/ES, 3 MG, 4 BA/SE, 5 PE/AL/PB/RN, 6 Norte/Nordeste,
// 7 Centro-Oeste/TO/RO, 8 PR/SC, 9 RS. The remote northern states have their own, dearer rate.
const REMOTE_UFS: readonly Uf[] = ['AM', 'RR', 'AP', 'AC'];

function pacRates(): ShippingRates {
  const remote = rate([3990, 4790, 5990, 8990, 13690], 1350, 16);
  return {
    byRegion: {
      '0': rate([1890, 2090, 2390, 3290, 4790], 450, 3),
      '1': rate([2190, 2490, 2890, 3990, 5890], 550, 5),
      '2': rate([2490, 2890, 3390, 4790, 7190], 650, 6),
      '3': rate([2490, 2890, 3390, 4790, 7190], 650, 6),
      '4': rate([3190, 3690, 4490, 6590, 9990], 950, 10),
      '5': rate([3190, 3690, 4490, 6590, 9990], 950, 11),
      '6': rate([3490, 4190, 5190, 7690, 11690], 1150, 13),
      '7': rate([2990, 3490, 4190, 6090, 9290], 900, 8),
      '8': rate([2590, 2990, 3490, 4990, 7490], 700, 7),
      '9': rate([2790, 3190, 3790, 5490, 8290], 800, 8),
    },
    byUf: Object.fromEntries(REMOTE_UFS.map((uf) => [uf, remote])),
  };
}

function sedexRates(): ShippingRates {
  const remote = rate([5990, 7290, 8990, 13990, 21990], 2100, 8);
  return {
    byRegion: {
      '0': rate([2290, 2590, 2990, 4290, 6490], 650, 1),
      '1': rate([2790, 3290, 3890, 5590, 8490], 850, 2),
      '2': rate([3290, 3990, 4790, 7190, 11290], 1050, 3),
      '3': rate([3290, 3990, 4790, 7190, 11290], 1050, 3),
      '4': rate([4390, 5290, 6490, 9990, 15790], 1500, 5),
      '5': rate([4390, 5290, 6490, 9990, 15790], 1500, 5),
      '6': rate([4990, 5990, 7490, 11590, 18290], 1750, 6),
      '7': rate([4090, 4890, 5990, 9190, 14490], 1400, 4),
      '8': rate([3490, 4190, 4990, 7490, 11790], 1100, 3),
      '9': rate([3790, 4490, 5390, 8190, 12990], 1250, 4),
    },
    byUf: Object.fromEntries(REMOTE_UFS.map((uf) => [uf, remote])),
  };
}

/** The demo shop's counter, in São Paulo (where PAC and SEDEX ship from). */
export const DEMO_PICKUP_POINT: PickupPoint = {
  street: 'Rua Augusta',
  number: '1500',
  complement: 'Loja 3, térreo',
  district: 'Consolação',
  city: 'São Paulo',
  uf: 'SP',
  postalCode: '01304001',
  hours: 'Seg. a sex., 10h às 20h\nSáb., 10h às 18h (exceto feriados)',
  instructions:
    'Retire no balcão de retiradas, ao lado dos provadores. Outra pessoa pode retirar por você com uma autorização assinada e uma cópia do seu documento.',
};

/** A random-looking but fixed EVP key: demo stores must never point at a real account. */
export const DEMO_PIX_KEY = '5f84a4c5-c5cb-4599-9f13-7eb4d419dacc';
export const DEMO_COUPON_CODE = 'BEMVINDO10';

export async function seedCommerceDemo(db: Database): Promise<void> {
  if (!(await anyShippingMethod(db))) {
    await insertShippingMethods(db, [
      {
        name: 'PAC',
        kind: 'delivery',
        description: 'Correios PAC: entrega econômica.',
        rates: pacRates(),
        handlingBusinessDays: 1,
        position: 0,
      },
      {
        name: 'SEDEX',
        kind: 'delivery',
        description: 'Correios SEDEX: entrega expressa.',
        rates: sedexRates(),
        handlingBusinessDays: 1,
        // Express delivery is never part of the store's free-shipping offer.
        excludedFromFreeShipping: true,
        position: 1,
      },
      {
        name: 'Retirada na loja',
        kind: 'pickup',
        description: 'Retire sem custo na nossa loja.',
        readyInBusinessDays: 1,
        pickupAddress: pickupAddressText(DEMO_PICKUP_POINT),
        pickupPoint: DEMO_PICKUP_POINT,
        position: 2,
      },
    ]);
  }
  // A demo store seeded before the pickup point had fields gets them.
  await fillMissingPickupPoint(
    db,
    'Retirada na loja',
    DEMO_PICKUP_POINT,
    pickupAddressText(DEMO_PICKUP_POINT),
  );

  await insertWelcomeCoupon(db, DEMO_COUPON_CODE);

  await setPixAccountWhereMissing(db, {
    pixKey: DEMO_PIX_KEY,
    pixMerchantName: 'Vitrine Moda LTDA',
    pixMerchantCity: 'Sao Paulo',
    pixExpiryMinutes: 30,
  });

  // The demo company's legal identity for the footer (Decreto 7.962/2013): a made-up company
  // with a CNPJ of valid format and check digits. Only when the store has not set one.
  await setLegalIdentityWhereMissing(db, DEMO_LEGAL_IDENTITY);

  // Ready for NF-e once a provider is configured (NFE_*): the made-up company's fiscal data (a
  // store in the city of São Paulo under the Simples Nacional) and each product's NCM by its
  // category. Only what the store has not set.
  await setFiscalSettingsWhereMissing(db, DEMO_FISCAL_SETTINGS);
  await setMissingNcmByCategory(db, DEMO_CATEGORY_NCM);
}

/** The demo company's NF-e issuer data (made up: an inscrição estadual of SP's format). */
export const DEMO_FISCAL_SETTINGS = {
  stateRegistration: '110042490114',
  taxRegime: 'SIMPLES_NACIONAL',
  ibgeCityCode: '3550308',
  defaultTaxSituation: '102',
} as const;

/** The NCM of each demo category's goods (Tabela NCM, 8 digits). */
export const DEMO_CATEGORY_NCM: Record<string, string> = {
  camisetas: '61091000',
  calcas: '62034200',
  vestidos: '62044200',
  bermudas: '62034200',
  moletons: '61102000',
  tenis: '64041100',
  sandalias: '64022000',
  botas: '64039190',
  bolsas: '42022100',
  oculos: '90041000',
  relogios: '91021100',
  bones: '65050090',
  decoracao: '69139000',
  'cama-e-banho': '63026000',
  cozinha: '73239900',
};

/** The demo store's razão social, CNPJ (digits), address and contact. */
export const DEMO_LEGAL_IDENTITY = {
  legalName: 'Vitrine Moda LTDA',
  cnpj: '12345678000195',
  legalAddress: 'Rua Exemplo, 100, sala 12 – Pinheiros, São Paulo/SP, CEP 05422-000',
  contactEmail: 'atendimento@vitrine.exemplo.com.br',
  contactPhone: '11999990000',
} as const;
