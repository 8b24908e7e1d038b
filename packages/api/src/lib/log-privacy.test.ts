// What the log keeps of request URLs, errors and messages: no e-mail, CPF, phone or query
// parameter of a shopper, whatever path brought them there.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { privateError, privateLogger, privateMessage, privateUrl } from './log-privacy';
import { maskEmail, maskPersonalText, personalKeyPart } from './personal-data';

const EMAIL = 'benedita.quintanilha@gmail.com';
const CPF = '529.982.247-25';
const PHONE = '(31) 97465-2813';

describe('maskEmail and maskPersonalText', () => {
  it('keeps a shared provider domain, masks a domain that may name its owner', () => {
    expect(maskEmail(EMAIL)).toBe('b***@gmail.com');
    expect(maskEmail('benedita@quintanilha.adv.br')).toBe('b***@***.adv.br');
    expect(maskEmail('nada')).toBe('***');
  });

  it('masks addresses, CPFs and phones in free text, not order numbers or timestamps', () => {
    const text = `Cliente ${EMAIL}, CPF ${CPF} / 52998224725, tel. ${PHONE}, pedido VT-10023 em 1768478400000`;
    const masked = maskPersonalText(text);
    expect(masked).toBe(
      'Cliente b***@gmail.com, CPF [oculto] / [oculto], tel. [oculto], pedido VT-10023 em 1768478400000',
    );
  });

  it('hashes a key part: the same value, the same part, never the value', () => {
    expect(personalKeyPart(EMAIL)).toBe(personalKeyPart(EMAIL));
    expect(personalKeyPart(EMAIL)).not.toBe(personalKeyPart('outra@gmail.com'));
    expect(personalKeyPart(EMAIL)).toMatch(/^[\w-]{24}$/);
  });
});

describe('privateUrl and privateMessage', () => {
  it('withholds query values, keeping the names and the GraphQL operation', () => {
    expect(privateUrl(`/dashboard/pedidos?busca=${encodeURIComponent(EMAIL)}&ordem=total`)).toBe(
      '/dashboard/pedidos?busca=[oculto]&ordem=[oculto]',
    );
    expect(
      privateUrl(
        `/graphql?operationName=OrderStatus&variables=${encodeURIComponent(JSON.stringify({ email: EMAIL }))}`,
      ),
    ).toBe('/graphql?operationName=OrderStatus&variables=[oculto]');
    expect(privateUrl('/produto/camiseta-basica')).toBe('/produto/camiseta-basica');
    expect(privateUrl(`/clientes/${encodeURIComponent(EMAIL)}`)).toBe('/clientes/b***@gmail.com');
  });

  it('makes the URLs a message quotes private', () => {
    expect(privateMessage(`Route GET:/avise-me?email=${EMAIL} not found`)).toBe(
      'Route GET:/avise-me?email=[oculto] not found',
    );
    expect(privateMessage('Primeira conta criada: admin@vitrine.local')).toBe(
      'Primeira conta criada: admin@vitrine.local',
    );
  });
});

describe('privateError', () => {
  it("withholds a failed query's parameters and PostgreSQL's row details", () => {
    const cause = Object.assign(
      new Error('new row for relation "orders" violates check constraint'),
      {
        code: '23514',
        detail: `Failing row contains (Benedita Quintanilha, ${EMAIL}, 52998224725).`,
        table: 'orders',
      },
    );
    // As Drizzle builds it (DrizzleQueryError): the query, then its parameters, in the message.
    const error = Object.assign(
      new Error(
        `Failed query: insert into orders values ($1, $2, $3)\nparams: Benedita Quintanilha,${EMAIL},52998224725`,
      ),
      {
        query: 'insert into orders values ($1, $2, $3)',
        params: ['Benedita Quintanilha', EMAIL],
        cause,
      },
    );
    const out = privateError(error) as Record<string, unknown>;
    const text = JSON.stringify(out);
    for (const secret of [EMAIL, '52998224725', 'Quintanilha']) expect(text).not.toContain(secret);
    expect(out.message).toBe(
      'Failed query: insert into orders values ($1, $2, $3)\nparams: [oculto]: new row for relation "orders" violates check constraint',
    );
    expect(out).toMatchObject({ type: 'Error', query: 'insert into orders values ($1, $2, $3)' });
    expect(out.params).toBeUndefined();
    expect(String(out.stack)).toContain('caused by: Error: new row for relation');
  });

  it('masks what a bad JSON body quotes', () => {
    let parseError: unknown;
    try {
      JSON.parse(`{"email":"${EMAIL}","cpf":"${CPF}"`);
    } catch (error) {
      parseError = error;
    }
    const text = JSON.stringify(privateError(parseError));
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(CPF);
  });
});

describe('privateLogger on a Fastify server', () => {
  it('logs request URLs, 404 messages and errors without the shopper', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = Fastify({ logger: privateLogger({ level: 'info', stream }) });
    app.get('/falha', async () => {
      throw Object.assign(new Error(`Failed query: select 1\nparams: ${EMAIL}`), {
        detail: `Key (email)=(${EMAIL}) already exists.`,
      });
    });
    await app.ready();
    await app.inject({ method: 'GET', url: `/dashboard/pedidos?busca=${encodeURIComponent(CPF)}` });
    await app.inject({ method: 'GET', url: `/falha?email=${encodeURIComponent(EMAIL)}` });
    // An error logged alone: pino would take its raw message as the line's message.
    app.log.error(new Error(`Failed query: select 2\nparams: ${EMAIL}`));
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/dashboard/pedidos?busca=[oculto]');
    expect(log).toContain('not found');
    expect(log).toContain('Failed query: select 1');
    expect(log).toContain('"msg":"Failed query: select 2\\nparams: [oculto]"');
    for (const secret of [EMAIL, encodeURIComponent(EMAIL), CPF, encodeURIComponent(CPF)]) {
      expect(log).not.toContain(secret);
    }
  });
});
