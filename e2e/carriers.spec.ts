// Goods out with a carrier, against the carriers' stand-in (the Correios' contract API and SRO;
// started by playwright.config.ts): staff add a delivery method quoted by the Correios; the quote
// the shopper gets is the carrier's (the method's own table is far dearer); the order is paid;
// staff buy its label from the orders grid (the Correios' pre-postagem: the code, one PDF with the
// content declaration) and ship it with that code, filled in; the SRO says posted, out for
// delivery and delivered; the tracking worker moves the order to DELIVERED by itself and the
// shopper's tracking page lists the events; there she asks for the 7-day return, the Correios'
// logística reversa mails her the posting code, staff receive the goods, the stock comes back
// and the order is refunded.
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { CARRIERS_STAND_IN_URL } from './support/env';
import { signIn } from './support/session';
import { mailsTo } from './support/mail';
import {
  brandProducts,
  generateCpf,
  graphql,
  pickVariant,
  variantStock,
} from './support/storefront';

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

// Quote, order, label, tracking, return and refund: a long journey on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

test('a carrier’s quote, the label bought in bulk, tracking to delivery, the 7-day return and its refund', async ({
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

    // Staff buy the label from the grid: the Correios' pre-postagem gives the code and the PDF.
    await signIn(page, { remember: false });
    await page.goto(`/dashboard/pedidos?q=${encodeURIComponent(number)}`);
    const row = page
      .getByRole('main')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: number, exact: true }) });
    await expect(row).toHaveCount(1);
    await row.getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Ações dos selecionados' });
    await bar.getByRole('button', { name: 'Comprar etiquetas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comprar etiquetas de envio' });
    await dialog.getByRole('button', { name: 'Comprar 1 etiqueta' }).click();
    await expect(dialog.getByRole('status')).toHaveText('1 etiqueta comprada.');
    const bought = await dialog.getByRole('listitem', { name: `Pedido ${number}` }).innerText();
    const code = /rastreio ([A-Z]{2}\d{9}BR)/.exec(bought)?.[1];
    expect(code, 'the Correios’ object code').toBeTruthy();
    const labelCalls = (await standin('/calls')) as { path: string; detail: unknown }[];
    const prepostagem = labelCalls.find((call) => call.path === '/prepostagem/v1/prepostagens');
    expect(prepostagem?.detail).toMatchObject({
      codigoServico: '03298',
      destinatario: { nome: 'Joana Rastreio', endereco: { cep: postalCode } },
      itensDeclaracaoConteudo: [expect.objectContaining({ quantidade: '1' })],
    });

    // One PDF to print: the label, then the content declaration (fetched with the session).
    const pdf = page.waitForResponse((response) => /\/admin\/label-batches\//.test(response.url()));
    const tab = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Abrir PDF para imprimir' }).click();
    const file = await pdf;
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    // The same file, asked again with the session's token: the label, then the declaration.
    const again = await fetch(file.url(), {
      headers: { authorization: (await file.request().headerValue('authorization')) ?? '' },
    });
    const document = await PDFDocument.load(new Uint8Array(await again.arrayBuffer()));
    expect(document.getPageCount()).toBe(2);
    await (await tab).close();

    // Shipped with the label's code, filled in.
    await dialog.getByRole('button', { name: 'Marcar como enviados' }).click();
    const ship = page.getByRole('dialog', { name: 'Enviar pedidos selecionados' });
    await expect(ship.getByLabel(`Código de rastreamento (${number})`)).toHaveValue(code!);
    await ship.getByRole('button', { name: 'Enviar 1 pedido' }).click();
    await expect(ship.getByRole('status')).toHaveText('1 pedido enviado.');

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

    // The 7-day return (CDC art. 49), asked on the same page: the Correios' logística reversa
    // gives the posting code (by mail), staff receive the goods, the stock comes back and the
    // order is refunded.
    const stockBefore = await variantStock(pick.product.slug, pick.variant.id);
    const returns = page.getByRole('region', { name: 'Devolver produtos' });
    await returns.getByRole('button', { name: 'Devolver produtos' }).click();
    const form = returns.getByRole('form', { name: 'Pedido de devolução' });
    await form
      .getByLabel(`Quantidade de ${pick.product.name} a devolver`)
      .selectOption({ label: '1 unidade' });
    await form.getByLabel('Motivo da devolução').selectOption('Não serviu');
    await form.getByRole('button', { name: 'Solicitar devolução' }).click();
    await expect(returns.getByText(/Recebemos seu pedido de devolução/)).toBeVisible();
    let postingCode: string | undefined;
    await expect
      .poll(
        async () => {
          const mails = await mailsTo(email);
          postingCode = mails
            .map((mail) => /\b([A-Z]{2}\d{9}BR)\b/.exec(mail.text)?.[1])
            .find((found) => found && found !== code);
          return postingCode;
        },
        { timeout: 30_000, message: 'the posting code of the return, by mail' },
      )
      .toBeTruthy();

    await page.goto(`/dashboard/pedidos/${orderId}`);
    const returnCard = page.getByRole('main').getByText(postingCode!);
    await expect(returnCard).toBeVisible();
    await page.getByRole('button', { name: 'Recebi os produtos' }).click();
    const receive = page.getByRole('dialog', { name: /Recebi os produtos · devolução/ });
    await receive.getByRole('button', { name: 'Confirmar recebimento' }).click();
    await expect(receive).toBeHidden();
    const after = await graphql<{
      order: { status: string; refundedCents: number; totalCents: number };
    }>(
      `
        query ($id: ID!) {
          order(id: $id) {
            status
            refundedCents
            totalCents
          }
        }
      `,
      { id: orderId },
    );
    expect(after.order.status).toBe('REFUNDED');
    expect(after.order.refundedCents).toBe(after.order.totalCents);
    expect(await variantStock(pick.product.slug, pick.variant.id)).toBe(stockBefore + 1);
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
