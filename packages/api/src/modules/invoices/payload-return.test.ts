// The NF-e de devolução's JSON: the returned units at what the return refunded (discounts as
// valor_desconto, a refund above the price as outras despesas, the refunded shipping as frete),
// an entrada of finalidade 4 referencing the sale's chave, CFOP 1202/2202 by the shopper's UF, no
// payment; what does not match the order is refused. The stand-in's checks agree with it and
// refuse a devolução without its reference, with a saída's CFOP, or with a payment.
import { describe, expect, it } from 'vitest';
import type { InvoiceIssuer, InvoiceLine, InvoiceOrder } from './payload';
import { buildReturnNfePayload, type ReturnedGoods } from './payload-return';
import { schemaErrors, sefazRejection } from './standin-validate';
import { DEFAULT_RATES } from './taxes';

const issuer: InvoiceIssuer = {
  storeName: 'Vitrine',
  legalName: 'Vitrine Comércio Ltda.',
  cnpj: '11222333000181',
  legalAddress: 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001',
  contactPhone: null,
  stateRegistration: '110042490114',
  taxRegime: 'SIMPLES_NACIONAL',
  ibgeCityCode: '3550308',
  cfopInsideState: '5102',
  cfopOutsideState: '6108',
  natureOfOperation: 'Venda de mercadoria',
  defaultTaxSituation: '102',
};

const order: InvoiceOrder = {
  number: 'VT-2002',
  customerName: 'Maria da Silva',
  customerEmail: 'maria@example.com',
  customerCpf: '52998224725',
  customerPhone: '11987654321',
  postalCode: '30130010',
  street: 'Avenida Afonso Pena',
  streetNumber: '1000',
  complement: null,
  district: 'Centro',
  city: 'Belo Horizonte',
  uf: 'MG',
  shippingMethodKind: 'delivery',
  paymentMethod: 'PIX',
  pixDiscountCents: 650,
  shippingCents: 1500,
  interestCents: 0,
  totalCents: 13000 - 1000 - 650 + 1500,
};

const product = { ncm: '61091000', cest: null, origin: 0, taxSituation: null };
const saleLines: InvoiceLine[] = [
  {
    lineId: 'line-shirt',
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
    lineId: 'line-cap',
    sku: 'BON-U',
    productName: 'Boné',
    variantLabel: '',
    quantity: 1,
    unitPriceCents: 3000,
    lineTotalCents: 3000,
    discountCents: 0,
    product: { ...product, ncm: '65050090' },
  },
];
const SALE_KEY = '31260111222333000181550010000000421000000420';
const options = {
  series: 1,
  number: 43,
  issuedAt: new Date('2026-01-20T15:00:00Z'),
  rates: DEFAULT_RATES,
};

const oneShirt: ReturnedGoods = {
  number: 1,
  shippingRefundCents: 0,
  lines: [{ orderLineId: 'line-shirt', quantity: 1, refundCents: 4250 }],
};

function built(returned: ReturnedGoods, key: string | null = SALE_KEY, to = order) {
  const result = buildReturnNfePayload(issuer, to, saleLines, returned, key, options);
  if (!result.ok) throw new Error(result.problems.join(' '));
  return result.payload;
}

describe('buildReturnNfePayload', () => {
  it('is an entrada of finalidade 4 referencing the sale, at what the return refunded', () => {
    const payload = built(oneShirt);
    expect(payload).toMatchObject({
      natureza_operacao: 'Devolução de venda',
      tipo_documento: 0,
      finalidade_emissao: 4,
      notas_referenciadas: [{ chave_nfe: SALE_KEY }],
      formas_pagamento: [{ forma_pagamento: '90', valor_pagamento: 0 }],
      local_destino: 2,
      valor_produtos: 50,
      valor_desconto: 7.5,
      valor_frete: 0,
      valor_total: 42.5,
      numero: 43,
    });
    expect(payload.items).toEqual([
      expect.objectContaining({
        codigo_produto: 'CAM-M',
        quantidade_comercial: 1,
        valor_bruto: 50,
        valor_desconto: 7.5,
        cfop: '2202',
      }),
    ]);
    expect(String(payload.informacoes_adicionais_contribuinte)).toContain(SALE_KEY);
    expect(schemaErrors(payload)).toEqual([]);
    expect(sefazRejection(payload)).toBeNull();
  });

  it('takes CFOP 1202 inside the store’s UF, and the refunded shipping as frete', () => {
    const payload = built(
      {
        number: 2,
        shippingRefundCents: 1500,
        lines: [
          { orderLineId: 'line-shirt', quantity: 2, refundCents: 8500 },
          { orderLineId: 'line-cap', quantity: 1, refundCents: 2850 },
        ],
      },
      SALE_KEY,
      { ...order, uf: 'SP', city: 'São Paulo', postalCode: '01310100' },
    );
    expect(payload.local_destino).toBe(1);
    expect(payload.items.map((item) => item.cfop)).toEqual(['1202', '1202']);
    expect(payload.valor_frete).toBe(15);
    expect(payload.valor_total).toBe(85 + 28.5 + 15);
    expect(sefazRejection(payload)).toBeNull();
  });

  it('puts a refund above the units’ price (interest refunded) in outras despesas', () => {
    const payload = built({
      number: 1,
      shippingRefundCents: 0,
      lines: [{ orderLineId: 'line-cap', quantity: 1, refundCents: 3120 }],
    });
    expect(payload.items[0]).toMatchObject({ valor_bruto: 30, valor_outras_despesas: 1.2 });
    expect(payload.items[0]).not.toHaveProperty('valor_desconto');
    expect(payload.valor_total).toBe(31.2);
  });

  it('is refused without the sale’s chave, or with lines the order does not have', () => {
    const noKey = buildReturnNfePayload(issuer, order, saleLines, oneShirt, null, options);
    expect(noKey).toEqual({
      ok: false,
      problems: [
        'A NF-e de venda do pedido não está autorizada: a devolução referencia a chave de acesso dela.',
      ],
    });
    for (const lines of [
      [{ orderLineId: 'line-other', quantity: 1, refundCents: 100 }],
      [{ orderLineId: 'line-cap', quantity: 2, refundCents: 6000 }],
    ]) {
      const wrong = buildReturnNfePayload(
        issuer,
        order,
        saleLines,
        { number: 1, shippingRefundCents: 0, lines },
        SALE_KEY,
        options,
      );
      expect(wrong).toEqual({
        ok: false,
        problems: ['Os itens da devolução não conferem com os do pedido.'],
      });
    }
  });
});

describe('the stand-in’s checks of a devolução', () => {
  const payload = built(oneShirt);

  it('requires the referenced NF-e with its 44-digit chave', () => {
    const { notas_referenciadas: _, ...without } = payload;
    expect(schemaErrors(without)).toEqual([
      {
        campo: 'notas_referenciadas',
        mensagem: 'notas_referenciadas é obrigatório na NF-e de devolução (finalidade 4).',
      },
    ]);
    expect(schemaErrors({ ...payload, notas_referenciadas: [{ chave_nfe: '123' }] })).toEqual([
      {
        campo: 'notas_referenciadas',
        mensagem: 'notas_referenciadas: cada nota com a chave_nfe de 44 dígitos.',
      },
    ]);
  });

  it('rejects a saída’s CFOP on an entrada, an entrada’s on a saída, and a payment', () => {
    const items = (cfop: string) => payload.items.map((item) => ({ ...item, cfop }));
    expect(sefazRejection({ ...payload, items: items('6108') })?.code).toBe('519');
    expect(sefazRejection({ ...payload, tipo_documento: 1, finalidade_emissao: 1 })?.code).toBe(
      '518',
    );
    expect(sefazRejection({ ...payload, items: items('1202') })?.code).toBe('523');
    expect(
      sefazRejection({
        ...payload,
        formas_pagamento: [{ forma_pagamento: '17', valor_pagamento: 42.5 }],
      }),
    ).toEqual({
      code: '871',
      message: 'Rejeição: O campo Meio de Pagamento deve ser preenchido com a opção Sem Pagamento',
    });
  });
});
