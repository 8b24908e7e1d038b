// The Bacen Pix API client against the local stand-in PSP (standin.ts), started here on a free
// port: tokens, charges, webhooks, payments, refunds and the errors of each kind.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseBrCode } from '../brcode';
import { BacenPixClient, type BacenPixClientOptions } from './bacen-client';
import { PixProviderError, notificationsOf } from './provider';
import { startPixStandin, type PixStandin } from './standin';

const PIX_KEY = 'pix@loja-vitrine.example';
const TXID = 'VT10023A1B2C3D4E5F6G7H8J9K0';
const OTHER_TXID = 'VT10024Z9Y8X7W6V5U4T3S2R1Q0';

let standin: PixStandin;
let receiver: Server;
let receiverUrl: string;
let received: { url: string; body: unknown }[] = [];

beforeAll(async () => {
  standin = await startPixStandin({
    clientId: 'loja-vitrine',
    clientSecret: 'segredo-de-teste',
    pixKey: PIX_KEY,
  });
  // The store's side of the webhook: records what the PSP POSTs.
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(raw) as unknown });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await standin.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  standin.reset();
  received = [];
});

function client(overrides: Partial<BacenPixClientOptions> = {}) {
  return new BacenPixClient({
    baseUrl: standin.url,
    clientId: 'loja-vitrine',
    clientSecret: 'segredo-de-teste',
    pixKey: PIX_KEY,
    ...overrides,
  });
}

async function errorOf(promise: Promise<unknown>): Promise<PixProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PixProviderError);
  return error as PixProviderError;
}

const charge = { txid: TXID, amountCents: 12345, expiresInSeconds: 3600 };

describe('BacenPixClient tokens', () => {
  it('gets one token with client credentials and reuses it', async () => {
    const pix = client();
    await pix.createCharge(charge);
    await pix.getCharge(TXID);
    await Promise.all([pix.getCharge(TXID), pix.getCharge(TXID)]);
    expect(standin.stats.tokensIssued).toBe(1);
  });

  it('gets a new token after a 401 and retries the call once', async () => {
    const pix = client();
    await pix.createCharge(charge);
    standin.revokeTokens();
    await expect(pix.getCharge(TXID)).resolves.toMatchObject({ txid: TXID });
    expect(standin.stats.tokensIssued).toBe(2);
  });

  it('asks for a new token a little before the old one expires', async () => {
    let clock = Date.now();
    const pix = client({ now: () => clock });
    await pix.createCharge(charge);
    clock += 3590 * 1000; // 10 s before the stand-in's 3600 s
    await pix.getCharge(TXID);
    expect(standin.stats.tokensIssued).toBe(2);
  });

  it('reports bad credentials as UNAUTHORIZED', async () => {
    const error = await errorOf(client({ clientSecret: 'errado' }).getCharge(TXID));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.httpStatus).toBe(401);
    expect(error.message).toContain('invalid_client');
  });
});

describe('BacenPixClient query parameters', () => {
  it('adds the configured query (Banco do Brasil’s gw-dev-app-key) to every API call, not to the token’s', async () => {
    const urls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    const psp = client({ fetch: recording, query: { 'gw-dev-app-key': 'chave-dev 1' } });
    await psp.createCharge(charge);
    await psp.getCharge(TXID);
    const api = urls.filter((url) => url.includes('/v2/'));
    expect(api).toHaveLength(2);
    for (const url of api) {
      expect(new URL(url).searchParams.get('gw-dev-app-key')).toBe('chave-dev 1');
    }
    const token = urls.filter((url) => !url.includes('/v2/'));
    expect(token.length).toBeGreaterThan(0);
    for (const url of token) expect(new URL(url).search).toBe('');
  });
});

describe('BacenPixClient charges', () => {
  it('creates a charge with its dynamic BR Code carrying the location', async () => {
    const created = await client().createCharge({
      ...charge,
      payer: { name: 'Ana Souza', cpf: '123.456.789-09' },
      description: 'Pedido VT-10023',
    });
    expect(created).toMatchObject({
      txid: TXID,
      status: 'ATIVA',
      amountCents: 12345,
      expiresInSeconds: 3600,
      pix: [],
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(created.location).toMatch(/^127\.0\.0\.1:\d+\/qr\/v2\/[0-9a-f]{32}$/);
    const code = parseBrCode(created.pixCopiaECola ?? '');
    expect(code.url).toBe(created.location);
    expect(code.key).toBeNull();
    expect(code.amountCents).toBe(12345);
    expect(code.pointOfInitiationMethod).toBe('12');
    expect(standin.charges.get(TXID)).toMatchObject({
      valor: '123.45',
      chave: PIX_KEY,
      devedor: { cpf: '12345678909', nome: 'Ana Souza' },
      solicitacaoPagador: 'Pedido VT-10023',
    });
  });

  it('answers the existing charge when the same txid is created again', async () => {
    const pix = client();
    const first = await pix.createCharge(charge);
    const again = await pix.createCharge(charge);
    expect(again).toEqual(first);
    expect(standin.charges.size).toBe(1);
    const error = await errorOf(pix.createCharge({ ...charge, amountCents: 999 }));
    expect(error.code).toBe('REJECTED_REQUEST');
    expect(error.message).toContain('já é uma cobrança de outro valor');
  });

  it('reads and cancels a charge; a cancelled charge cannot be cancelled again', async () => {
    const pix = client();
    await pix.createCharge(charge);
    expect((await pix.getCharge(TXID)).status).toBe('ATIVA');
    const cancelled = await pix.cancelCharge(TXID);
    expect(cancelled.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect((await pix.getCharge(TXID)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const error = await errorOf(pix.cancelCharge(TXID));
    expect(error.code).toBe('REJECTED_REQUEST');
  });

  it('answers NOT_FOUND for an unknown txid', async () => {
    const error = await errorOf(client().getCharge(OTHER_TXID));
    expect(error).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
  });

  it('shows a charge past its expiry, or removed by the PSP, as REMOVIDA_PELO_PSP', async () => {
    const pix = client();
    await pix.createCharge({ ...charge, expiresInSeconds: 60 });
    await pix.createCharge({ ...charge, txid: OTHER_TXID });
    standin.advanceClock(61);
    expect((await pix.getCharge(TXID)).status).toBe('REMOVIDA_PELO_PSP');
    await expect(standin.pay(TXID)).rejects.toThrow(/REMOVIDA_PELO_PSP/);
    standin.removeAsPsp(OTHER_TXID);
    expect((await pix.getCharge(OTHER_TXID)).status).toBe('REMOVIDA_PELO_PSP');
  });

  it('refuses invalid input before calling the PSP', async () => {
    const pix = client();
    await expect(pix.createCharge({ ...charge, txid: 'curto' })).rejects.toThrow(RangeError);
    await expect(pix.createCharge({ ...charge, txid: `${TXID}!` })).rejects.toThrow(RangeError);
    await expect(pix.createCharge({ ...charge, amountCents: 0 })).rejects.toThrow(RangeError);
    await expect(pix.createCharge({ ...charge, amountCents: 10.5 })).rejects.toThrow(RangeError);
    await expect(pix.getCharge('../../oauth/token')).rejects.toThrow(RangeError);
    await expect(pix.refund({ endToEndId: 'E1', refundId: 'D1', amountCents: -1 })).rejects.toThrow(
      RangeError,
    );
    await expect(pix.getRefund('E1/../x', 'D1')).rejects.toThrow(RangeError);
    expect(standin.stats.requests).toBe(0);
  });
});

describe('BacenPixClient webhook and payment', () => {
  it('registers the webhook; a payment is POSTed to it with /pix after its query string', async () => {
    const pix = client();
    const webhookUrl = `${receiverUrl}/webhooks/pix?hmac=SEGREDO&ignorar=`;
    await pix.registerWebhook(webhookUrl);
    expect(standin.webhookUrl()).toBe(webhookUrl);

    await pix.createCharge(charge);
    const { pix: paid, delivery } = await standin.pay(TXID, { payerInfo: 'Obrigada!' });
    expect(delivery).toMatchObject({ url: `${webhookUrl}/pix`, status: 200, error: null });
    expect(received).toHaveLength(1);
    const [hook] = received;
    const query = new URL(hook?.url ?? '', receiverUrl);
    expect(query.pathname).toBe('/webhooks/pix');
    expect(query.searchParams.get('hmac')).toBe('SEGREDO');
    expect(query.searchParams.get('ignorar')).toBe('/pix');

    expect(notificationsOf(hook?.body)).toEqual([
      {
        endToEndId: paid.endToEndId,
        txid: TXID,
        amountCents: 12345,
        paidAt: new Date(paid.horario),
      },
    ]);

    const read = await pix.getCharge(TXID);
    expect(read.status).toBe('CONCLUIDA');
    expect(read.pix).toEqual([
      {
        endToEndId: paid.endToEndId,
        txid: TXID,
        amountCents: 12345,
        paidAt: new Date(paid.horario),
        payerInfo: 'Obrigada!',
        refunds: [],
      },
    ]);
    expect(paid.endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
  });

  it('refuses a webhook for another key with the PSP detail', async () => {
    const error = await errorOf(
      client({ pixKey: 'outra@chave.example' }).registerWebhook(`${receiverUrl}/x`),
    );
    expect(error.code).toBe('REJECTED_REQUEST');
    expect(error.message).toContain('não pertence ao usuário recebedor');
  });
});

interface ControlAnswer {
  pix: { endToEndId: string };
  webhook: { status: number | null } | null;
  detail?: string;
  charges: { txid: string; status: string }[];
  webhookUrl: string | null;
}

describe('the stand-in control endpoints (for the e2e run)', () => {
  it('pays, fails and reports over HTTP', async () => {
    const pix = client();
    await pix.registerWebhook(`${receiverUrl}/webhooks/pix?hmac=S&ignorar=`);
    await pix.createCharge(charge);
    const control = (path: string, body?: unknown) =>
      fetch(`${standin.url}/_standin${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : body === '' ? '' : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as ControlAnswer }));

    const paid = await control(`/charges/${TXID}/pay`, { payerInfo: 'Pedido 10023' });
    expect(paid.status).toBe(200);
    expect(paid.body.webhook).toMatchObject({ status: 200 });
    expect(notificationsOf(received[0]?.body)[0]?.endToEndId).toBe(paid.body.pix.endToEndId);
    // An empty body is read as no body: the refusal is the PSP's, not the parser's.
    const again = await control(`/charges/${TXID}/pay`, '');
    expect(again).toMatchObject({ status: 400, body: { detail: 'A cobrança está CONCLUIDA.' } });

    await control('/fail', { count: 1, status: 502 });
    expect((await errorOf(pix.getCharge(TXID))).code).toBe('UNAVAILABLE');
    const state = await control('/state');
    expect(state.body.charges[0]).toMatchObject({ txid: TXID, status: 'CONCLUIDA' });
    expect(state.body.webhookUrl).toBe(`${receiverUrl}/webhooks/pix?hmac=S&ignorar=`);
  });
});

describe('BacenPixClient refunds', () => {
  async function paidPix() {
    const pix = client();
    await pix.createCharge(charge);
    const { pix: paid } = await standin.pay(TXID);
    return { pix, endToEndId: paid.endToEndId };
  }

  it('refunds part of a Pix, reads the refund, and answers the same id with the same refund', async () => {
    const { pix, endToEndId } = await paidPix();
    const refund = await pix.refund({ endToEndId, refundId: 'DEV1VT10023', amountCents: 2345 });
    expect(refund).toMatchObject({
      id: 'DEV1VT10023',
      amountCents: 2345,
      status: 'EM_PROCESSAMENTO',
      reason: null,
    });
    expect(refund.rtrId).toMatch(/^D\d{20}[A-Za-z0-9]{11}$/);
    const read = await pix.getRefund(endToEndId, 'DEV1VT10023');
    expect(read).toEqual({ ...refund, status: 'DEVOLVIDO' });
    const again = await pix.refund({ endToEndId, refundId: 'DEV1VT10023', amountCents: 2345 });
    expect(again).toEqual(read);
    const charged = await pix.getCharge(TXID);
    expect(charged.pix[0]?.refunds).toEqual([read]);
  });

  it('refuses to refund more than was received, with the PSP detail', async () => {
    const { pix, endToEndId } = await paidPix();
    await pix.refund({ endToEndId, refundId: 'DEV1', amountCents: 10000 });
    const error = await errorOf(pix.refund({ endToEndId, refundId: 'DEV2', amountCents: 2346 }));
    expect(error).toMatchObject({ code: 'REJECTED_REQUEST', httpStatus: 400 });
    expect(error.message).toContain('excede o valor disponível do Pix (23.45)');
    await expect(
      pix.refund({ endToEndId, refundId: 'DEV3', amountCents: 2345 }),
    ).resolves.toMatchObject({ status: 'EM_PROCESSAMENTO' });
  });

  it('answers NOT_FOUND for a refund or a Pix that does not exist', async () => {
    const { pix, endToEndId } = await paidPix();
    expect((await errorOf(pix.getRefund(endToEndId, 'NADA'))).code).toBe('NOT_FOUND');
    const unknown = await errorOf(
      pix.refund({
        endToEndId: 'E99999999202611291200abcdefghijk',
        refundId: 'D1',
        amountCents: 1,
      }),
    );
    expect(unknown.code).toBe('NOT_FOUND');
  });

  it('leaves a refund in process until the PSP settles it, then notifies the webhook', async () => {
    const manual = await startPixStandin({
      clientId: 'c',
      clientSecret: 's',
      pixKey: PIX_KEY,
      settleRefunds: 'manually',
    });
    try {
      const pix = client({ baseUrl: manual.url, clientId: 'c', clientSecret: 's' });
      await pix.createCharge(charge);
      const { pix: paid } = await manual.pay(TXID);
      await pix.refund({ endToEndId: paid.endToEndId, refundId: 'DEV1', amountCents: 100 });
      expect((await pix.getRefund(paid.endToEndId, 'DEV1')).status).toBe('EM_PROCESSAMENTO');
      await pix.registerWebhook(`${receiverUrl}/hook`);
      const { delivery } = await manual.settleRefund(paid.endToEndId, 'DEV1');
      expect(delivery?.status).toBe(200);
      expect(received.at(-1)?.url).toBe('/hook/pix');
      const [notified] = (received.at(-1)?.body as { pix: { devolucoes: unknown[] }[] }).pix;
      expect(notified?.devolucoes).toMatchObject([{ id: 'DEV1', status: 'DEVOLVIDO' }]);
      expect((await pix.getRefund(paid.endToEndId, 'DEV1')).status).toBe('DEVOLVIDO');
    } finally {
      await manual.close();
    }
  });
});

describe('BacenPixClient errors', () => {
  it('maps a 503 to UNAVAILABLE, and works again when the PSP is back', async () => {
    const pix = client();
    await pix.createCharge(charge);
    standin.failNext(1, 503);
    const error = await errorOf(pix.getCharge(TXID));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', httpStatus: 503 });
    await expect(pix.getCharge(TXID)).resolves.toMatchObject({ status: 'ATIVA' });
  });

  it('maps a 503 of the token endpoint and a 429 to UNAVAILABLE', async () => {
    standin.failNext(1, 503);
    expect((await errorOf(client().getCharge(TXID))).code).toBe('UNAVAILABLE');
    standin.failNext(1, 429);
    expect((await errorOf(client().getCharge(TXID))).code).toBe('UNAVAILABLE');
  });

  it('maps a 400 with problem+json to REJECTED_REQUEST carrying its title and detail', async () => {
    const pix = client();
    await pix.createCharge(charge);
    standin.failNext(1, 400, {
      title: 'Cobrança inválida.',
      detail: 'Campo valor.original inválido.',
    });
    const error = await errorOf(pix.getCharge(TXID));
    expect(error).toMatchObject({ code: 'REJECTED_REQUEST', httpStatus: 400 });
    expect(error.message).toContain('Cobrança inválida.');
    expect(error.message).toContain('Campo valor.original inválido.');
  });

  it('keeps the PSP refusal of a new charge when the txid does not exist', async () => {
    const error = await errorOf(client({ pixKey: 'outra@chave.example' }).createCharge(charge));
    expect(error.code).toBe('REJECTED_REQUEST');
    expect(error.message).toContain('não pertence ao usuário recebedor');
  });

  it('maps a PSP that answers too slowly to UNAVAILABLE', async () => {
    const pix = client({ timeoutMs: 100 });
    standin.delay(1500);
    const error = await errorOf(pix.getCharge(TXID));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toMatch(/Não foi possível falar com o PSP do Pix/);
    standin.delay(0);
  });

  it('maps an unreachable PSP to UNAVAILABLE', async () => {
    const error = await errorOf(client({ baseUrl: 'http://127.0.0.1:1' }).getCharge(TXID));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', httpStatus: null });
  });

  it('maps an answer it cannot read to BAD_RESPONSE', async () => {
    const pix = client({
      fetch: async (input, init) =>
        String(input).includes('/v2/cob/')
          ? new Response('<html>Manutenção</html>', { status: 200 })
          : fetch(input, init),
    });
    expect((await errorOf(pix.getCharge(TXID))).code).toBe('BAD_RESPONSE');
    const odd = client({
      fetch: async (input, init) =>
        String(input).includes('/v2/cob/')
          ? Response.json({ txid: TXID, status: 'PAGA', valor: { original: '1.00' } })
          : fetch(input, init),
    });
    expect((await errorOf(odd.getCharge(TXID))).code).toBe('BAD_RESPONSE');
  });
});

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.runIf(hasOpenssl())('BacenPixClient with mutual TLS', () => {
  let dir: string;
  let tlsStandin: PixStandin;
  let pem: Record<'ca' | 'clientCert' | 'clientKey' | 'otherCert' | 'otherKey', Buffer>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pix-mtls-'));
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    const key = (name: string) =>
      run('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', name);
    key('ca.key');
    run(
      'req',
      '-x509',
      '-new',
      '-key',
      'ca.key',
      '-subj',
      '/CN=Stand-in CA',
      '-days',
      '2',
      '-out',
      'ca.pem',
    );
    const signed = (name: string, cn: string, ext: string) => {
      key(`${name}.key`);
      run('req', '-new', '-key', `${name}.key`, '-subj', `/CN=${cn}`, '-out', `${name}.csr`);
      run(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-days',
        '2',
        '-extfile',
        ext,
        '-out',
        `${name}.pem`,
      );
    };
    execFileSync(
      'sh',
      [
        '-c',
        'printf "subjectAltName=IP:127.0.0.1\\n" > server.ext; printf "extendedKeyUsage=clientAuth\\n" > client.ext',
      ],
      { cwd: dir },
    );
    signed('server', '127.0.0.1', 'server.ext');
    signed('client', 'loja-vitrine', 'client.ext');
    // A certificate the stand-in does not trust: self-signed, not by its CA.
    key('other.key');
    run(
      'req',
      '-x509',
      '-new',
      '-key',
      'other.key',
      '-subj',
      '/CN=other',
      '-days',
      '2',
      '-out',
      'other.pem',
    );
    const read = (name: string) => readFileSync(path.join(dir, name));
    pem = {
      ca: read('ca.pem'),
      clientCert: read('client.pem'),
      clientKey: read('client.key'),
      otherCert: read('other.pem'),
      otherKey: read('other.key'),
    };
    tlsStandin = await startPixStandin({
      clientId: 'loja-vitrine',
      clientSecret: 'segredo-de-teste',
      pixKey: PIX_KEY,
      https: { key: read('server.key'), cert: read('server.pem'), ca: pem.ca, requestCert: true },
    });
  });

  afterAll(async () => {
    await tlsStandin?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('calls the PSP with the client certificate', async () => {
    const pix = client({
      baseUrl: tlsStandin.url,
      cert: pem.clientCert,
      key: pem.clientKey,
      ca: pem.ca,
    });
    try {
      expect(tlsStandin.url).toMatch(/^https:/);
      await expect(pix.createCharge(charge)).resolves.toMatchObject({ status: 'ATIVA' });
    } finally {
      await pix.close();
    }
  });

  it('cannot reach the PSP without a certificate it trusts', async () => {
    const pix = client({
      baseUrl: tlsStandin.url,
      cert: pem.otherCert,
      key: pem.otherKey,
      ca: pem.ca,
    });
    try {
      expect((await errorOf(pix.getCharge(TXID))).code).toBe('UNAVAILABLE');
    } finally {
      await pix.close();
    }
  });

  it('needs both the certificate and its key', () => {
    expect(() => client({ cert: pem.clientCert })).toThrow(/both/);
  });
});
