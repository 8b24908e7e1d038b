// The staff orders mock answers as the API: roles, filters, sorts, transitions and their errors.
import { describe, expect, it } from 'vitest';

import { handlerList, makeAccessToken, ordersMock, staffMock } from '..';
import { DELIVERY_PROBLEM_ORDER_ID, makeStaffOrder, makeStaffOrders } from './staffOrders.fixtures';
import { server } from '../server';

interface GraphqlResult {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

async function staffGraphql(query: string, variables: Record<string, unknown> = {}) {
  const token = makeAccessToken('staff-1', 'admin@vitrine.com.br');
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlResult;
}

const LIST = `query ($filter: OrderFilter, $sort: OrderSort, $first: Int, $offset: Int) {
  orders(filter: $filter, sort: $sort, first: $first, offset: $offset) {
    totalCount
    nodes { id number status paymentMethod brandNames itemCount customer { cpf email } allowedActions }
  }
}`;

type ListData = {
  orders: {
    totalCount: number;
    nodes: {
      id: string;
      number: string;
      status: string;
      paymentMethod: string;
      brandNames: string[];
      itemCount: number;
      customer: { cpf: string | null; email: string | null };
      allowedActions: string[];
    }[];
  };
};

describe('staff orders mock', () => {
  it('lists 30 orders newest first, pages by offset and filters by method', async () => {
    const all = (await staffGraphql(LIST, { first: 10, offset: 10 })).data as ListData;
    expect(all.orders.totalCount).toBe(30);
    expect(all.orders.nodes).toHaveLength(10);
    expect(all.orders.nodes[0]?.number).toBe('VT-10020');
    const boleto = (await staffGraphql(LIST, { filter: { paymentMethod: 'BOLETO' } }))
      .data as ListData;
    expect(boleto.orders.nodes.every((order) => order.paymentMethod === 'BOLETO')).toBe(true);
    expect(boleto.orders.totalCount).toBeGreaterThan(0);
  });

  it('finds an order by CPF with or without punctuation', async () => {
    const cpf = makeStaffOrders()[1]!.customer.cpf;
    const dotted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const plain = (await staffGraphql(LIST, { filter: { search: cpf } })).data as ListData;
    const punctuated = (await staffGraphql(LIST, { filter: { search: dotted } })).data as ListData;
    expect(plain.orders.totalCount).toBeGreaterThan(0);
    expect(punctuated.orders.totalCount).toBe(plain.orders.totalCount);
    expect(plain.orders.nodes.every((order) => order.customer.cpf === cpf)).toBe(true);
  });

  it('searches as the server: whole e-mail, order number exact; text ignores accents', async () => {
    const search = async (text: string) =>
      ((await staffGraphql(LIST, { filter: { search: text }, first: 100 })).data as ListData)
        .orders;
    for (const text of ['VT-10023', 'vt10023', 'vt-10023', '10023', ' VT-10023 ']) {
      const found = await search(text);
      expect(found.nodes.map((order) => order.number)).toEqual(['VT-10023']);
    }
    // Digits alone are a number, never part of one.
    expect((await search('1002')).totalCount).toBe(0);
    // Text matches part of the number.
    expect((await search('VT-1002')).totalCount).toBe(0);
    expect((await search('T-1002')).totalCount).toBe(10);

    const joao = await search('JOAO.PEREIRA@EXAMPLE.COM');
    expect(joao.totalCount).toBeGreaterThan(0);
    expect(joao.nodes.every((order) => order.customer.email === 'joao.pereira@example.com')).toBe(
      true,
    );
    // A whole e-mail is exact: one letter short finds nothing.
    expect((await search('oao.pereira@example.com')).totalCount).toBe(0);
    // Part of an e-mail is text.
    expect((await search('pereira@exa')).totalCount).toBe(joao.totalCount);
    // The name without its accents, any case.
    expect((await search('joão')).totalCount).toBe(joao.totalCount);
    expect((await search('JOAO PER')).totalCount).toBe(joao.totalCount);
  });

  it('answers every order’s carrier tracking; one shipped order failed to be delivered', async () => {
    const tracking = `query { orders(first: 100) { nodes {
      id status trackingStatus
      shipmentEvents { status label description location occurredAt }
      timeline { type actor actorName note }
    } } }`;
    type Node = {
      id: string;
      status: string;
      trackingStatus: string | null;
      shipmentEvents: { status: string; label: string; location: string | null }[];
      timeline: { type: string; actor: string; actorName: string | null; note: string | null }[];
    };
    const nodes = ((await staffGraphql(tracking)).data as { orders: { nodes: Node[] } }).orders
      .nodes;
    expect(nodes).toHaveLength(30);
    const [problem, ...others] = [
      ...nodes.filter((order) => order.id === DELIVERY_PROBLEM_ORDER_ID),
      ...nodes.filter((order) => order.id !== DELIVERY_PROBLEM_ORDER_ID),
    ];
    expect(others.every((o) => o.trackingStatus === null && o.shipmentEvents.length === 0)).toBe(
      true,
    );
    expect(problem).toMatchObject({ status: 'SHIPPED', trackingStatus: 'DELIVERY_FAILED' });
    expect(problem!.shipmentEvents.map((event) => event.status)).toEqual([
      'POSTED',
      'IN_TRANSIT',
      'IN_TRANSIT',
      'OUT_FOR_DELIVERY',
      'DELIVERY_FAILED',
    ]);
    expect(problem!.shipmentEvents.at(-1)).toMatchObject({
      label: 'Entrega não realizada',
      location: 'Porto Alegre/RS',
    });
    expect(problem!.timeline.at(-1)).toEqual({
      type: 'delivery_problem',
      actor: 'provider',
      actorName: 'Correios',
      note: 'Entrega não realizada: Carteiro não atendido (Porto Alegre/RS).',
    });
  });

  it('masks the CPF for SUPPORT and shows a BRAND_MANAGER only orders with their brands', async () => {
    server.use(...handlerList({ staff: staffMock.answers({ role: 'SUPPORT' }) }));
    const support = (await staffGraphql(LIST, { first: 1 })).data as ListData;
    expect(support.orders.nodes[0]?.customer.cpf).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);

    server.use(
      ...handlerList({
        staff: staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-serra'] }),
      }),
    );
    const manager = (await staffGraphql(LIST, { first: 100 })).data as ListData;
    expect(manager.orders.totalCount).toBeLessThan(30);
    expect(manager.orders.nodes.every((order) => order.brandNames.includes('Serra'))).toBe(true);
    expect(manager.orders.nodes.every((order) => order.brandNames.length === 1)).toBe(true);
    expect(manager.orders.nodes.every((order) => order.customer.email === null)).toBe(true);
  });

  it('sorts unpaid orders whose hold ends first', async () => {
    const result = (await staffGraphql(LIST, { sort: 'EXPIRES_SOONEST', first: 3 }))
      .data as ListData;
    expect(result.orders.nodes.map((order) => order.status)).toEqual([
      'PENDING_PAYMENT',
      'PENDING_PAYMENT',
      'PENDING_PAYMENT',
    ]);
  });

  it('refuses a wrong S10 check digit and corrects a shipped order’s tracking as the API', async () => {
    server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [makeStaffOrder()] }) }));
    const SHIP = `mutation ($code: String) {
      orderShip(id: "order-10023", carrier: "Correios", trackingCode: $code) { status }
    }`;
    const wrong = await staffGraphql(SHIP, { code: 'QB123456780BR' });
    expect(wrong.errors?.[0]?.message).toBe(
      'Código dos Correios inválido: o dígito verificador (o 9º número) não confere. Confira o código na etiqueta.',
    );
    expect(wrong.errors?.[0]?.extensions?.['field']).toBe('trackingCode');
    await staffGraphql(SHIP, { code: 'AA123456785BR' });
    const CORRECT = `mutation ($carrier: String!, $code: String!) {
      orderTrackingUpdate(id: "order-10023", carrier: $carrier, trackingCode: $code) {
        trackingCarrier trackingCode trackingUrl lastMailSubject timeline { type detail }
      }
    }`;
    const same = await staffGraphql(CORRECT, { carrier: 'Correios', code: 'AA123456785BR' });
    expect(same.errors?.[0]?.message).toBe(
      'Nada mudou: a transportadora e o código são os mesmos de antes.',
    );
    const fixed = await staffGraphql(CORRECT, { carrier: 'Jadlog', code: 'jd-7781' });
    const order = fixed.data?.['orderTrackingUpdate'] as {
      timeline: { type: string; detail: string | null }[];
    };
    expect(order).toMatchObject({
      trackingCarrier: 'Jadlog',
      trackingCode: 'JD-7781',
      trackingUrl: null,
      lastMailSubject: expect.stringMatching(/^Código de rastreamento corrigido — pedido /),
    });
    expect(order.timeline.at(-1)).toEqual({
      type: 'tracking_corrected',
      detail: 'De AA123456785BR (Correios) para JD-7781 (Jadlog)',
    });
  });

  it('refuses a refund above what is left and records a partial one', async () => {
    server.use(...handlerList({ orders: ordersMock.answers({ staffOrders: [makeStaffOrder()] }) }));
    const total = makeStaffOrder().totalCents;
    const REFUND = `mutation ($amount: Int!) {
      orderRefund(id: "order-10023", amountCents: $amount, reason: "Defeito") {
        status paymentStatus refundedCents refunds { amountCents reason staffName }
      }
    }`;
    const tooMuch = await staffGraphql(REFUND, { amount: total + 1 });
    expect(tooMuch.errors?.[0]?.message).toMatch(/passa do valor que ainda pode ser devolvido/);
    const partial = await staffGraphql(REFUND, { amount: 1000 });
    expect(partial.data?.['orderRefund']).toMatchObject({
      status: 'PAID',
      paymentStatus: 'PARTIALLY_REFUNDED',
      refundedCents: 1000,
      refunds: [{ amountCents: 1000, reason: 'Defeito', staffName: 'Ana Souza' }],
    });
  });

  it('saves, lists and deletes a saved view', async () => {
    const created = await staffGraphql(
      `mutation { savedViewCreate(input: { screen: ORDERS, name: "Pix", query: "metodo=PIX" }) { id name query } }`,
    );
    const id = (created.data?.['savedViewCreate'] as { id: string }).id;
    const listed = await staffGraphql(`{ savedViews(screen: ORDERS) { id name } }`);
    expect((listed.data?.['savedViews'] as { name: string }[]).map((view) => view.name)).toEqual([
      'Cartão desta semana',
      'Pix',
    ]);
    await staffGraphql(`mutation ($id: ID!) { savedViewDelete(id: $id) }`, { id });
    const after = await staffGraphql(`{ savedViews(screen: ORDERS) { name } }`);
    expect(after.data?.['savedViews']).toEqual([{ name: 'Cartão desta semana' }]);
  });
});
