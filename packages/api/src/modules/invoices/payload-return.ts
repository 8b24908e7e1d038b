// The NF-e de devolução (finalidade 4, an entrada) of the goods one return brought back, as Focus
// NFe's API v2 takes it: the sale's payload (payload.ts) built over the returned units, with what
// makes it a devolução. Pure.
//
// - Lines: each returned line at the sale's unit price, its value what the return refunded for it
//   (the coupon's and the Pix discount's share as valor_desconto); the refunded shipping (a whole
//   order's return) as frete. The total is the return's refund.
// - natureza 'Devolução de venda', tipo_documento 0 (entrada), finalidade_emissao 4, the sale's
//   chave de acesso in notas_referenciadas, CFOP 1202 inside the store's UF and 2202 outside
//   (devolução de venda de mercadoria adquirida de terceiros: a retailer's), no payment (tPag 90).
// - Tax situation: the sale's (the product's CSOSN/CST or the store's default), as the accountant
//   may change in the provider's panel.
import {
  buildNfePayload,
  money,
  type InvoiceIssuer,
  type InvoiceLine,
  type InvoiceOrder,
  type PayloadOptions,
  type PayloadResult,
} from './payload';

export const RETURN_NATURE_OF_OPERATION = 'Devolução de venda';
export const RETURN_CFOP = { inside: '1202', outside: '2202' } as const;
/** NF-e's tPag 90: sem pagamento (a devolução's). */
const NO_PAYMENT = '90';

export interface ReturnedGoods {
  /** 1, 2... within the order. */
  number: number;
  shippingRefundCents: number;
  lines: { orderLineId: string; quantity: number; refundCents: number }[];
}

/** The devolução's JSON, or the problems that keep it from being sent. */
export function buildReturnNfePayload(
  issuer: InvoiceIssuer,
  order: InvoiceOrder,
  saleLines: readonly InvoiceLine[],
  returned: ReturnedGoods,
  saleAccessKey: string | null,
  options: PayloadOptions,
): PayloadResult {
  if (!saleAccessKey || !/^\d{44}$/.test(saleAccessKey)) {
    return {
      ok: false,
      problems: [
        'A NF-e de venda do pedido não está autorizada: a devolução referencia a chave de acesso dela.',
      ],
    };
  }
  const byId = new Map(saleLines.map((line) => [line.lineId, line]));
  const lines: InvoiceLine[] = [];
  let interestCents = 0;
  for (const item of returned.lines) {
    const sale = byId.get(item.orderLineId);
    if (!sale || item.quantity > sale.quantity) {
      return { ok: false, problems: ['Os itens da devolução não conferem com os do pedido.'] };
    }
    const gross = sale.unitPriceCents * item.quantity;
    lines.push({
      ...sale,
      quantity: item.quantity,
      lineTotalCents: gross,
      discountCents: Math.max(0, gross - item.refundCents),
    });
    // A refund above the units' price (a card plan's interest refunded) goes as outras despesas.
    interestCents += Math.max(0, item.refundCents - gross);
  }
  if (lines.length === 0) return { ok: false, problems: ['A devolução não tem itens.'] };
  const totalCents =
    returned.lines.reduce((sum, item) => sum + item.refundCents, 0) + returned.shippingRefundCents;
  const built = buildNfePayload(
    issuer,
    {
      ...order,
      pixDiscountCents: 0,
      shippingCents: returned.shippingRefundCents,
      interestCents,
      totalCents,
    },
    lines,
    options,
  );
  if (!built.ok) return built;
  const inside = built.payload.local_destino === 1;
  const cfop = inside ? RETURN_CFOP.inside : RETURN_CFOP.outside;
  return {
    ok: true,
    totalCents: built.totalCents,
    payload: {
      ...built.payload,
      natureza_operacao: RETURN_NATURE_OF_OPERATION,
      tipo_documento: 0,
      finalidade_emissao: 4,
      notas_referenciadas: [{ chave_nfe: saleAccessKey }],
      formas_pagamento: [{ forma_pagamento: NO_PAYMENT, valor_pagamento: money(0) }],
      informacoes_adicionais_contribuinte: `Devolução ${returned.number} do pedido ${order.number}, referente à NF-e de chave ${saleAccessKey}.`,
      items: built.payload.items.map((item) => ({ ...item, cfop })),
    },
  };
}
