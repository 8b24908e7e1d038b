// The state and rules of the stand-in PSP (standin.ts serves them over HTTP): the charges, Pix and
// refunds of one receiver in memory, shaped as the Banco Central's Pix API (v2) writes them, its
// tokens, its webhook and its clock, plus the failures and slowness the tests ask for.
import { randomBytes, randomUUID } from 'node:crypto';
import { formatCentsForBrCode } from '@vitrine/rules';
import { PIX_GUI, crc16, tlv } from '../brcode';
import type { PixChargeStatus, PixRefundStatus } from './provider';

export interface StandinRefund {
  id: string;
  rtrId: string;
  valor: string;
  natureza: 'ORIGINAL';
  horario: { solicitacao: string; liquidacao?: string };
  status: PixRefundStatus;
  motivo?: string;
}

export interface StandinPix {
  endToEndId: string;
  txid: string;
  valor: string;
  chave: string;
  horario: string;
  infoPagador?: string;
  devolucoes: StandinRefund[];
}

export interface StandinCharge {
  txid: string;
  revisao: number;
  status: PixChargeStatus;
  criacao: Date;
  expiracao: number;
  valor: string;
  chave: string;
  devedor?: { cpf: string; nome: string };
  solicitacaoPagador?: string;
  locId: number;
  location: string;
  pixCopiaECola: string;
  pix: StandinPix[];
}

export interface WebhookDelivery {
  url: string;
  body: { pix: Record<string, unknown>[] };
  /** The store's HTTP status, or null when it could not be reached. */
  status: number | null;
  error: string | null;
}

export interface StandinPspOptions {
  clientId: string;
  clientSecret: string;
  /** A cob or webhook for another key is refused; null accepts any. */
  pixKey: string | null;
  tokenExpiresInSeconds: number;
  settleRefunds: 'immediately' | 'manually';
  merchantName: string;
  merchantCity: string;
}

export const PIX_API_ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/';
const TXID = /^[A-Za-z0-9]{26,35}$/;
const ID = /^[A-Za-z0-9]{1,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
const ISPB = '99999999';

/** An error answer as problem+json (type, title, status, detail, violacoes). */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    readonly violacoes?: { razao: string; propriedade: string }[],
  ) {
    super(detail);
  }

  toJSON(): Record<string, unknown> {
    const body: Record<string, unknown> = {
      type: `${PIX_API_ERROR_BASE}${this.type}`,
      title: this.title,
      status: this.status,
      detail: this.detail,
    };
    if (this.violacoes) body.violacoes = this.violacoes;
    return body;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cents(valor: string): number {
  return Number(valor.replace('.', ''));
}

function valorOf(amountCents: number): string {
  return (amountCents / 100).toFixed(2);
}

function randomAlphanumeric(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

/** The SPI's ids: a letter, the ISPB, yyyyMMddHHmm (UTC) and 11 characters: 32 in all. */
function spiId(letter: 'E' | 'D', at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  return `${letter}${ISPB}${stamp}${randomAlphanumeric(11)}`;
}

/**
 * The BR Code of a dynamic charge: the Pix account (field 26) carries the payload's location
 * (sub-field 25 'url') instead of a key, point of initiation '12', txid '***' (the location
 * identifies the charge). The store's buildPixBrCode (brcode.ts) builds static codes from a key
 * only, so this is written here with its tlv and crc16.
 */
export function dynamicBrCode(input: {
  location: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
}): string {
  let payload =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', PIX_GUI) + tlv('25', input.location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', formatCentsForBrCode(input.amountCents)) +
    tlv('58', 'BR') +
    tlv('59', input.merchantName.slice(0, 25)) +
    tlv('60', input.merchantCity.slice(0, 15)) +
    tlv('62', tlv('05', '***'));
  payload += '6304';
  return payload + crc16(payload);
}

function cobInvalid(detail: string, propriedade: string): Problem {
  return new Problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', detail, [
    { razao: detail, propriedade },
  ]);
}

function refundInvalid(detail: string, propriedade: string): Problem {
  return new Problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail, [
    { razao: detail, propriedade },
  ]);
}

export class StandinPsp {
  readonly charges = new Map<string, StandinCharge>();
  readonly deliveries: WebhookDelivery[] = [];
  /** Counters of what the PSP API was asked (control calls not counted). */
  readonly stats = { tokensIssued: 0, requests: 0 };
  /** host:port, the start of every location; set once the server listens. */
  host = '';
  delayMs = 0;
  private readonly tokens = new Map<string, number>(); // token -> expires at (stand-in clock)
  private readonly pending = new Set<Promise<unknown>>();
  private webhook: { url: string; criacao: Date } | null = null;
  private failure: { count: number; status: number; title?: string; detail?: string } | null = null;
  private clockOffsetMs = 0;
  private nextLocId = 1;

  constructor(readonly options: StandinPspOptions) {}

  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  advanceClock(seconds: number): void {
    this.clockOffsetMs += seconds * 1000;
  }

  webhookUrl(): string | null {
    return this.webhook?.url ?? null;
  }

  failNext(count: number, status: number, problem: { title?: string; detail?: string } = {}) {
    this.failure = count > 0 ? { count, status, ...problem } : null;
  }

  /** The failure asked for by failNext, once per request until its count runs out. */
  takeFailure(): Problem | null {
    if (!this.failure || this.failure.count <= 0) return null;
    this.failure.count -= 1;
    const { status, title, detail } = this.failure;
    if (this.failure.count === 0) this.failure = null;
    const unavailable = status >= 500;
    return new Problem(
      status,
      unavailable ? 'ServicoIndisponivel' : 'RequisicaoInvalida',
      title ?? (unavailable ? 'Serviço indisponível.' : 'Requisição inválida.'),
      detail ?? 'Falha simulada pelo stand-in.',
    );
  }

  /** True for HTTP Basic "clientId:clientSecret". */
  authenticate(authorization: string | undefined): boolean {
    const [scheme, encoded] = (authorization ?? '').split(' ');
    const decoded = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString() : '';
    const at = decoded.indexOf(':');
    return (
      at >= 0 &&
      decoded.slice(0, at) === this.options.clientId &&
      decoded.slice(at + 1) === this.options.clientSecret
    );
  }

  issueToken(): string {
    const token = randomAlphanumeric(40);
    this.tokens.set(token, this.now().getTime() + this.options.tokenExpiresInSeconds * 1000);
    this.stats.tokensIssued += 1;
    return token;
  }

  checkToken(authorization: string | undefined): Problem | null {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    const expiresAt = match?.[1] === undefined ? undefined : this.tokens.get(match[1]);
    if (expiresAt !== undefined && expiresAt > this.now().getTime()) return null;
    return new Problem(
      401,
      'AcessoNegado',
      'Não autorizado.',
      'Token de acesso ausente, inválido ou expirado.',
    );
  }

  /** Forgets every token issued, as a PSP that restarted: the next call gets a 401. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** A charge past its expiry is removed by the PSP (it can no longer be paid). */
  private refresh(charge: StandinCharge): StandinCharge {
    const expiresAt = charge.criacao.getTime() + charge.expiracao * 1000;
    if (charge.status === 'ATIVA' && this.now().getTime() >= expiresAt) {
      charge.status = 'REMOVIDA_PELO_PSP';
    }
    return charge;
  }

  charge(txid: string): StandinCharge {
    const charge = this.charges.get(txid);
    if (!charge) {
      throw new Problem(
        404,
        'CobNaoEncontrado',
        'Cobrança não encontrada.',
        `Não existe cobrança com o txid ${txid}.`,
      );
    }
    return this.refresh(charge);
  }

  allCharges(): StandinCharge[] {
    return [...this.charges.values()].map((c) => this.refresh(c));
  }

  private checkKey(chave: unknown, propriedade: string): string {
    if (typeof chave !== 'string' || chave === '') {
      throw cobInvalid('A chave é obrigatória.', propriedade);
    }
    if (this.options.pixKey !== null && chave !== this.options.pixKey) {
      throw cobInvalid('A chave não pertence ao usuário recebedor.', propriedade);
    }
    return chave;
  }

  /** PUT /v2/cob/{txid}: an existing txid is refused as a duplicate. */
  createCharge(txid: string, input: unknown): StandinCharge {
    if (!TXID.test(txid)) throw cobInvalid('O txid deve ter de 26 a 35 caracteres.', 'cob.txid');
    if (this.charges.has(txid)) throw cobInvalid('O txid informado já foi utilizado.', 'cob.txid');
    const body = isRecord(input) ? input : {};
    const calendario = isRecord(body.calendario) ? body.calendario : {};
    const expiracao = calendario.expiracao ?? 86_400;
    if (typeof expiracao !== 'number' || !Number.isInteger(expiracao) || expiracao <= 0) {
      throw cobInvalid('A expiração deve ser um inteiro positivo.', 'cob.calendario.expiracao');
    }
    const original = isRecord(body.valor) ? body.valor.original : undefined;
    if (typeof original !== 'string' || !VALOR.test(original) || cents(original) <= 0) {
      throw cobInvalid('O valor original deve ser positivo, com 2 casas.', 'cob.valor.original');
    }
    const chave = this.checkKey(body.chave, 'cob.chave');
    let devedor: StandinCharge['devedor'];
    if (body.devedor !== undefined) {
      const d = isRecord(body.devedor) ? body.devedor : {};
      if (typeof d.cpf !== 'string' || !/^\d{11}$/.test(d.cpf) || typeof d.nome !== 'string') {
        throw cobInvalid('O devedor precisa de CPF (11 dígitos) e nome.', 'cob.devedor');
      }
      devedor = { cpf: d.cpf, nome: d.nome };
    }
    const solicitacao = body.solicitacaoPagador;
    if (
      solicitacao !== undefined &&
      (typeof solicitacao !== 'string' || solicitacao.length > 140)
    ) {
      throw cobInvalid('Até 140 caracteres.', 'cob.solicitacaoPagador');
    }
    const location = `${this.host}/qr/v2/${randomUUID().replaceAll('-', '')}`;
    const charge: StandinCharge = {
      txid,
      revisao: 0,
      status: 'ATIVA',
      criacao: this.now(),
      expiracao,
      valor: original,
      chave,
      devedor,
      solicitacaoPagador: solicitacao,
      locId: this.nextLocId++,
      location,
      pixCopiaECola: dynamicBrCode({
        location,
        amountCents: cents(original),
        merchantName: this.options.merchantName,
        merchantCity: this.options.merchantCity,
      }),
      pix: [],
    };
    this.charges.set(txid, charge);
    return charge;
  }

  /** PATCH /v2/cob/{txid}: only {"status":"REMOVIDA_PELO_USUARIO_RECEBEDOR"}. */
  patchCharge(txid: string, input: unknown): StandinCharge {
    const charge = this.charge(txid);
    const body = isRecord(input) ? input : {};
    if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || Object.keys(body).length !== 1) {
      throw cobInvalid(
        'O stand-in só aceita {"status":"REMOVIDA_PELO_USUARIO_RECEBEDOR"}.',
        'cob.status',
      );
    }
    if (charge.status !== 'ATIVA') {
      throw cobInvalid(`A cobrança está ${charge.status} e não pode ser removida.`, 'cob.status');
    }
    charge.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    charge.revisao += 1;
    return charge;
  }

  /** REMOVIDA_PELO_PSP, as a PSP that removes a charge by its own criteria. */
  removeAsPsp(txid: string): StandinCharge {
    const charge = this.charge(txid);
    if (charge.status !== 'ATIVA') {
      throw cobInvalid(`A cobrança está ${charge.status}.`, 'cob.status');
    }
    charge.status = 'REMOVIDA_PELO_PSP';
    return charge;
  }

  /** PUT /v2/webhook/{chave}. */
  registerWebhook(chave: string, input: unknown): void {
    this.checkKey(chave, 'webhook.chave');
    const url = isRecord(input) ? input.webhookUrl : undefined;
    let valid = false;
    try {
      valid = typeof url === 'string' && /^https?:$/.test(new URL(url).protocol);
    } catch {
      valid = false;
    }
    if (!valid) {
      throw new Problem(
        400,
        'WebhookOperacaoInvalida',
        'Webhook inválido.',
        'webhookUrl inválida.',
        [{ razao: 'webhookUrl inválida.', propriedade: 'webhookUrl' }],
      );
    }
    this.webhook = { url: url as string, criacao: this.now() };
  }

  /** GET /v2/webhook/{chave}. */
  webhookJson(chave: string): Record<string, unknown> {
    const { pixKey } = this.options;
    if (!this.webhook || (pixKey !== null && chave !== pixKey)) {
      throw new Problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.', 'Sem webhook.');
    }
    return { webhookUrl: this.webhook.url, chave, criacao: this.webhook.criacao.toISOString() };
  }

  deleteWebhook(): void {
    this.webhook = null;
  }

  pix(endToEndId: string): StandinPix {
    for (const charge of this.charges.values()) {
      const pix = charge.pix.find((p) => p.endToEndId === endToEndId);
      if (pix) return pix;
    }
    throw new Problem(
      404,
      'PixNaoEncontrado',
      'Pix não encontrado.',
      `Não existe Pix com o endToEndId ${endToEndId}.`,
    );
  }

  refundOf(endToEndId: string, id: string): { pix: StandinPix; refund: StandinRefund } {
    const pix = this.pix(endToEndId);
    const refund = pix.devolucoes.find((d) => d.id === id);
    if (!refund) {
      throw new Problem(
        404,
        'DevolucaoNaoEncontrada',
        'Devolução não encontrada.',
        `Não existe devolução ${id} do Pix ${endToEndId}.`,
      );
    }
    return { pix, refund };
  }

  /**
   * PUT /v2/pix/{e2eid}/devolucao/{id}: answered EM_PROCESSAMENTO (a copy), never beyond what the
   * Pix received; the same id with the same valor answers that refund again.
   */
  refund(endToEndId: string, id: string, input: unknown): StandinRefund {
    if (!ID.test(id)) throw refundInvalid('O id deve ter de 1 a 35 caracteres.', 'devolucao.id');
    const pix = this.pix(endToEndId);
    const valor = isRecord(input) ? input.valor : undefined;
    if (typeof valor !== 'string' || !VALOR.test(valor) || cents(valor) <= 0) {
      throw refundInvalid('O valor deve ser positivo, com 2 casas.', 'devolucao.valor');
    }
    const existing = pix.devolucoes.find((d) => d.id === id);
    if (existing) {
      if (existing.valor !== valor) {
        throw refundInvalid('Já existe uma devolução com este id e outro valor.', 'devolucao.id');
      }
      return structuredClone(existing);
    }
    const refunded = pix.devolucoes
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + cents(d.valor), 0);
    if (refunded + cents(valor) > cents(pix.valor)) {
      const available = valorOf(cents(pix.valor) - refunded);
      throw refundInvalid(
        `O valor da devolução excede o valor disponível do Pix (${available}).`,
        'devolucao.valor',
      );
    }
    const at = this.now();
    const refund: StandinRefund = {
      id,
      rtrId: spiId('D', at),
      valor,
      natureza: 'ORIGINAL',
      horario: { solicitacao: at.toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    pix.devolucoes.push(refund);
    const answer = structuredClone(refund);
    if (this.options.settleRefunds === 'immediately') {
      this.settle(refund, 'DEVOLVIDO');
      this.track(this.notify(pix));
    }
    return answer;
  }

  private settle(refund: StandinRefund, status: 'DEVOLVIDO' | 'NAO_REALIZADO'): void {
    if (refund.status !== 'EM_PROCESSAMENTO') {
      throw refundInvalid(`A devolução já está ${refund.status}.`, 'devolucao.status');
    }
    refund.status = status;
    refund.horario.liquidacao = this.now().toISOString();
    if (status === 'NAO_REALIZADO') refund.motivo = 'Devolução recusada pelo stand-in.';
  }

  /** Settles a refund left EM_PROCESSAMENTO and POSTs the webhook with it. */
  async settleRefund(
    endToEndId: string,
    id: string,
    status: 'DEVOLVIDO' | 'NAO_REALIZADO' = 'DEVOLVIDO',
  ): Promise<{ refund: StandinRefund; delivery: WebhookDelivery | null }> {
    const { pix, refund } = this.refundOf(endToEndId, id);
    this.settle(refund, status);
    const delivery = await this.track(this.notify(pix));
    return { refund, delivery };
  }

  /** Pays an ATIVA charge (its own amount unless told) and POSTs the webhook, if registered. */
  async pay(
    txid: string,
    options: { amountCents?: number; payerInfo?: string } = {},
  ): Promise<{ pix: StandinPix; delivery: WebhookDelivery | null }> {
    const charge = this.charge(txid);
    if (charge.status !== 'ATIVA') {
      throw new Problem(
        400,
        'CobOperacaoInvalida',
        'Cobrança não pode ser paga.',
        `A cobrança está ${charge.status}.`,
      );
    }
    const amount = options.amountCents ?? cents(charge.valor);
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new Problem(400, 'RequisicaoInvalida', 'Valor inválido.', 'amountCents inválido.');
    }
    const at = this.now();
    const pix: StandinPix = {
      endToEndId: spiId('E', at),
      txid,
      valor: valorOf(amount),
      chave: charge.chave,
      horario: at.toISOString(),
      devolucoes: [],
    };
    if (options.payerInfo) pix.infoPagador = options.payerInfo;
    charge.pix.push(pix);
    charge.status = 'CONCLUIDA';
    const delivery = await this.track(this.notify(pix));
    return { pix, delivery };
  }

  /** POSTs {"pix":[...]} to the registered URL with '/pix' appended to the whole string. */
  private async notify(pix: StandinPix): Promise<WebhookDelivery | null> {
    if (!this.webhook) return null;
    const delivery: WebhookDelivery = {
      url: `${this.webhook.url}/pix`,
      body: { pix: [pixJson(pix)] },
      status: null,
      error: null,
    };
    this.deliveries.push(delivery);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = response.status;
      await response.body?.cancel();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
    return promise;
  }

  /** Waits for webhooks sent in the background. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  reset(): void {
    this.charges.clear();
    this.deliveries.length = 0;
    this.tokens.clear();
    this.stats.tokensIssued = 0;
    this.stats.requests = 0;
    this.webhook = null;
    this.failure = null;
    this.delayMs = 0;
    this.clockOffsetMs = 0;
  }
}

/** A received Pix as GET /v2/cob and the webhook write it (devolucoes only when there are). */
export function pixJson(pix: StandinPix): Record<string, unknown> {
  const { devolucoes, ...rest } = pix;
  return devolucoes.length > 0 ? { ...rest, devolucoes: structuredClone(devolucoes) } : rest;
}

/** A cob as PUT/GET/PATCH /v2/cob/{txid} answer it. */
export function cobJson(charge: StandinCharge): Record<string, unknown> {
  const criacao = charge.criacao.toISOString();
  const body: Record<string, unknown> = {
    calendario: { criacao, expiracao: charge.expiracao },
    txid: charge.txid,
    revisao: charge.revisao,
    loc: { id: charge.locId, location: charge.location, tipoCob: 'cob', criacao },
    location: charge.location,
    status: charge.status,
    valor: { original: charge.valor },
    chave: charge.chave,
    pixCopiaECola: charge.pixCopiaECola,
  };
  if (charge.devedor) body.devedor = { ...charge.devedor };
  if (charge.solicitacaoPagador) body.solicitacaoPagador = charge.solicitacaoPagador;
  if (charge.pix.length > 0) body.pix = charge.pix.map(pixJson);
  return body;
}
