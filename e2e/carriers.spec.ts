// Goods out with a carrier, against the carriers' stand-in (the Correios' contract API and SRO;
// started by playwright.config.ts): staff add a delivery method quoted by the Correios; the quote
// the shopper gets is the carrier's (the method's own table is far dearer); the order is paid and
// shipped with a Correios code; the SRO says posted, out for delivery and delivered; the tracking
// worker moves the order to DELIVERED by itself and the shopper's tracking page lists the events.
import { expect, test } from '@playwright/test';
import { CARRIERS_STAND_IN_URL } from './support/env';
import { brandProducts, generateCpf, graphql, pickVariant } from './support/storefront';

const TABLE_PRICE_CENTS = 9900;

async function standin(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${CARRIERS_STAND_IN_URL}/_standin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`carriers stand-in ${path}: ${response.status}`);
  return response.json();
}

/** A valid Correios S10 code for a serial (check digit by the weights 8 6 4 2 3 5 9 7). */
function s10(serial: number): string {
  const digits = String(serial).padStart(8, '0');
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...digits].reduce(
    (total, digit, index) => total + Number(digit) * weights[index]!,
    0,
  );
  const rest = sum % 11;
  const check = rest === 0 ? 5 : rest === 1 ? 0 : 11 - rest;
  return `QB${digits}${check}BR`;
}

test('a Correios-quoted method prices the bag, and the Correios’ tracking delivers the order', async ({
  page,
}) => {
  const created = await graphql<{ shippingMethodCreate: { id: string } }>(
    `
      mutation ($input: ShippingMethodInput!) {
        shippingMethodCreate(input: $input) {
          id
        }
      }
    `,
    {
      input: {
        name: 'PAC Correios (contrato)',
        kind: 'DELIVERY',
        byRegion: Array.from({ length: 10 }, (_, region) => ({
          region,
          rate: { bands: [{ upToGrams: 30000, priceCents: TABLE_PRICE_CENTS }], businessDays: 12 },
        })),
        carrier: 'CORREIOS',
        carrierService: '03298',
        excludedFromFreeShipping: true,
      },
    },
  );
  const methodId = created.shippingMethodCreate.id;
  try {
    const pick = pickVariant(await brandProducts(null), { minStock: 3 });
    if (!pick) throw new Error('no product in stock for the carrier journey');
    const items = [{ variantId: pick.variant.id, quantity: 1 }];
    const postalCode = '30130100';

    // The carrier's quote, not the table's R$ 99,00.
    const quote = await graphql<{
      shippingQuote: { methodId: string; priceCents: number; carrierQuoted: boolean }[];
    }>(
      `
        query ($postalCode: String!, $items: [CartItemInput!]!) {
          shippingQuote(postalCode: $postalCode, items: $items) {
            methodId
            priceCents
            carrierQuoted
          }
        }
      `,
      { postalCode, items },
    );
    const option = quote.shippingQuote.find((entry) => entry.methodId === methodId);
    expect(option?.carrierQuoted, 'priced by the Correios').toBe(true);
    expect(option!.priceCents).toBeLessThan(TABLE_PRICE_CENTS);
    const calls = (await standin('/calls')) as { path: string; detail: Record<string, string> }[];
    expect(
      calls.some(
        (call) => call.path === '/preco/v1/nacional/03298' && call.detail.cepDestino === postalCode,
      ),
    ).toBe(true);

    const email = `correios-${Date.now()}@example.com`;
    const placed = await graphql<{ placeOrder: { number: string; shippingCents: number } }>(
      `
        mutation ($input: PlaceOrderInput!) {
          placeOrder(input: $input) {
            number
            shippingCents
          }
        }
      `,
      {
        input: {
          items,
          customer: {
            name: 'Joana Rastreio',
            email,
            cpf: generateCpf(123_454_321),
            phone: '31987654321',
          },
          address: {
            postalCode,
            street: 'Avenida Afonso Pena',
            number: '1500',
            complement: null,
            district: 'Centro',
            city: 'Belo Horizonte',
            uf: 'MG',
          },
          shippingMethodId: methodId,
          paymentMethod: 'PIX',
          couponCode: null,
          idempotencyKey: `e2e-correios-${Date.now()}`,
        },
      },
    );
    // The order keeps the price the shopper was shown.
    expect(placed.placeOrder.shippingCents).toBe(option!.priceCents);
    const number = placed.placeOrder.number;
    const found = await graphql<{ orders: { nodes: { id: string }[] } }>(
      `
        query ($search: String) {
          orders(filter: { search: $search }) {
            nodes {
              id
            }
          }
        }
      `,
      { search: number },
    );
    const orderId = found.orders.nodes[0]!.id;
    const code = s10(Date.now() % 100_000_000);
    // What the Correios will say of the parcel once it is posted.
    await standin('/tracking', {
      code,
      events: [
        {
          codigo: 'PO',
          tipo: '01',
          dtHrCriado: '2026-11-02T10:00:00',
          descricao: 'Objeto postado',
          unidade: { endereco: { cidade: 'SAO PAULO', uf: 'SP' } },
        },
        {
          codigo: 'OEC',
          tipo: '01',
          dtHrCriado: '2026-11-04T09:10:00',
          descricao: 'Objeto saiu para entrega ao destinatário',
          unidade: { endereco: { cidade: 'BELO HORIZONTE', uf: 'MG' } },
        },
        {
          codigo: 'BDE',
          tipo: '01',
          dtHrCriado: '2026-11-04T15:20:00',
          descricao: 'Objeto entregue ao destinatário',
          unidade: { endereco: { cidade: 'BELO HORIZONTE', uf: 'MG' } },
        },
      ],
    });
    await graphql(
      `
        mutation ($id: ID!) {
          orderMarkPaid(id: $id) {
            status
          }
        }
      `,
      { id: orderId },
    );
    await graphql(
      `
        mutation ($id: ID!, $code: String!) {
          orderShip(id: $id, carrier: "PAC", trackingCode: $code) {
            status
          }
        }
      `,
      { id: orderId, code },
    );

    // Nobody clicks "Entregue": the tracking worker reads the SRO within seconds.
    await expect
      .poll(
        async () =>
          (
            await graphql<{ order: { status: string } }>(
              `
                query ($id: ID!) {
                  order(id: $id) {
                    status
                  }
                }
              `,
              { id: orderId },
            )
          ).order.status,
        { timeout: 30_000, message: 'the carrier delivered the order' },
      )
      .toBe('DELIVERED');

    await page.goto(`/pedido?numero=${number}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Acompanhar pedido' }).click();
    const events = page.getByRole('list', { name: 'Eventos da transportadora' });
    await expect(events.getByRole('listitem')).toHaveCount(3);
    await expect(events.getByRole('listitem').first()).toContainText('Entregue');
    await expect(events.getByRole('listitem').first()).toContainText('Belo Horizonte/MG');
  } finally {
    await graphql(
      `
        mutation ($id: ID!) {
          shippingMethodDelete(id: $id)
        }
      `,
      { id: methodId },
    );
  }
});
