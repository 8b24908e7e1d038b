// The ViaCEP adapter against a local stand-in answering with ViaCEP's documented payloads.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AddressLookupUnavailableError,
  ViaCepAddressLookup,
  type WarnLogger,
} from './addressLookup';

const PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  unidade: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

let server: Server;
let urlTemplate: string;
let hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    hits.push(url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const match = /^\/ws\/(\d{8})\/json\/$/.exec(url);
    if (!match) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('<h2>Http 400</h2>');
    }
    switch (match[1]) {
      case '01310100':
        return json(200, PAULISTA);
      case '99999999':
        return json(200, { erro: 'true' });
      case '99999998':
        return json(200, { erro: true });
      case '70000000': // a city-wide CEP: no street or district
        return json(200, {
          ...PAULISTA,
          cep: '70000-000',
          logradouro: '',
          bairro: '',
          localidade: 'Brasília',
          uf: 'DF',
        });
      case '50000000':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{not json');
      case '50000001':
        return json(500, { message: 'down' });
      case '50000002':
        return json(200, { ...PAULISTA, uf: 'XX' });
      case '60000000': // slow: answers after the adapter gave up
        setTimeout(() => json(200, PAULISTA), 1000).unref();
        return undefined;
      default:
        return json(200, { erro: 'true' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  urlTemplate = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/{cep}/json/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
});

function recordingLogger() {
  const warnings: Array<{ context: object; message: string }> = [];
  const logger: WarnLogger = { warn: (context, message) => warnings.push({ context, message }) };
  return { logger, warnings };
}

describe('ViaCepAddressLookup', () => {
  it('returns street, district, city and UF for a known CEP, masked or not', async () => {
    const lookup = new ViaCepAddressLookup({ urlTemplate });
    const expected = {
      cep: '01310100',
      street: 'Avenida Paulista',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
    };
    await expect(lookup.lookup('01310-100')).resolves.toEqual(expected);
    await expect(lookup.lookup('01310100')).resolves.toEqual(expected);
    expect(hits).toEqual(['/ws/01310100/json/', '/ws/01310100/json/']);
  });

  it('keeps empty street and district for a city-wide CEP', async () => {
    const lookup = new ViaCepAddressLookup({ urlTemplate });
    await expect(lookup.lookup('70000-000')).resolves.toEqual({
      cep: '70000000',
      street: '',
      district: '',
      city: 'Brasília',
      uf: 'DF',
    });
  });

  it('answers null without a warning for a CEP that does not exist ({"erro": true})', async () => {
    const { logger, warnings } = recordingLogger();
    const lookup = new ViaCepAddressLookup({ urlTemplate, logger });
    await expect(lookup.lookup('99999-999')).resolves.toBeNull();
    await expect(lookup.lookup('99999-998')).resolves.toBeNull();
    expect(warnings).toEqual([]);
  });

  it('answers null without calling the service for an invalid CEP', async () => {
    const lookup = new ViaCepAddressLookup({ urlTemplate });
    await expect(lookup.lookup('123')).resolves.toBeNull();
    expect(hits).toEqual([]);
  });

  it('gives up after the configured timeout, logs a warning and says the service is unavailable', async () => {
    const { logger, warnings } = recordingLogger();
    const lookup = new ViaCepAddressLookup({ urlTemplate, logger, timeoutMs: 200 });
    const error = await lookup.lookup('60000-000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AddressLookupUnavailableError);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('timeout');
    expect(warnings[0]?.context).toMatchObject({ cep: '60000000' });
  });

  it('says the service is unavailable, with a warning, when it cannot be reached', async () => {
    const { logger, warnings } = recordingLogger();
    const lookup = new ViaCepAddressLookup({
      urlTemplate: 'http://127.0.0.1:1/ws/{cep}/json/',
      logger,
    });
    await expect(lookup.lookup('01310-100')).rejects.toMatchObject({
      name: 'AddressLookupUnavailableError',
      reason: 'network failure',
    });
    expect(warnings[0]?.message).toContain('network failure');
  });

  it('says the service is unavailable, with a warning, for a 5xx, broken JSON or an unknown UF', async () => {
    const { logger, warnings } = recordingLogger();
    const lookup = new ViaCepAddressLookup({ urlTemplate, logger });
    for (const cep of ['50000-001', '50000-000', '50000-002']) {
      await expect(lookup.lookup(cep)).rejects.toBeInstanceOf(AddressLookupUnavailableError);
    }
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('HTTP error'),
      expect.stringContaining('invalid JSON'),
      expect.stringContaining('unexpected body'),
    ]);
  });

  it('tells a CEP that does not exist (null) apart from a service that failed (thrown)', async () => {
    const lookup = new ViaCepAddressLookup({ urlTemplate, timeoutMs: 200 });
    await expect(lookup.lookup('99999-999')).resolves.toBeNull();
    await expect(lookup.lookup('50000-001')).rejects.toBeInstanceOf(AddressLookupUnavailableError);
  });

  it('refuses a URL template without the {cep} placeholder', () => {
    expect(() => new ViaCepAddressLookup({ urlTemplate: 'https://viacep.com.br/ws/' })).toThrow();
  });
});
