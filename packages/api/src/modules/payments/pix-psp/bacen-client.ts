// One client of the Banco Central's Pix API standard (API Pix v2, "padrão Bacen"): OAuth2 client
// credentials with mutual TLS, immediate charges (cob), the webhook of a Pix key and refunds
// (devolução). Every PSP that follows the standard (Itaú, BB, Bradesco, Santander, Sicoob, Inter,
// Efí...) is reached by this one client with its own base URL, credentials and certificate;
// standin.ts implements the same subset for the tests and the e2e run.
import type { Agent } from 'undici';
import { loadUndici } from '../../../lib/lazy-modules';
import type {
  CreateChargeInput,
  PixCharge,
  PixChargeStatus,
  PixProvider,
  PixRefund,
  PixRefundStatus,
  ReceivedPix,
} from './provider';
import { PixProviderError, centsOfValor, valorOfCents } from './provider';

export const PIX_API_SCOPES = 'cob.write cob.read pix.write pix.read webhook.write webhook.read';

export interface BacenPixClientOptions {
  /** The PSP's Pix API root, without /v2 (e.g. https://pix-h.api.efipay.com.br). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The receiving Pix key (the store's), sent as `chave` and used for the webhook. */
  pixKey: string;
  /** The client certificate and its private key (PEM) for mutual TLS; both or neither. */
  cert?: Buffer;
  key?: Buffer;
  /** Extra trusted CA (PEM), for a PSP or stand-in whose server certificate is not public. */
  ca?: Buffer;
  /** Per request, token requests included; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Defaults to `${baseUrl}/oauth/token`. */
  tokenUrl?: string;
  /**
   * Query parameters added to every API call (not to the token's): Banco do Brasil asks for its
   * developer key as `gw-dev-app-key`.
   */
  query?: Readonly<Record<string, string>>;
  /** The scope asked for with the token; null sends none (some PSPs grant by the app's setup). */
  scope?: string | null;
  /** The provider's name as the store shows and logs it; 'bacen-pix' by default. */
  name?: string;
  now?: () => number;
}

const STATUSES: readonly PixChargeStatus[] = [
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
];
const REFUND_STATUSES: readonly PixRefundStatus[] = [
  'EM_PROCESSAMENTO',
  'DEVOLVIDO',
  'NAO_REALIZADO',
];

const TXID = /^[A-Za-z0-9]{26,35}$/;
const ID = /^[A-Za-z0-9]{1,35}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bad(message: string, httpStatus: number | null = null): PixProviderError {
  return new PixProviderError('BAD_RESPONSE', `O PSP do Pix enviou ${message}`, httpStatus);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function money(value: unknown, what: string): number {
  const cents = typeof value === 'string' ? centsOfValor(value) : null;
  if (cents === null) throw bad(`${what} inválido`);
  return cents;
}

function date(value: unknown, what: string): Date {
  const parsed = typeof value === 'string' ? new Date(value) : null;
  if (parsed === null || Number.isNaN(parsed.getTime())) throw bad(`${what} inválido`);
  return parsed;
}

/** A devolução as the standard writes it ({id, rtrId, valor, horario, status, motivo}). */
export function refundOf(body: unknown): PixRefund {
  if (!isRecord(body) || typeof body.id !== 'string') throw bad('uma devolução sem id');
  const status = body.status;
  if (!REFUND_STATUSES.includes(status as PixRefundStatus)) {
    throw bad(`uma devolução com situação desconhecida (${String(status)})`);
  }
  return {
    id: body.id,
    rtrId: stringOrNull(body.rtrId),
    amountCents: money(body.valor, 'refund valor'),
    status: status as PixRefundStatus,
    reason: stringOrNull(body.motivo),
  };
}

function receivedPixOf(body: unknown): ReceivedPix {
  if (!isRecord(body) || typeof body.endToEndId !== 'string') {
    throw bad('um Pix sem endToEndId');
  }
  const refunds = Array.isArray(body.devolucoes) ? body.devolucoes.map(refundOf) : [];
  return {
    endToEndId: body.endToEndId,
    txid: stringOrNull(body.txid),
    amountCents: money(body.valor, 'Pix valor'),
    paidAt: date(body.horario, 'Pix horario'),
    payerInfo: stringOrNull(body.infoPagador),
    refunds,
  };
}

/** A cob as GET/PUT/PATCH /v2/cob/{txid} answer it, in the store's terms. */
export function chargeOf(body: unknown): PixCharge {
  if (!isRecord(body) || typeof body.txid !== 'string') throw bad('uma cobrança sem txid');
  const status = body.status;
  if (!STATUSES.includes(status as PixChargeStatus)) {
    throw bad(`uma cobrança com situação desconhecida (${String(status)})`);
  }
  const calendario = isRecord(body.calendario) ? body.calendario : {};
  const valor = isRecord(body.valor) ? body.valor : {};
  const loc = isRecord(body.loc) ? body.loc : {};
  const expiracao = calendario.expiracao ?? 86_400; // the standard's default when omitted
  if (typeof expiracao !== 'number' || !Number.isInteger(expiracao) || expiracao <= 0) {
    throw bad('calendario.expiracao inválido');
  }
  return {
    txid: body.txid,
    status: status as PixChargeStatus,
    amountCents: money(valor.original, 'valor.original'),
    location: stringOrNull(body.location) ?? stringOrNull(loc.location),
    pixCopiaECola: stringOrNull(body.pixCopiaECola),
    createdAt: date(calendario.criacao, 'calendario.criacao'),
    expiresInSeconds: expiracao,
    pix: Array.isArray(body.pix) ? body.pix.map(receivedPixOf) : [],
  };
}

/** The problem+json of an error answer (title, detail, violacoes), or whatever text it had. */
function problemText(parsed: unknown, text: string): string {
  if (!isRecord(parsed)) return text.slice(0, 300) || 'no details';
  const parts: string[] = [];
  for (const field of ['title', 'detail', 'nome', 'mensagem', 'error', 'error_description']) {
    const value = parsed[field];
    if (typeof value === 'string' && value !== '' && !parts.includes(value)) parts.push(value);
  }
  if (Array.isArray(parsed.violacoes)) {
    for (const v of parsed.violacoes) {
      if (isRecord(v) && typeof v.razao === 'string') {
        parts.push(typeof v.propriedade === 'string' ? `${v.propriedade}: ${v.razao}` : v.razao);
      }
    }
  }
  return parts.length > 0 ? parts.join(' — ') : text.slice(0, 300) || 'no details';
}

interface Answer {
  status: number;
  parsed: unknown;
  text: string;
}

export class BacenPixClient implements PixProvider {
  readonly name: string;
  private readonly baseUrl: string;
  private readonly tokenUrl: string;
  private readonly timeoutMs: number;
  /** The fetch to call and, with a certificate or a CA, undici's Agent that carries it. */
  private readonly connection: Promise<{ fetch: typeof fetch; agent: Agent | null }>;
  private readonly now: () => number;
  private token: { value: string; refreshAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: BacenPixClientOptions) {
    if (!options.baseUrl) throw new Error('The Pix PSP needs a base URL');
    if (!options.clientId || !options.clientSecret) {
      throw new Error('The Pix PSP needs a client id and a client secret');
    }
    if (!options.pixKey) throw new Error('The Pix PSP needs the receiving Pix key');
    if (Boolean(options.cert) !== Boolean(options.key)) {
      throw new Error('The Pix PSP certificate needs both the certificate and its key');
    }
    this.name = options.name ?? 'bacen-pix';
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.tokenUrl = options.tokenUrl ?? `${this.baseUrl}/oauth/token`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? Date.now;
    const tls =
      options.cert && options.key
        ? { cert: options.cert, key: options.key, ca: options.ca }
        : options.ca
          ? { ca: options.ca }
          : null;
    // With a certificate, undici's own fetch carries the Agent (the fetch built into Node may be
    // another undici version, which does not always accept a dispatcher of this one). undici is
    // loaded then, not at the server's start (lib/lazy-modules.ts).
    this.connection = tls
      ? loadUndici().then((undici) => ({
          fetch: options.fetch ?? (undici.fetch as unknown as typeof fetch),
          agent: new undici.Agent({ connect: tls }),
        }))
      : Promise.resolve({ fetch: options.fetch ?? fetch, agent: null });
    // A failed load fails each call that awaits it (UNAVAILABLE), not the process.
    void this.connection.catch(() => undefined);
  }

  async createCharge(input: CreateChargeInput): Promise<PixCharge> {
    const txid = this.txid(input.txid);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new RangeError('The amount must be a positive integer number of centavos');
    }
    if (!Number.isSafeInteger(input.expiresInSeconds) || input.expiresInSeconds <= 0) {
      throw new RangeError('The expiry must be a positive whole number of seconds');
    }
    const body: Record<string, unknown> = {
      calendario: { expiracao: input.expiresInSeconds },
      valor: { original: valorOfCents(input.amountCents) },
      chave: this.options.pixKey,
    };
    if (input.payer) {
      const cpf = input.payer.cpf.replace(/\D/g, '');
      const nome = input.payer.name.trim();
      if (!/^\d{11}$/.test(cpf)) throw new RangeError('The payer CPF must have 11 digits');
      if (nome === '' || nome.length > 200) throw new RangeError('Invalid payer name');
      body.devedor = { cpf, nome };
    }
    if (input.description) {
      if (input.description.length > 140) {
        throw new RangeError('solicitacaoPagador has at most 140 characters');
      }
      body.solicitacaoPagador = input.description;
    }
    try {
      return chargeOf(await this.call('PUT', `/v2/cob/${txid}`, body));
    } catch (error) {
      // A txid that exists already (a retry after a lost answer) is refused by the PSP as a
      // duplicate, each in its own words: the charge of that txid is the answer, if it matches.
      if (!(error instanceof PixProviderError) || error.code !== 'REJECTED_REQUEST') throw error;
      let existing: PixCharge;
      try {
        existing = await this.getCharge(txid);
      } catch (readError) {
        if (readError instanceof PixProviderError && readError.code === 'NOT_FOUND') throw error;
        throw readError;
      }
      if (existing.amountCents !== input.amountCents) {
        throw new PixProviderError(
          'REJECTED_REQUEST',
          `O txid ${txid} já é uma cobrança de outro valor no PSP do Pix.`,
          error.httpStatus,
          { cause: error },
        );
      }
      return existing;
    }
  }

  async getCharge(txid: string): Promise<PixCharge> {
    return chargeOf(await this.call('GET', `/v2/cob/${this.txid(txid)}`));
  }

  async cancelCharge(txid: string): Promise<PixCharge> {
    return chargeOf(
      await this.call('PATCH', `/v2/cob/${this.txid(txid)}`, {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      }),
    );
  }

  async registerWebhook(webhookUrl: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(webhookUrl);
    } catch {
      throw new RangeError('The webhook URL is not a URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new RangeError('The webhook URL must be https');
    }
    await this.call('PUT', `/v2/webhook/${encodeURIComponent(this.options.pixKey)}`, {
      webhookUrl,
    });
  }

  async refund(input: {
    endToEndId: string;
    refundId: string;
    amountCents: number;
  }): Promise<PixRefund> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new RangeError('The amount must be a positive integer number of centavos');
    }
    const path = this.refundPath(input.endToEndId, input.refundId);
    return refundOf(await this.call('PUT', path, { valor: valorOfCents(input.amountCents) }));
  }

  async getRefund(endToEndId: string, refundId: string): Promise<PixRefund> {
    return refundOf(await this.call('GET', this.refundPath(endToEndId, refundId)));
  }

  /** Closes the TLS connections of the client certificate's Agent, if any. */
  async close(): Promise<void> {
    const connection = await this.connection.catch(() => null);
    await connection?.agent?.close();
  }

  private txid(txid: string): string {
    if (typeof txid !== 'string' || !TXID.test(txid)) {
      throw new RangeError('The txid must be 26 to 35 letters A-Z, a-z or digits');
    }
    return txid;
  }

  private refundPath(endToEndId: string, refundId: string): string {
    if (typeof endToEndId !== 'string' || !ID.test(endToEndId)) {
      throw new RangeError('Invalid endToEndId');
    }
    if (typeof refundId !== 'string' || !ID.test(refundId)) {
      throw new RangeError('The refund id must be 1 to 35 letters or digits');
    }
    return `/v2/pix/${endToEndId}/devolucao/${refundId}`;
  }

  /** An authorised call; a 401 (a token the PSP dropped early) gets one new token and a retry. */
  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const query = this.options.query ? new URLSearchParams(this.options.query).toString() : '';
    const url = `${this.baseUrl}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;
    let token = await this.accessToken();
    let answer = await this.send(method, url, token, body);
    if (answer.status === 401) {
      this.dropToken(token);
      token = await this.accessToken();
      answer = await this.send(method, url, token, body);
    }
    if (answer.status >= 200 && answer.status < 300) {
      if (answer.parsed === null && answer.text !== '') {
        throw bad('uma resposta que não é JSON', answer.status);
      }
      return answer.parsed;
    }
    throw this.errorOf(answer);
  }

  private async send(method: string, url: string, token: string, body?: unknown) {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return this.fetchAnswer(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  private async fetchAnswer(url: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(this.timeoutMs);
      const connection = await this.connection;
      const withAgent = connection.agent ? { ...init, dispatcher: connection.agent } : init;
      response = await connection.fetch(url, { ...withAgent, signal } as RequestInit);
      text = await response.text();
    } catch (error) {
      throw new PixProviderError(
        'UNAVAILABLE',
        'Não foi possível falar com o PSP do Pix agora. Tente novamente em instantes.',
        null,
        { cause: error },
      );
    }
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, parsed, text };
  }

  private errorOf(answer: Answer): PixProviderError {
    const detail = problemText(answer.parsed, answer.text);
    const { status } = answer;
    if (status >= 500 || status === 429 || status === 408) {
      return new PixProviderError(
        'UNAVAILABLE',
        `O PSP do Pix está indisponível no momento (HTTP ${status}). Tente novamente em instantes.`,
        status,
      );
    }
    if (status === 401 || status === 403) {
      return new PixProviderError(
        'UNAUTHORIZED',
        `O PSP do Pix recusou o acesso: ${detail}`,
        status,
      );
    }
    if (status === 404)
      return new PixProviderError('NOT_FOUND', `O PSP do Pix não encontrou: ${detail}`, 404);
    if (status >= 400) {
      return new PixProviderError(
        'REJECTED_REQUEST',
        `O PSP do Pix recusou o pedido: ${detail}`,
        status,
      );
    }
    return bad(`um HTTP ${status} inesperado`, status);
  }

  private dropToken(value: string): void {
    if (this.token?.value === value) this.token = null;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.refreshAt) return this.token.value;
    // Concurrent calls share one token request.
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const scope = this.options.scope === undefined ? PIX_API_SCOPES : this.options.scope;
    if (scope) form.set('scope', scope);
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString(
      'base64',
    );
    const answer = await this.fetchAnswer(this.tokenUrl, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: form.toString(),
    });
    const oauthError = isRecord(answer.parsed) ? answer.parsed.error : undefined;
    if (
      answer.status === 401 ||
      answer.status === 403 ||
      (answer.status === 400 &&
        (oauthError === 'invalid_client' || oauthError === 'unauthorized_client'))
    ) {
      throw new PixProviderError(
        'UNAUTHORIZED',
        `O PSP do Pix recusou as credenciais do cliente: ${problemText(answer.parsed, answer.text)}`,
        answer.status,
      );
    }
    if (answer.status < 200 || answer.status >= 300) throw this.errorOf(answer);
    const body = answer.parsed;
    if (!isRecord(body) || typeof body.access_token !== 'string' || body.access_token === '') {
      throw bad('um token sem access_token', answer.status);
    }
    const expiresIn =
      typeof body.expires_in === 'number' && body.expires_in > 0
        ? body.expires_in
        : Number(body.expires_in) > 0
          ? Number(body.expires_in)
          : 300;
    // Refreshed a little before it expires: a tenth of its life, at most a minute early.
    const margin = Math.min(60, expiresIn / 10);
    this.token = { value: body.access_token, refreshAt: this.now() + (expiresIn - margin) * 1000 };
    return body.access_token;
  }
}
