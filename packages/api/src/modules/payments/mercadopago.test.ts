// The Mercado Pago adapter against a local stand-in that answers with the payload shapes of
// Mercado Pago's public API reference (payments, captures, refunds, errors, webhooks).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MercadoPagoProvider,
  mapMercadoPagoStatus,
  parseSignatureHeader,
  signWebhook,
  signatureManifest,
} from './mercadopago';
import { PaymentProviderError, WebhookSignatureError } from './provider';

const ACCESS_TOKEN = 'TEST-1234567890-access';
const SECRET = 'webhook-secret-from-your-integrations';

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type MpPayment = Record<string, unknown> & { id: number; status: string };

let server: Server;
let baseUrl: string;
let requests: RecordedRequest[] = [];
let payments = new Map<number, MpPayment>();
let idempotency = new Map<string, number>();
let nextId = 1_325_000_001;
let slowMs = 0;
let failWith: number | null = null;

function paymentPayload(body: Record<string, unknown>): MpPayment {
  const id = nextId++;
  const boleto = body.payment_method_id === 'bolbradesco';
  const capture = body.capture !== false;
  return {
    id,
    date_created: '2026-05-25T13:01:08.000-03:00',
    date_approved: boleto ? null : '2026-05-25T13:01:09.000-03:00',
    date_last_updated: '2026-05-25T13:01:09.000-03:00',
    date_of_expiration: boleto ? '2026-05-28T22:59:59.000-03:00' : null,
    operation_type: 'regular_payment',
    payment_method_id: body.payment_method_id ?? 'master',
    payment_type_id: boleto ? 'ticket' : 'credit_card',
    status: boleto ? 'pending' : capture ? 'approved' : 'authorized',
    status_detail: boleto ? 'pending_waiting_payment' : capture ? 'accredited' : 'pending_capture',
    currency_id: 'BRL',
    description: body.description,
    live_mode: false,
    captured: !boleto && capture,
    external_reference: body.external_reference,
    transaction_amount: body.transaction_amount,
    transaction_amount_refunded: 0,
    coupon_amount: 0,
    installments: body.installments ?? 1,
    payer: { id: '123', email: (body.payer as { email: string }).email, type: 'guest' },
    transaction_details: {
      net_received_amount: 0,
      total_paid_amount: body.transaction_amount,
      overpaid_amount: 0,
      installment_amount: body.transaction_amount,
      external_resource_url: boleto
        ? `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=1&hash=abc`
        : null,
      digitable_line: boleto ? '23790.00009 01234.567890 12345.678901 1 99990000012990' : undefined,
    },
    barcode: boleto ? { content: '23791999900000129900000001234567891234567890' } : undefined,
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const notFound = {
  message: 'Payment not found',
  error: 'not_found',
  status: 404,
  cause: [{ code: 2000, description: 'Payment not found', data: null }],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body: unknown = raw === '' ? undefined : JSON.parse(raw);
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const respond = () => {
        if (failWith !== null) return send(res, failWith, { message: 'boom', status: failWith });
        if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
          return send(res, 401, {
            message: 'invalid access token',
            error: 'unauthorized',
            status: 401,
            cause: [],
          });
        }
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const match = /^\/v1\/payments(?:\/(\d+))?(\/refunds)?$/.exec(url.pathname);
        if (!match) return send(res, 404, { message: 'resource not found', status: 404 });
        const id = match[1] === undefined ? null : Number(match[1]);
        const key = req.headers['x-idempotency-key'];
        if (req.method === 'POST' && id === null) {
          const b = body as Record<string, unknown>;
          if (typeof key !== 'string') return send(res, 400, { message: 'idempotency required' });
          if (typeof b.transaction_amount !== 'number' || b.transaction_amount <= 0) {
            return send(res, 400, {
              message: 'Invalid transaction_amount',
              error: 'bad_request',
              status: 400,
              cause: [{ code: 4037, description: 'Invalid transaction_amount', data: null }],
            });
          }
          const existing = idempotency.get(key);
          if (existing !== undefined) return send(res, 201, payments.get(existing));
          const payment = paymentPayload(b);
          payments.set(payment.id, payment);
          idempotency.set(key, payment.id);
          return send(res, 201, payment);
        }
        const payment = id === null ? undefined : payments.get(id);
        if (!payment) return send(res, 404, notFound);
        if (req.method === 'GET' && !match[2]) return send(res, 200, payment);
        if (req.method === 'PUT' && !match[2]) {
          const b = body as { capture?: boolean; transaction_amount?: number };
          if (b.capture && payment.status === 'authorized') {
            payment.status = 'approved';
            payment.status_detail = 'accredited';
            payment.captured = true;
            if (b.transaction_amount !== undefined)
              payment.transaction_amount = b.transaction_amount;
          }
          return send(res, 200, payment);
        }
        if (req.method === 'POST' && match[2]) {
          const b = (body ?? {}) as { amount?: number };
          const amount = b.amount ?? (payment.transaction_amount as number);
          payment.transaction_amount_refunded =
            (payment.transaction_amount_refunded as number) + amount;
          if (payment.transaction_amount_refunded === payment.transaction_amount) {
            payment.status = 'refunded';
            payment.status_detail = 'refunded';
          }
          return send(res, 201, {
            id: 1_009_042_015,
            payment_id: payment.id,
            amount,
            metadata: {},
            source: { id: '123', name: 'Loja', type: 'collector' },
            date_created: '2026-05-26T10:00:00.000-03:00',
            unique_sequence_number: null,
            refund_mode: 'standard',
            adjustment_amount: 0,
            status: 'approved',
            reason: null,
            labels: [],
            amount_refunded_to_payer: amount,
            partition_details: [],
          });
        }
        return send(res, 405, { message: 'method not allowed' });
      };
      if (slowMs > 0) setTimeout(respond, slowMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  payments = new Map();
  idempotency = new Map();
  slowMs = 0;
  failWith = null;
});

function provider(overrides: Partial<ConstructorParameters<typeof MercadoPagoProvider>[0]> = {}) {
  return new MercadoPagoProvider({
    accessToken: ACCESS_TOKEN,
    webhookSecret: SECRET,
    baseUrl,
    notificationUrl: 'https://loja.example/webhooks/mercadopago',
    ...overrides,
  });
}

const cardInput = {
  orderNumber: 'VT-10023',
  amountCents: 12990,
  idempotencyKey: 'order-VT-10023-card-1',
  method: 'card' as const,
  description: 'Pedido VT-10023',
  cardToken: 'ff8080814c11e237014c1ff593b57b4d',
  paymentMethodId: 'master',
  installments: 3,
  payer: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' },
};

describe('MercadoPagoProvider payments', () => {
  it('authorises a card without capturing, sending reais, the order number and the key', async () => {
    const payment = await provider().authorise(cardInput);
    expect(payment).toMatchObject({
      orderNumber: 'VT-10023',
      status: 'authorized',
      providerStatus: 'authorized',
      statusDetail: 'pending_capture',
      amountCents: 12990,
      refundedAmountCents: 0,
      boleto: null,
    });
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1/payments');
    expect(sent?.headers['x-idempotency-key']).toBe('order-VT-10023-card-1');
    expect(sent?.body).toMatchObject({
      transaction_amount: 129.9,
      token: cardInput.cardToken,
      installments: 3,
      capture: false,
      payment_method_id: 'master',
      external_reference: 'VT-10023',
      notification_url: 'https://loja.example/webhooks/mercadopago',
      payer: { email: 'ana@example.com', identification: { type: 'CPF', number: '12345678909' } },
    });
  });

  it('returns the same payment when the same idempotency key is replayed', async () => {
    const mp = provider();
    const first = await mp.authorise(cardInput);
    const again = await mp.authorise(cardInput);
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    expect(payments.size).toBe(1);
  });

  it('captures an authorised payment with PUT /v1/payments/{id}', async () => {
    const mp = provider();
    const { providerPaymentId } = await mp.authorise(cardInput);
    const captured = await mp.capture(providerPaymentId, { idempotencyKey: 'capture-VT-10023' });
    expect(captured.status).toBe('approved');
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: `/v1/payments/${providerPaymentId}`,
      body: { capture: true },
    });
  });

  it('creates a boleto with its slip URL, typeable line and due date', async () => {
    const payment = await provider().authorise({
      ...cardInput,
      method: 'boleto',
      cardToken: undefined,
      paymentMethodId: undefined,
      idempotencyKey: 'order-VT-10024-boleto',
      payer: {
        ...cardInput.payer,
        address: {
          cep: '01310-100',
          street: 'Avenida Paulista',
          number: '1000',
          district: 'Bela Vista',
          city: 'São Paulo',
          uf: 'SP',
        },
      },
    });
    expect(payment.status).toBe('pending');
    expect(payment.boleto?.url).toContain('/ticket');
    expect(payment.boleto?.barcode).toMatch(/^23790/);
    expect(payment.boleto?.expiresAt).toBe('2026-05-28T22:59:59.000-03:00');
    expect(requests[0]?.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      payer: { address: { zip_code: '01310100', federal_unit: 'SP' } },
    });
    expect(requests[0]?.body).not.toHaveProperty('capture');
  });

  it('refunds part and then the rest, ending refunded', async () => {
    const mp = provider();
    const { providerPaymentId } = await mp.authorise({ ...cardInput, capture: true });
    const partial = await mp.refund(providerPaymentId, {
      idempotencyKey: 'refund-1',
      amountCents: 2990,
    });
    expect(partial).toEqual({
      refundId: '1009042015',
      providerPaymentId,
      amountCents: 2990,
      status: 'approved',
    });
    expect(requests.at(-1)).toMatchObject({
      url: `/v1/payments/${providerPaymentId}/refunds`,
      body: { amount: 29.9 },
    });
    expect(requests.at(-1)?.headers['x-idempotency-key']).toBe('refund-1');
    expect((await mp.getPayment(providerPaymentId)).status).toBe('approved');
    await mp.refund(providerPaymentId, { idempotencyKey: 'refund-2', amountCents: 10000 });
    const after = await mp.getPayment(providerPaymentId);
    expect(after.status).toBe('refunded');
    expect(after.refundedAmountCents).toBe(12990);
  });

  it('maps gateway errors to typed errors', async () => {
    await expect(provider().getPayment('999')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      httpStatus: 404,
    });
    await expect(provider({ accessToken: 'wrong' }).getPayment('1')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    failWith = 503;
    await expect(provider().getPayment('1')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    failWith = null;
    await expect(provider().authorise({ ...cardInput, amountCents: 0 })).rejects.toThrow(
      RangeError,
    );
  });

  it('reports an unreachable gateway or a timeout as UNAVAILABLE in Portuguese', async () => {
    await expect(provider({ baseUrl: 'http://127.0.0.1:1' }).getPayment('1')).rejects.toThrow(
      /Não foi possível falar com o Mercado Pago/,
    );
    slowMs = 500;
    const error = await provider({ timeoutMs: 100 })
      .getPayment('1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).code).toBe('UNAVAILABLE');
  });

  it('refuses a payment id that is not numeric before calling the gateway', async () => {
    await expect(provider().getPayment('../../v1/users/me')).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });
});

describe('mapMercadoPagoStatus', () => {
  it.each([
    ['approved', 'approved'],
    ['authorized', 'authorized'],
    ['pending', 'pending'],
    ['in_process', 'pending'],
    ['in_mediation', 'pending'],
    ['rejected', 'rejected'],
    ['cancelled', 'cancelled'],
    ['refunded', 'refunded'],
    ['charged_back', 'refunded'],
  ])('%s -> %s', (mp, ours) => {
    expect(mapMercadoPagoStatus(mp)).toBe(ours);
  });

  it('refuses an unknown status instead of guessing', () => {
    expect(() => mapMercadoPagoStatus('paid')).toThrow(PaymentProviderError);
  });
});

describe('MercadoPagoProvider.verifyWebhook', () => {
  const requestId = 'f7b2a1d4-0b1c-4ec2-aaaa-9e8b1d2f3c4d';
  const ts = '1716651000';

  async function approvedPayment(): Promise<string> {
    const mp = provider();
    const { providerPaymentId } = await mp.authorise({ ...cardInput, capture: true });
    return providerPaymentId;
  }

  function notification(dataId: string, secret = SECRET, overrides: { ts?: string } = {}) {
    const signedTs = overrides.ts ?? ts;
    const v1 = signWebhook(secret, `id:${dataId};request-id:${requestId};ts:${signedTs};`);
    return {
      headers: {
        'x-signature': `ts=${signedTs},v1=${v1}`,
        'x-request-id': requestId,
        'content-type': 'application/json',
      },
      query: { 'data.id': dataId, type: 'payment' },
      body: {
        id: 112233445566,
        live_mode: false,
        type: 'payment',
        date_created: '2026-05-25T13:01:08.000-03:00',
        user_id: 987654321,
        api_version: 'v1',
        action: 'payment.updated',
        data: { id: dataId },
      },
    };
  }

  it('accepts a correctly signed notification and reads status and amount from the API', async () => {
    const id = await approvedPayment();
    const event = await provider().verifyWebhook(notification(id));
    expect(event).toEqual({
      eventId: `mercadopago:${id}:approved`,
      providerPaymentId: id,
      orderNumber: 'VT-10023',
      status: 'approved',
      amountCents: 12990,
      providerStatus: 'approved',
      refundedAmountCents: 0,
    });
    expect(requests.at(-1)).toMatchObject({ method: 'GET', url: `/v1/payments/${id}` });
  });

  it('gives the same event id for the same notification delivered many times', async () => {
    const id = await approvedPayment();
    const mp = provider();
    const events = await Promise.all(
      Array.from({ length: 10 }, () => mp.verifyWebhook(notification(id))),
    );
    expect(new Set(events.map((e) => e?.eventId)).size).toBe(1);
  });

  it('rejects a signature made with another secret, a missing header or a tampered id', async () => {
    const id = await approvedPayment();
    const mp = provider();
    await expect(mp.verifyWebhook(notification(id, 'other-secret'))).rejects.toThrow(
      WebhookSignatureError,
    );
    const unsigned = notification(id);
    delete (unsigned.headers as Partial<typeof unsigned.headers>)['x-signature'];
    await expect(mp.verifyWebhook(unsigned)).rejects.toThrow(WebhookSignatureError);
    const tampered = notification(id);
    tampered.query['data.id'] = '1325000999';
    await expect(mp.verifyWebhook(tampered)).rejects.toThrow(WebhookSignatureError);
    const garbage = notification(id);
    garbage.headers['x-signature'] = 'ts=abc,v1=zz';
    await expect(mp.verifyWebhook(garbage)).rejects.toThrow(WebhookSignatureError);
    // No bad call got as far as asking the gateway.
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  it('rejects an old signature when a tolerance is configured', async () => {
    const id = await approvedPayment();
    const now = () => new Date(Number(ts) * 1000 + 10 * 60 * 1000);
    const mp = provider({ webhookToleranceSeconds: 300, now });
    await expect(mp.verifyWebhook(notification(id))).rejects.toThrow(/too old/);
    const fresh = provider({ webhookToleranceSeconds: 900, now });
    await expect(fresh.verifyWebhook(notification(id))).resolves.toMatchObject({
      status: 'approved',
    });
  });

  it('ignores signed notifications about other topics', async () => {
    const signed = notification('55001');
    signed.query.type = 'merchant_order';
    signed.body.type = 'merchant_order';
    await expect(provider().verifyWebhook(signed)).resolves.toBeNull();
  });
});

describe('webhook signature helpers', () => {
  it('builds the manifest as documented, lowercasing alphanumeric ids and leaving out gaps', () => {
    expect(signatureManifest('123', 'req-1', '1704908010')).toBe(
      'id:123;request-id:req-1;ts:1704908010;',
    );
    expect(signatureManifest('ABC12', null, '1')).toBe('id:abc12;ts:1;');
    expect(parseSignatureHeader(`ts=1704908010,v1=${'a'.repeat(64)}`)).toEqual({
      ts: '1704908010',
      v1: 'a'.repeat(64),
    });
    expect(parseSignatureHeader('v1=abc')).toBeNull();
  });
});
