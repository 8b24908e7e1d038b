// The Correios contract APIs (api.correios.com.br): a token from the user and access code plus the
// postage card (POST /token/v1/autentica/cartaopostagem, valid about a day), then per service the
// price (GET /preco/v1/nacional/{coProduto}) and the delivery time (GET /prazo/v1/nacional/{coProduto}).
import { correiosEventStatus } from '@vitrine/rules';
import {
  CarrierError,
  reaisToCents,
  type CarrierQuoteRequest,
  type CarrierQuoter,
  type CarrierServiceQuote,
  type CarrierTracker,
  type CarrierTrackingEvent,
} from './provider';

export interface CorreiosSettings {
  /** https://api.correios.com.br, https://apihom.correios.com.br (homologação), or a stand-in. */
  baseUrl: string;
  /** The user (CNPJ or Meu Correios login) and its API access code. */
  user: string;
  accessCode: string;
  /** The cartão de postagem of the store's contract. */
  postageCard: string;
}

/** Renewed this long before the token says it ends. */
const TOKEN_MARGIN_MS = 5 * 60_000;

interface SroEvent {
  codigo?: unknown;
  tipo?: unknown;
  dtHrCriado?: unknown;
  descricao?: unknown;
  unidade?: { endereco?: { cidade?: unknown; uf?: unknown } };
}

/** '2025-01-10T14:30:00' (Brasília time, as the SRO writes it) as an instant. */
function sroInstant(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}-03:00`;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sroLocation(event: SroEvent): string | null {
  const city = event.unidade?.endereco?.cidade;
  const uf = event.unidade?.endereco?.uf;
  if (typeof city !== 'string' || city.trim() === '') return null;
  const name = city
    .trim()
    .toLowerCase()
    .replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());
  return typeof uf === 'string' && uf.trim() !== '' ? `${name}/${uf.trim().toUpperCase()}` : name;
}

export class CorreiosQuoter implements CarrierQuoter, CarrierTracker {
  readonly name = 'correios' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly settings: CorreiosSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async quote(request: CarrierQuoteRequest): Promise<CarrierServiceQuote[]> {
    const token = await this.accessToken(request.signal);
    const priced = await Promise.all(
      request.services.map((service) => this.priceService(service, token, request)),
    );
    return priced.filter((quote): quote is CarrierServiceQuote => quote !== null);
  }

  /** The SRO's events of an object (GET /srorastro/v1/objetos/{code}?resultado=T), oldest first. */
  async track(trackingCode: string, signal: AbortSignal): Promise<CarrierTrackingEvent[] | null> {
    const token = await this.accessToken(signal);
    const body = await this.get(
      `/srorastro/v1/objetos/${encodeURIComponent(trackingCode)}`,
      { resultado: 'T' },
      token,
      signal,
    );
    const object = Array.isArray(body?.objetos)
      ? (body.objetos[0] as Record<string, unknown>)
      : null;
    if (!object || !Array.isArray(object.eventos)) return null;
    const events: CarrierTrackingEvent[] = [];
    for (const raw of object.eventos as SroEvent[]) {
      const occurredAt = sroInstant(raw.dtHrCriado);
      if (typeof raw.codigo !== 'string' || !occurredAt) continue;
      const description = typeof raw.descricao === 'string' ? raw.descricao.trim() : '';
      events.push({
        code: raw.codigo,
        status: correiosEventStatus(
          raw.codigo,
          typeof raw.tipo === 'string' ? raw.tipo : '',
          description,
        ),
        description,
        location: sroLocation(raw),
        occurredAt,
      });
    }
    return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  }

  private async priceService(
    service: string,
    token: string,
    request: CarrierQuoteRequest,
  ): Promise<CarrierServiceQuote | null> {
    const { parcel } = request;
    const code = encodeURIComponent(service);
    const price = await this.get(
      `/preco/v1/nacional/${code}`,
      {
        cepOrigem: request.fromCep,
        cepDestino: request.toCep,
        psObjeto: String(parcel.weightGrams),
        tpObjeto: '2',
        comprimento: String(parcel.lengthCm),
        largura: String(parcel.widthCm),
        altura: String(parcel.heightCm),
      },
      token,
      request.signal,
    );
    const time = await this.get(
      `/prazo/v1/nacional/${code}`,
      { cepOrigem: request.fromCep, cepDestino: request.toCep },
      token,
      request.signal,
    );
    if (price === null || time === null) return null;
    const priceCents = reaisToCents(price.pcFinal);
    const days = Number(time.prazoEntrega);
    if (priceCents === null || !Number.isSafeInteger(days) || days < 0) return null;
    return { service, priceCents, businessDays: days };
  }

  /** The JSON answer; null when the Correios say the service does not serve this route (4xx). */
  private async get(
    path: string,
    query: Record<string, string>,
    token: string,
    signal: AbortSignal,
  ): Promise<Record<string, unknown> | null> {
    const url = new URL(path, this.settings.baseUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal,
      });
    } catch (error) {
      throw new CarrierError(this.name, `Correios did not answer: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) {
      this.token = null;
      throw new CarrierError(this.name, `Correios refused the token (HTTP ${response.status})`);
    }
    if (response.status >= 400 && response.status < 500) return null;
    if (!response.ok)
      throw new CarrierError(this.name, `Correios answered HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as unknown;
    if (!body || typeof body !== 'object') {
      throw new CarrierError(this.name, 'Correios answered something unreadable');
    }
    return body as Record<string, unknown>;
  }

  /**
   * One authenticated JSON call to another of the contract's APIs (pre-postagem, logística
   * reversa), with the same token: the HTTP status and the parsed body (null when unreadable).
   * Throws CarrierError when the Correios do not answer or refuse the token.
   */
  async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<{ status: number; body: unknown }> {
    const token = await this.accessToken(signal);
    let response: Response;
    try {
      response = await fetch(new URL(path, this.settings.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw new CarrierError(this.name, `Correios did not answer: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) {
      this.token = null;
      throw new CarrierError(this.name, `Correios refused the token (HTTP ${response.status})`);
    }
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  }

  /** The contract's postage card (pre-postagem and reverse requests name it). */
  get postageCard(): string {
    return this.settings.postageCard;
  }

  private async accessToken(signal: AbortSignal): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.token.value;
    // One sign-in at a time: concurrent quotes share it.
    this.pendingToken ??= this.signIn(signal).finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async signIn(signal: AbortSignal): Promise<string> {
    const basic = Buffer.from(`${this.settings.user}:${this.settings.accessCode}`).toString(
      'base64',
    );
    let response: Response;
    try {
      response = await fetch(new URL('/token/v1/autentica/cartaopostagem', this.settings.baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ numero: this.settings.postageCard }),
        signal,
      });
    } catch (error) {
      throw new CarrierError(this.name, `Correios did not answer: ${(error as Error).message}`);
    }
    if (!response.ok) {
      throw new CarrierError(this.name, `Correios refused the sign-in (HTTP ${response.status})`);
    }
    const body = (await response.json().catch(() => null)) as {
      token?: unknown;
      expiraEm?: unknown;
    } | null;
    if (!body || typeof body.token !== 'string') {
      throw new CarrierError(this.name, 'Correios answered the sign-in without a token');
    }
    const expiresAt =
      typeof body.expiraEm === 'string' ? Date.parse(body.expiraEm) : this.now() + 3_600_000;
    this.token = {
      value: body.token,
      expiresAt: Number.isFinite(expiresAt) ? expiresAt : this.now() + 3_600_000,
    };
    return body.token;
  }
}
