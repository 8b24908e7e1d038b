// Which orders may have a shipping label bought (ordersBuyLabels), in one place for the server
// and the ui's mock: a paid delivery order whose shipping method names a carrier the server can
// ask, without a live label. The reasons are what staff read beside the order.

/** How the carriers are named to people. */
export const LABEL_CARRIER_NAMES = { melhorenvio: 'Melhor Envio', correios: 'Correios' } as const;
export type LabelCarrier = keyof typeof LABEL_CARRIER_NAMES;

export const MAX_LABELS_PER_BATCH = 100;

export interface LabelCandidate {
  status: string;
  /** 'delivery' or 'pickup', in either case. */
  shippingMethodKind: string;
  shippingMethodName: string;
  /** The method's carrier; null for the store's own table. */
  carrier: LabelCarrier | null;
  /** The label bought already (PURCHASED), if any. */
  live: { carrier: LabelCarrier; trackingCode: string | null } | null;
}

/** Why this order cannot have a label bought now; null when it can. */
export function labelIneligibility(
  order: LabelCandidate,
  configured: ReadonlySet<LabelCarrier> | ((carrier: LabelCarrier) => boolean),
): string | null {
  if (order.live) {
    return `Já tem etiqueta (${LABEL_CARRIER_NAMES[order.live.carrier]}, ${order.live.trackingCode}).`;
  }
  if (order.shippingMethodKind.toLowerCase() !== 'delivery') {
    return 'Retirada na loja: não precisa de etiqueta.';
  }
  if (order.status !== 'PAID') {
    return order.status === 'PENDING_PAYMENT'
      ? 'Aguardando pagamento: compre a etiqueta depois de pago.'
      : 'Só pedidos pagos e ainda não enviados recebem etiqueta.';
  }
  if (!order.carrier) {
    return `O método de envio "${order.shippingMethodName}" não é de uma transportadora.`;
  }
  const has =
    typeof configured === 'function' ? configured : (c: LabelCarrier) => configured.has(c);
  if (!has(order.carrier)) {
    return `${LABEL_CARRIER_NAMES[order.carrier]} não está configurada neste servidor.`;
  }
  return null;
}

/** The list's own errors (1 to 100 orders, none twice); null when it is fine. */
export function labelBatchError(ids: readonly string[]): string | null {
  if (ids.length === 0) return 'Escolha ao menos um pedido.';
  if (ids.length > MAX_LABELS_PER_BATCH) {
    return `Compre no máximo ${MAX_LABELS_PER_BATCH} etiquetas de uma vez.`;
  }
  if (new Set(ids.map((id) => id.toLowerCase())).size !== ids.length) {
    return 'Um pedido aparece mais de uma vez na lista.';
  }
  return null;
}
