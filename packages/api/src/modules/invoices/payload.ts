// The NF-e's JSON as Focus NFe's API v2 takes it (the fields of SEFAZ's layout 4.00 in its
// snake_case names), built from the store's settings and one order. Pure: what is missing or
// wrong comes back as Portuguese problems naming what to fill, and nothing is sent.
//
// - Issuer: the legal identity (razão social, CNPJ, the address parsed as the labels do) plus the
//   fiscal data of 0045 (inscrição estadual, regime/CRT, IBGE city code, CFOPs, natureza).
// - Addressee: the shopper (CPF, não contribuinte, consumidor final, compra pela internet). The
//   order keeps no IBGE code of the shopper's city: the município's name and UF are sent, and the
//   provider finds the code (Focus NFe does); a provider that does not would refuse it.
//   A pickup order has no address: the store's (where the goods are handed over) is sent.
// - Lines: NCM, CEST, origem, CFOP inside/outside by the addressee's UF against the store's, CSOSN
//   (Simples) or CST, quantities and unit value, the order's discounts (coupon per line, Pix spread
//   in proportion), frete and a card plan's interest (vOutro) spread per line as the layout asks,
//   so the lines add up to the totals and the totals to the order's.
// - Taxes: taxes.ts (ICMS, PIS/COFINS, and the 2026 reform's IBS/CBS group).
import { TAX_REGIME_CRT, normaliseNcm, taxSituationError, type TaxRegime } from '@vitrine/rules';
import { parseAddressLine } from '../labels/sender';
import { lineTaxes, reformTotals, type ReformRates, type LineTaxes } from './taxes';

export type NfePayload = Record<string, unknown> & { items: Record<string, unknown>[] };

export interface InvoiceIssuer {
  storeName: string;
  legalName: string | null;
  cnpj: string | null;
  legalAddress: string | null;
  contactPhone: string | null;
  stateRegistration: string | null;
  taxRegime: TaxRegime | null;
  ibgeCityCode: string | null;
  cfopInsideState: string;
  cfopOutsideState: string;
  natureOfOperation: string;
  defaultTaxSituation: string | null;
}

export interface InvoiceOrder {
  number: string;
  customerName: string;
  customerEmail: string;
  customerCpf: string;
  customerPhone: string;
  postalCode: string;
  street: string;
  streetNumber: string;
  complement: string | null;
  district: string;
  city: string;
  uf: string;
  shippingMethodKind: 'delivery' | 'pickup';
  paymentMethod: 'PIX' | 'CARD' | 'BOLETO';
  pixDiscountCents: number;
  shippingCents: number;
  interestCents: number;
  totalCents: number;
}

export interface InvoiceLine {
  /** The order line's id (a return names its lines by it). */
  lineId?: string;
  sku: string;
  productName: string;
  variantLabel: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** The coupon's share of this line. */
  discountCents: number;
  /** The product's fiscal data now; null when the product is gone from the catalog. */
  product: {
    ncm: string | null;
    cest: string | null;
    origin: number;
    taxSituation: string | null;
  } | null;
}

export interface PayloadOptions {
  series: number;
  number: number;
  issuedAt: Date;
  rates: ReformRates;
}

export type PayloadResult =
  { ok: true; payload: NfePayload; totalCents: number } | { ok: false; problems: string[] };

/** Centavos as the provider writes money (a number with 2 places). */
export function money(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

/**
 * `total` split in proportion to `weights`, in whole centavos that add up to it exactly (the
 * largest remainders get the odd centavos; ties to the first line).
 */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** The ISO time of São Paulo (-03:00), as SEFAZ wants dhEmi. */
export function saoPauloIso(at: Date): string {
  const local = new Date(at.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

function issuerProblems(issuer: InvoiceIssuer): string[] {
  const missing: string[] = [];
  if (!issuer.legalName) missing.push('a razão social');
  if (digits(issuer.cnpj).length !== 14) missing.push('o CNPJ');
  if (!issuer.legalAddress || !parseAddressLine(issuer.legalAddress)) {
    missing.push('o endereço da loja no formato "Rua, número – Bairro, Cidade/UF, CEP 00000-000"');
  }
  if (!issuer.stateRegistration) missing.push('a inscrição estadual');
  if (!issuer.taxRegime) missing.push('o regime tributário');
  if (!issuer.ibgeCityCode) missing.push('o código IBGE do município da loja');
  return missing.length > 0
    ? [`Preencha em Configurações → Dados fiscais: ${missing.join(', ')}.`]
    : [];
}

function lineName(line: InvoiceLine): string {
  return [line.productName, line.variantLabel].filter(Boolean).join(' – ');
}

/** Each line's CSOSN/CST and NCM, or the problems naming the product to fix. */
function lineProblems(issuer: InvoiceIssuer, lines: readonly InvoiceLine[]): string[] {
  const problems: string[] = [];
  const noNcm: string[] = [];
  for (const line of lines) {
    if (!line.product) {
      problems.push(
        `O produto "${lineName(line)}" (SKU ${line.sku}) não está mais no catálogo: emita esta NF-e pelo emissor do seu contador.`,
      );
      continue;
    }
    if (!line.product.ncm || !normaliseNcm(line.product.ncm)) noNcm.push(`"${line.productName}"`);
    const situation = line.product.taxSituation ?? issuer.defaultTaxSituation;
    if (!situation) {
      problems.push(
        `Informe a situação tributária (CSOSN ou CST) de "${line.productName}" ou a padrão da loja em Configurações → Dados fiscais.`,
      );
    } else if (issuer.taxRegime) {
      const error = taxSituationError(situation, issuer.taxRegime);
      if (error) problems.push(`"${line.productName}": ${error}`);
    }
  }
  if (noNcm.length > 0) {
    const names = [...new Set(noNcm)].join(', ');
    problems.unshift(`Preencha o NCM (8 dígitos) no cadastro do produto: ${names}.`);
  }
  return problems;
}

function addresseeProblems(order: InvoiceOrder): string[] {
  const problems: string[] = [];
  if (digits(order.customerCpf).length !== 11)
    problems.push('O pedido não tem o CPF do comprador.');
  if (order.shippingMethodKind !== 'pickup' && (!order.uf || !order.city)) {
    problems.push('O pedido não tem o endereço de entrega completo (cidade e UF).');
  }
  return problems;
}

interface Destination {
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  uf: string;
  postalCode: string;
}

function destinationOf(order: InvoiceOrder, store: Destination): Destination {
  if (order.shippingMethodKind === 'pickup' || !order.uf) return store;
  return {
    street: order.street,
    number: order.streetNumber,
    complement: order.complement,
    district: order.district,
    city: order.city,
    uf: order.uf,
    postalCode: digits(order.postalCode),
  };
}

/** NF-e's tPag: 17 Pix, 03 cartão de crédito, 15 boleto. */
const PAYMENT_CODES: Record<InvoiceOrder['paymentMethod'], string> = {
  PIX: '17',
  CARD: '03',
  BOLETO: '15',
};

interface LineAmounts {
  grossCents: number;
  discountCents: number;
  freightCents: number;
  otherCents: number;
}

/** The order's discounts, frete and interest spread over its lines. */
function amountsOf(order: InvoiceOrder, lines: readonly InvoiceLine[]): LineAmounts[] {
  const gross = lines.map((line) => line.unitPriceCents * line.quantity);
  const afterCoupon = lines.map((line, i) => gross[i]! - line.discountCents);
  const pix = spread(order.pixDiscountCents, afterCoupon);
  const freight = spread(order.shippingCents, gross);
  const other = spread(order.interestCents, gross);
  return lines.map((line, i) => ({
    grossCents: gross[i]!,
    discountCents: line.discountCents + pix[i]!,
    freightCents: freight[i]!,
    otherCents: other[i]!,
  }));
}

function itemJson(
  index: number,
  line: InvoiceLine,
  amounts: LineAmounts,
  cfop: string,
  taxes: LineTaxes,
): Record<string, unknown> {
  const product = line.product!;
  return {
    numero_item: index + 1,
    codigo_produto: line.sku,
    descricao: lineName(line).slice(0, 120),
    codigo_ncm: normaliseNcm(product.ncm!)!,
    ...(product.cest ? { cest: product.cest } : {}),
    cfop,
    unidade_comercial: 'UN',
    quantidade_comercial: line.quantity,
    valor_unitario_comercial: money(line.unitPriceCents),
    unidade_tributavel: 'UN',
    quantidade_tributavel: line.quantity,
    valor_unitario_tributavel: money(line.unitPriceCents),
    valor_bruto: money(amounts.grossCents),
    ...(amounts.discountCents > 0 ? { valor_desconto: money(amounts.discountCents) } : {}),
    ...(amounts.freightCents > 0 ? { valor_frete: money(amounts.freightCents) } : {}),
    ...(amounts.otherCents > 0 ? { valor_outras_despesas: money(amounts.otherCents) } : {}),
    inclui_no_total: 1,
    icms_origem: product.origin,
    ...taxes.fields,
  };
}

/** The invoice's JSON, or the problems that keep it from being sent. */
export function buildNfePayload(
  issuer: InvoiceIssuer,
  order: InvoiceOrder,
  lines: readonly InvoiceLine[],
  options: PayloadOptions,
): PayloadResult {
  const problems = [
    ...issuerProblems(issuer),
    ...lineProblems(issuer, lines),
    ...addresseeProblems(order),
  ];
  if (lines.length === 0) problems.push('O pedido não tem itens.');
  if (problems.length > 0) return { ok: false, problems };

  const store = parseAddressLine(issuer.legalAddress!)!;
  const storeAddress: Destination = { ...store, postalCode: digits(store.postalCode) };
  const destination = destinationOf(order, storeAddress);
  const inside = destination.uf.toUpperCase() === store.uf.toUpperCase();
  const cfop = inside ? issuer.cfopInsideState : issuer.cfopOutsideState;
  const crt = TAX_REGIME_CRT[issuer.taxRegime!];
  const amounts = amountsOf(order, lines);

  const taxes: LineTaxes[] = [];
  for (const [i, line] of lines.entries()) {
    const result = lineTaxes({
      regime: issuer.taxRegime!,
      situation: line.product!.taxSituation ?? issuer.defaultTaxSituation!,
      origin: line.product!.origin,
      storeUf: store.uf,
      destinationUf: destination.uf,
      baseCents:
        amounts[i]!.grossCents -
        amounts[i]!.discountCents +
        amounts[i]!.freightCents +
        amounts[i]!.otherCents,
      rates: options.rates,
    });
    if (!result.ok) return { ok: false, problems: [`"${line.productName}": ${result.problem}`] };
    taxes.push(result.taxes);
  }
  const items = lines.map((line, i) => itemJson(i, line, amounts[i]!, cfop, taxes[i]!));
  const sum = (pick: (a: LineAmounts) => number) => amounts.reduce((s, a) => s + pick(a), 0);
  const products = sum((a) => a.grossCents);
  const discount = sum((a) => a.discountCents);
  const freight = sum((a) => a.freightCents);
  const other = sum((a) => a.otherCents);
  const total = products - discount + freight + other;
  if (total !== order.totalCents) {
    return {
      ok: false,
      problems: [
        `Os valores do pedido ${order.number} não fecham (itens, descontos e frete somam ${money(total)}, o total é ${money(order.totalCents)}): emita esta NF-e pelo emissor do seu contador.`,
      ],
    };
  }

  const payload: NfePayload = {
    natureza_operacao: issuer.natureOfOperation,
    serie: options.series,
    numero: options.number,
    data_emissao: saoPauloIso(options.issuedAt),
    data_entrada_saida: saoPauloIso(options.issuedAt),
    tipo_documento: 1,
    local_destino: inside ? 1 : 2,
    finalidade_emissao: 1,
    consumidor_final: 1,
    presenca_comprador: 2,
    indicador_intermediario: 0,
    cnpj_emitente: digits(issuer.cnpj),
    nome_emitente: issuer.legalName,
    nome_fantasia_emitente: issuer.storeName,
    logradouro_emitente: store.street,
    numero_emitente: store.number,
    ...(store.complement ? { complemento_emitente: store.complement } : {}),
    bairro_emitente: store.district,
    municipio_emitente: store.city,
    codigo_municipio_emitente: issuer.ibgeCityCode,
    uf_emitente: store.uf,
    cep_emitente: storeAddress.postalCode,
    ...(issuer.contactPhone ? { telefone_emitente: digits(issuer.contactPhone) } : {}),
    inscricao_estadual_emitente: issuer.stateRegistration,
    regime_tributario_emitente: crt,
    nome_destinatario: order.customerName,
    cpf_destinatario: digits(order.customerCpf),
    indicador_inscricao_estadual_destinatario: 9,
    email_destinatario: order.customerEmail,
    telefone_destinatario: digits(order.customerPhone),
    logradouro_destinatario: destination.street,
    numero_destinatario: destination.number,
    ...(destination.complement ? { complemento_destinatario: destination.complement } : {}),
    bairro_destinatario: destination.district,
    municipio_destinatario: destination.city,
    uf_destinatario: destination.uf.toUpperCase(),
    cep_destinatario: destination.postalCode,
    pais_destinatario: 'Brasil',
    modalidade_frete: order.shippingMethodKind === 'pickup' ? 9 : 0,
    valor_produtos: money(products),
    valor_desconto: money(discount),
    valor_frete: money(freight),
    valor_outras_despesas: money(other),
    valor_total: money(total),
    ...reformTotals(taxes),
    formas_pagamento: [
      { forma_pagamento: PAYMENT_CODES[order.paymentMethod], valor_pagamento: money(total) },
    ],
    informacoes_adicionais_contribuinte: `Pedido ${order.number}.`,
    items,
  };
  return { ok: true, payload, totalCents: total };
}
