// Mercado Pago adapter for card and boleto payments, written against their public REST API
// (Checkout Transparente): /v1/payments, captures, refunds and signed webhooks.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  AuthoriseInput,
  MoneyOperationOptions,
  PaymentEvent,
  PaymentProvider,
  PaymentStatus,
  ProviderPayment,
  ProviderRefund,
  WebhookRequest,
} from './provider';
import { PaymentProviderError, WebhookSignatureError } from './provider';

export const MERCADO_PAGO_BASE_URL = 'https://api.mercadopago.com';

export interface MercadoPagoConfig {
  accessToken: string;
  /** The "assinatura secreta" of the webhook, from Your integrations > Webhooks. */
  webhookSecret: string;
  baseUrl?: string;
  /** Where Mercado Pago sends notifications for payments created here. */
  notificationUrl?: string;
  timeoutMs?: number;
  /** Rejects webhook signatures older than this (replay protection); off when absent. */
  webhookToleranceSeconds?: number;
  now?: () => Date;
  fetch?: typeof fetch;
}

/** Mercado Pago's payment statuses mapped to ours. */
export function mapMercadoPagoStatus(status: string): PaymentStatus {
  switch (status) {
    case 'approved':
      return 'approved';
    case 'authorized':
      return 'authorized';
    case 'pending':
    case 'in_process':
    case 'in_mediation': // a dispute is open: no money moves until it closes
      return 'pending';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return 'cancelled';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    default:
      throw new PaymentProviderError('BAD_RESPONSE', `Unknown Mercado Pago status ${status}`);
  }
}

function reaisToCents(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new PaymentProviderError('BAD_RESPONSE', `Mercado Pago sent an invalid ${what}`);
  }
  // Mercado Pago speaks decimal reais; rounding to the centavo removes binary float noise.
  return Math.round(value * 100);
}

function centsToReais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new RangeError('The amount must be a positive integer number of centavos');
  }
  return cents / 100;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function toProviderPayment(body: unknown): ProviderPayment {
  if (!isRecord(body) || (typeof body.id !== 'number' && typeof body.id !== 'string')) {
    throw new PaymentProviderError('BAD_RESPONSE', 'Mercado Pago sent a payment without an id');
  }
  const status = typeof body.status === 'string' ? body.status : '';
  const details = isRecord(body.transaction_details) ? body.transaction_details : {};
  const barcode = isRecord(body.barcode) ? body.barcode : {};
  const isBoleto = body.payment_type_id === 'ticket';
  return {
    providerPaymentId: String(body.id),
    orderNumber: stringOrNull(body.external_reference),
    status: mapMercadoPagoStatus(status),
    providerStatus: status,
    statusDetail: stringOrNull(body.status_detail),
    amountCents: reaisToCents(body.transaction_amount, 'transaction_amount'),
    refundedAmountCents:
      body.transaction_amount_refunded === undefined
        ? 0
        : reaisToCents(body.transaction_amount_refunded, 'transaction_amount_refunded'),
    boleto: isBoleto
      ? {
          url: stringOrNull(details.external_resource_url),
          barcode: stringOrNull(details.digitable_line) ?? stringOrNull(barcode.content),
          expiresAt: stringOrNull(body.date_of_expiration),
        }
      : null,
  };
}

function headerValue(headers: WebhookRequest['headers'], name: string): string | null {
  const value = headers[name] ?? headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : null;
}

/** Parses 'ts=1704908010,v1=618c...' into its parts. */
export function parseSignatureHeader(header: string): { ts: string; v1: string } | null {
  let ts: string | null = null;
  let v1: string | null = null;
  for (const part of header.split(',')) {
    const [key, ...rest] = part.split('=');
    const value = rest.join('=').trim();
    if (key?.trim() === 'ts') ts = value;
    if (key?.trim() === 'v1') v1 = value;
  }
  return ts && v1 && /^\d+$/.test(ts) && /^[0-9a-f]{64}$/i.test(v1) ? { ts, v1 } : null;
}

/**
 * The signed manifest: 'id:<data.id>;request-id:<x-request-id>;ts:<ts>;'. Per Mercado Pago's
 * docs, an alphanumeric data.id is lowercased and a part whose value is missing is left out.
 */
export function signatureManifest(dataId: string | null, requestId: string | null, ts: string) {
  let manifest = '';
  if (dataId !== null) manifest += `id:${/[a-z]/i.test(dataId) ? dataId.toLowerCase() : dataId};`;
  if (requestId !== null) manifest += `request-id:${requestId};`;
  return `${manifest}ts:${ts};`;
}

export function signWebhook(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

export class MercadoPagoProvider implements PaymentProvider {
  readonly name = 'mercadopago';
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly config: MercadoPagoConfig) {
    if (!config.accessToken) throw new Error('Mercado Pago needs an access token');
    if (!config.webhookSecret) throw new Error('Mercado Pago needs a webhook secret');
    this.baseUrl = (config.baseUrl ?? MERCADO_PAGO_BASE_URL).replace(/\/+$/, '');
    this.fetchImpl = config.fetch ?? fetch;
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  async authorise(input: AuthoriseInput): Promise<ProviderPayment> {
    const payer: Record<string, unknown> = { email: input.payer.email };
    if (input.payer.firstName) payer.first_name = input.payer.firstName;
    if (input.payer.lastName) payer.last_name = input.payer.lastName;
    if (input.payer.cpf) payer.identification = { type: 'CPF', number: input.payer.cpf };
    if (input.payer.address) {
      const a = input.payer.address;
      payer.address = {
        zip_code: a.cep.replace(/\D/g, ''),
        street_name: a.street,
        street_number: a.number,
        neighborhood: a.district,
        city: a.city,
        federal_unit: a.uf,
      };
    }
    const body: Record<string, unknown> = {
      transaction_amount: centsToReais(input.amountCents),
      description: input.description,
      external_reference: input.orderNumber,
      payer,
    };
    if (this.config.notificationUrl) body.notification_url = this.config.notificationUrl;
    if (input.method === 'card') {
      if (!input.cardToken) throw new RangeError('A card payment needs a card token');
      body.token = input.cardToken;
      body.installments = input.installments ?? 1;
      body.capture = input.capture ?? false;
      if (input.paymentMethodId) body.payment_method_id = input.paymentMethodId;
    } else {
      body.payment_method_id = input.paymentMethodId ?? 'bolbradesco';
    }
    const response = await this.request('POST', '/v1/payments', body, input.idempotencyKey);
    return toProviderPayment(response);
  }

  async capture(providerPaymentId: string, options: MoneyOperationOptions) {
    const body: Record<string, unknown> = { capture: true };
    if (options.amountCents !== undefined) {
      body.transaction_amount = centsToReais(options.amountCents);
    }
    const response = await this.request(
      'PUT',
      `/v1/payments/${this.paymentIdPath(providerPaymentId)}`,
      body,
      options.idempotencyKey,
    );
    return toProviderPayment(response);
  }

  async refund(providerPaymentId: string, options: MoneyOperationOptions): Promise<ProviderRefund> {
    const body =
      options.amountCents === undefined ? {} : { amount: centsToReais(options.amountCents) };
    const response = await this.request(
      'POST',
      `/v1/payments/${this.paymentIdPath(providerPaymentId)}/refunds`,
      body,
      options.idempotencyKey,
    );
    if (!isRecord(response) || response.id === undefined) {
      throw new PaymentProviderError('BAD_RESPONSE', 'Mercado Pago sent a refund without an id');
    }
    const status = response.status;
    return {
      refundId: String(response.id),
      providerPaymentId: String(response.payment_id ?? providerPaymentId),
      amountCents: reaisToCents(response.amount, 'refund amount'),
      status: status === 'approved' ? 'approved' : status === 'rejected' ? 'rejected' : 'pending',
    };
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const response = await this.request(
      'GET',
      `/v1/payments/${this.paymentIdPath(providerPaymentId)}`,
    );
    return toProviderPayment(response);
  }

  async verifyWebhook(request: WebhookRequest): Promise<PaymentEvent | null> {
    const header = headerValue(request.headers, 'x-signature');
    const signature = header === null ? null : parseSignatureHeader(header);
    if (signature === null) throw new WebhookSignatureError('Missing or malformed x-signature');

    const body = isRecord(request.body) ? request.body : {};
    const bodyData = isRecord(body.data) ? body.data : {};
    // The signature covers the data.id of the query string; the body is not signed.
    const queryId = request.query['data.id'] ?? request.query.id;
    const dataId =
      typeof queryId === 'string' && queryId !== ''
        ? queryId
        : typeof bodyData.id === 'string' || typeof bodyData.id === 'number'
          ? String(bodyData.id)
          : null;
    const requestId = headerValue(request.headers, 'x-request-id');
    const expected = signWebhook(
      this.config.webhookSecret,
      signatureManifest(dataId, requestId, signature.ts),
    );
    const given = Buffer.from(signature.v1.toLowerCase(), 'hex');
    if (given.length !== 32 || !timingSafeEqual(given, Buffer.from(expected, 'hex'))) {
      throw new WebhookSignatureError('The webhook signature does not match');
    }
    if (this.config.webhookToleranceSeconds !== undefined) {
      const tsNumber = Number(signature.ts);
      const tsMs = tsNumber > 1e12 ? tsNumber : tsNumber * 1000; // seconds or milliseconds
      const now = (this.config.now ?? (() => new Date()))().getTime();
      if (Math.abs(now - tsMs) > this.config.webhookToleranceSeconds * 1000) {
        throw new WebhookSignatureError('The webhook signature is too old');
      }
    }

    const topic = body.type ?? request.query.type ?? request.query.topic;
    if (topic !== 'payment' || dataId === null) return null;
    if (!/^\d{1,20}$/.test(dataId)) throw new WebhookSignatureError('Invalid payment id');

    // Status and amount are read back from the API: a notification only says "look at this".
    const payment = await this.getPayment(dataId);
    return {
      eventId: `mercadopago:${payment.providerPaymentId}:${payment.providerStatus}`,
      providerPaymentId: payment.providerPaymentId,
      orderNumber: payment.orderNumber,
      status: payment.status,
      amountCents: payment.amountCents,
      providerStatus: payment.providerStatus,
      refundedAmountCents: payment.refundedAmountCents,
    };
  }

  private paymentIdPath(id: string): string {
    if (!/^\d{1,20}$/.test(id)) throw new RangeError(`Invalid Mercado Pago payment id ${id}`);
    return id;
  }

  private async request(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.config.accessToken}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) {
      if (!/^[\w-]{1,64}$/.test(idempotencyKey)) throw new RangeError('Invalid idempotency key');
      headers['X-Idempotency-Key'] = idempotencyKey;
    }
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(
        'UNAVAILABLE',
        'Não foi possível falar com o Mercado Pago agora. Tente novamente em instantes.',
        null,
        { cause: error },
      );
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (response.ok) {
      if (parsed === null) {
        throw new PaymentProviderError(
          'BAD_RESPONSE',
          'Mercado Pago sent no JSON',
          response.status,
        );
      }
      return parsed;
    }
    const detail = isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : text;
    if (response.status >= 500 || response.status === 429) {
      throw new PaymentProviderError(
        'UNAVAILABLE',
        'O Mercado Pago está indisponível no momento. Tente novamente em instantes.',
        response.status,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new PaymentProviderError(
        'UNAUTHORIZED',
        `Mercado Pago refused the credentials: ${detail}`,
        response.status,
      );
    }
    if (response.status === 404) {
      throw new PaymentProviderError('NOT_FOUND', `Mercado Pago: ${detail}`, 404);
    }
    throw new PaymentProviderError(
      'REJECTED_REQUEST',
      `Mercado Pago rejected the request: ${detail}`,
      response.status,
    );
  }
}
