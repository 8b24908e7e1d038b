// The NF-e's JSON from the store's settings and an order: the lines add up to the totals and the
// totals to the order's (discounts, Pix discount, frete and interest spread per line), the CFOP by
// the addressee's UF, CSOSN/CST by the regime, the IBS/CBS group by the CRT, and what is missing
// comes back in Portuguese naming what to fill. The stand-in's checks agree with the builder.
import { describe, expect, it } from 'vitest';
import {
  buildNfePayload,
  spread,
  type InvoiceIssuer,
  type InvoiceLine,
  type InvoiceOrder,
} from './payload';
import { schemaErrors, sefazRejection } from './standin-validate';
import { DEFAULT_RATES, icmsRate } from './taxes';

const issuer: InvoiceIssuer = {
  storeName: 'Vitrine',
  legalName: 'Vitrine Comércio Ltda.',
  cnpj: '11.222.333/0001-81',
  legalAddress: 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001',
  contactPhone: '(11) 3333-4444',
  stateRegistration: '110042490114',
  taxRegime: 'SIMPLES_NACIONAL',
  ibgeCityCode: '3550308',
  cfopInsideState: '5102',
  cfopOutsideState: '6108',
  natureOfOperation: 'Venda de mercadoria',
  defaultTaxSituation: '102',
};

const order: InvoiceOrder = {
  number: 'VT-1001',
  customerName: 'Maria da Silva',
  customerEmail: 'maria@example.com',
  customerCpf: '529.982.247-25',
  customerPhone: '11987654321',
  postalCode: '30130-010',
  street: 'Avenida Afonso Pena',
  streetNumber: '1000',
  complement: null,
  district: 'Centro',
  city: 'Belo Horizonte',
  uf: 'MG',
  shippingMethodKind: 'delivery',
  paymentMethod: 'PIX',
  pixDiscountCents: 0,
  shippingCents: 1500,
  interestCents: 0,
  totalCents: 13000 - 1000 + 1500,
};

const product = { ncm: '61091000', cest: null, origin: 0, taxSituation: null };
const lines: InvoiceLine[] = [
  {
    sku: 'CAM-M',
    productName: 'Camiseta',
    variantLabel: 'M',
    quantity: 2,
    unitPriceCents: 5000,
    lineTotalCents: 10000,
    discountCents: 1000,
    product,
  },
  {
    sku: 'BON-U',
    productName: 'Boné',
    variantLabel: '',
    quantity: 1,
    unitPriceCents: 3000,
    lineTotalCents: 3000,
    discountCents: 0,
    product: { ...product, ncm: '6505.00.22' },
  },
];
const options = {
  series: 1,
  number: 42,
  issuedAt: new Date('2026-01-15T15:00:00Z'),
  rates: DEFAULT_RATES,
};

type Item = Record<string, number | string>;
const cents = (value: unknown) => Math.round(Number(value) * 100);

describe('spread', () => {
  it('splits in proportion, in whole centavos that add up', () => {
    expect(spread(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(spread(1, [3000, 10000])).toEqual([0, 1]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
  });
});

describe('buildNfePayload', () => {
  it('builds an interstate Simples Nacional invoice whose lines add up to the order', () => {
    const result = buildNfePayload(issuer, order, lines, options);
    if (!result.ok) throw new Error(result.problems.join(' '));
    const { payload } = result;
    const items = payload.items as Item[];
    expect(payload.local_destino).toBe(2);
    expect(items.map((i) => i.cfop)).toEqual(['6108', '6108']);
    expect(items[1]!.codigo_ncm).toBe('65050022');
    expect(items.map((i) => i.icms_situacao_tributaria)).toEqual(['102', '102']);
    expect(payload.regime_tributario_emitente).toBe(1);
    expect(payload.cnpj_emitente).toBe('11222333000181');
    expect(payload.numero_emitente).toBe('1500');
    expect(payload.municipio_destinatario).toBe('Belo Horizonte');
    expect(payload.cpf_destinatario).toBe('52998224725');
    expect(payload.data_emissao).toBe('2026-01-15T12:00:00-03:00');
    // Frete spread by value: 10000 and 3000 of 13000.
    expect(items.map((i) => cents(i.valor_frete))).toEqual([1154, 346]);
    expect(cents(payload.valor_total)).toBe(order.totalCents);
    // Simples Nacional (CRT 1) does not inform IBS/CBS in 2026.
    expect(items.some((i) => 'ibs_cbs_situacao_tributaria' in i)).toBe(false);
    expect(schemaErrors(payload)).toEqual([]);
    expect(sefazRejection(payload)).toBeNull();
  });

  it('spreads the Pix discount and a card plan interest over the lines', () => {
    const pix = { ...order, pixDiscountCents: 601, totalCents: 13000 - 1000 - 601 + 1500 };
    const result = buildNfePayload(issuer, pix, lines, options);
    if (!result.ok) throw new Error(result.problems.join(' '));
    const items = result.payload.items as Item[];
    expect(items.map((i) => cents(i.valor_desconto ?? 0))).toEqual([1000 + 451, 150]);
    expect(cents(result.payload.valor_desconto)).toBe(1601);
    const card = {
      ...order,
      paymentMethod: 'CARD' as const,
      interestCents: 999,
      totalCents: 13000 - 1000 + 1500 + 999,
    };
    const withInterest = buildNfePayload(issuer, card, lines, options);
    if (!withInterest.ok) throw new Error('expected ok');
    expect(cents(withInterest.payload.valor_outras_despesas)).toBe(999);
    expect(sefazRejection(withInterest.payload)).toBeNull();
  });

  it('uses the inside CFOP for the store’s own UF and the store’s address for a pickup', () => {
    const pickup = {
      ...order,
      shippingMethodKind: 'pickup' as const,
      uf: '',
      city: '',
      street: '',
      shippingCents: 0,
      totalCents: 12000,
    };
    const result = buildNfePayload(issuer, pickup, lines, options);
    if (!result.ok) throw new Error(result.problems.join(' '));
    expect(result.payload.local_destino).toBe(1);
    expect(result.payload.uf_destinatario).toBe('SP');
    expect(result.payload.modalidade_frete).toBe(9);
    expect((result.payload.items as Item[])[0]!.cfop).toBe('5102');
  });

  it('fills the IBS/CBS group under the regime normal, with ICMS at the interstate rate', () => {
    const normal = { ...issuer, taxRegime: 'LUCRO_PRESUMIDO' as const, defaultTaxSituation: '00' };
    const result = buildNfePayload(normal, order, lines, options);
    if (!result.ok) throw new Error(result.problems.join(' '));
    const item = (result.payload.items as Item[])[0]!;
    expect(item.icms_aliquota).toBe(12); // SP to MG
    expect(item.ibs_cbs_situacao_tributaria).toBe('000');
    expect(item.cbs_aliquota).toBe(0.9);
    const base = cents(item.ibs_cbs_base_calculo);
    expect(cents(item.cbs_valor)).toBe(Math.round((base * 0.9) / 100));
    expect(result.payload.regime_tributario_emitente).toBe(3);
    expect(schemaErrors(result.payload)).toEqual([]);
    expect(sefazRejection(result.payload)).toBeNull();
    // Without the group the stand-in (as SEFAZ) rejects a CRT 3 invoice.
    const stripped = {
      ...result.payload,
      items: (result.payload.items as Item[]).map(
        ({ ibs_cbs_situacao_tributaria: _cst, ...rest }) => rest,
      ),
    };
    expect(sefazRejection(stripped)?.code).toBe('1001');
  });

  it('knows the interstate ICMS rates', () => {
    expect(icmsRate('SP', 'SP', 0, 18)).toBe(18);
    expect(icmsRate('SP', 'BA', 0, 18)).toBe(7);
    expect(icmsRate('BA', 'SP', 0, 18)).toBe(12);
    expect(icmsRate('SP', 'MG', 1, 18)).toBe(4);
  });

  it('names what to fill when fiscal data is missing, and sends nothing', () => {
    const missing = { ...issuer, stateRegistration: null, ibgeCityCode: null, taxRegime: null };
    const noNcm = [{ ...lines[0]!, product: { ...product, ncm: null } }, lines[1]!];
    const result = buildNfePayload(missing, order, noNcm, options);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.join(' ')).toContain('a inscrição estadual');
    expect(result.problems.join(' ')).toContain('o regime tributário');
    expect(result.problems.join(' ')).toContain('o código IBGE do município da loja');
    expect(result.problems.join(' ')).toContain(
      'Preencha o NCM (8 dígitos) no cadastro do produto: "Camiseta"',
    );
  });

  it('refuses a CSOSN that needs rates the store does not keep, and a CST of the wrong regime', () => {
    const credit = buildNfePayload(
      { ...issuer, defaultTaxSituation: '101' },
      order,
      lines,
      options,
    );
    expect(credit.ok).toBe(false);
    if (!credit.ok) expect(credit.problems[0]).toContain('CSOSN 101');
    const wrong = buildNfePayload({ ...issuer, defaultTaxSituation: '00' }, order, lines, options);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.problems[0]).toContain('CSOSN inválido');
  });

  it('refuses totals that do not close against the order', () => {
    const result = buildNfePayload(
      issuer,
      { ...order, totalCents: order.totalCents + 1 },
      lines,
      options,
    );
    expect(result.ok).toBe(false);
  });
});

describe('the stand-in’s checks', () => {
  it('answers each schema error by field, and SEFAZ’s totals rule by code', () => {
    const result = buildNfePayload(issuer, order, lines, options);
    if (!result.ok) throw new Error('expected ok');
    const bad = {
      ...result.payload,
      items: [{ ...(result.payload.items as Item[])[0]!, codigo_ncm: '6109' }],
    };
    expect(schemaErrors(bad)).toContainEqual({
      campo: 'items[0].codigo_ncm',
      mensagem: 'codigo_ncm: o NCM tem 8 dígitos.',
    });
    const offTotal = { ...result.payload, valor_total: 1 };
    expect(sefazRejection(offTotal)?.code).toBe('610');
    const wrongCfop = {
      ...result.payload,
      items: (result.payload.items as Item[]).map((i) => ({ ...i, cfop: '5102' })),
    };
    expect(sefazRejection(wrongCfop)?.code).toBe('523');
  });
});
