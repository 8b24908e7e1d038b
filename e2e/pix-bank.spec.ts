// Pix confirmed by the bank: the store's second e2e server (pixServerEnv in support/env.ts) has
// Pix through a PSP's API, the local stand-in PSP (API Pix v2 of the Banco Central; started by
// playwright.config.ts). A shopper buys with Pix and gets the PSP's dynamic code; a staff member
// has the order page open; the bank is told to pay the charge and POSTs its webhook; the order
// page shows it paid without a click; the same webhook again leaves one payment; staff refund part
// of it and the bank holds a Pix devolução of that amount for that Pix, on the order's timeline.
import { expect, test, type Page } from '@playwright/test';
import {
  E2E_PIX_PSP_PORT,
  PIX_BASE_URL,
  PIX_PSP_PIX_KEY,
  PIX_PSP_STAND_IN_URL,
  PIX_WEBHOOK_SECRET,
} from './support/env';
import { signIn } from './support/session';
import { standin } from './support/standin';
import {
  brandProducts,
  centsFromBrl,
  chooseShippingAndPix,
  chooseVariant,
  crc16CcittFalse,
  expectNoHorizontalScroll,
  fillCheckout,
  graphqlAt,
  parseTlv,
  pickVariant,
  shopper,
  tlvValue,
} from './support/storefront';

test.use({ baseURL: PIX_BASE_URL });

// ---------------------------------------------------------------------------------------------
// The stand-in PSP, asked through its control endpoints (/_standin).

interface StandinRefund {
  id: string;
  rtrId: string;
  valor: string;
  status: string;
}

interface StandinPix {
  endToEndId: string;
  txid: string;
  valor: string;
  devolucoes?: StandinRefund[];
}

interface StandinCharge {
  txid: string;
  status: string;
  location: string;
  chave: string;
  valor: { original: string };
  solicitacaoPagador?: string;
  pix?: StandinPix[];
}

interface StandinDelivery {
  url: string;
  body: { pix: Record<string, unknown>[] };
  status: number | null;
  error: string | null;
}

interface StandinState {
  webhookUrl: string | null;
  charges: StandinCharge[];
  deliveries: StandinDelivery[];
}

const psp = <T>(path: string, body?: unknown) => standin<T>(PIX_PSP_STAND_IN_URL, path, body);

const pspState = () => psp<StandinState>('/state');

async function chargeAt(location: string): Promise<StandinCharge | undefined> {
  return (await pspState()).charges.find((charge) => charge.location === location);
}

/** '123.45' (the API Pix's amounts) in centavos. */
const cents = (valor: string) => Math.round(Number(valor) * 100);

/** A UUID from the charge's txid: 'vt' and the order's id without dashes (pix-psp.config.ts). */
function orderIdOf(txid: string): string {
  const hex = txid.replace(/^vt/, '');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)]
    .join('-')
    .toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// The store, read as staff (what the order page is built from).

interface StaffOrder {
  status: string;
  paymentStatus: string;
  totalCents: number;
  refundedCents: number | null;
  payments: {
    provider: string;
    providerPaymentId: string;
    confirmation: string | null;
    status: string;
    amountCents: number;
    refundedCents: number;
  }[];
  refunds: { amountCents: number; reason: string }[];
  timeline: { type: string; note: string | null }[];
  pixCharge: { status: string; txid: string; endToEndId: string | null } | null;
}

const STAFF_ORDER = `query Order($id: ID!) {
  order(id: $id) {
    status paymentStatus totalCents refundedCents
    payments { provider providerPaymentId confirmation status amountCents refundedCents }
    refunds { amountCents reason }
    timeline { type note }
    pixCharge { status txid endToEndId }
  }
}`;

async function staffOrder(id: string): Promise<StaffOrder> {
  return (await graphqlAt<{ order: StaffOrder }>(PIX_BASE_URL, STAFF_ORDER, { id })).order;
}

/**
 * Checks the PSP's dynamic BR Code (Manual do BR Code, pagamento dinâmico): the fields parse, the
 * CRC is right, the account (26) carries the charge's location (25) instead of a key, the point of
 * initiation is '12' (one use) and the txid '***' (the location names the charge). Returns the
 * location and the amount.
 */
function expectDynamicBrCode(code: string): { location: string; amountCents: number } {
  expect(code, 'a BR Code is printable ASCII on one line').toMatch(/^[\x20-\x7e]+$/);
  const fields = parseTlv(code);
  expect(fields[0]).toEqual({ id: '00', value: '01' });
  expect(tlvValue(fields, '01'), 'point of initiation: dynamic').toBe('12');
  expect(code.slice(-8, -4)).toBe('6304');
  expect(fields.at(-1)?.value, 'CRC16-CCITT-FALSE').toBe(crc16CcittFalse(code.slice(0, -4)));
  const account = parseTlv(tlvValue(fields, '26') ?? '');
  expect(tlvValue(account, '00')?.toLowerCase()).toBe('br.gov.bcb.pix');
  expect(tlvValue(account, '01'), 'no key in a dynamic code').toBeUndefined();
  const location = tlvValue(account, '25') ?? '';
  expect(location, "the location is at the stand-in PSP's host").toMatch(
    new RegExp(`^127\\.0\\.0\\.1:${E2E_PIX_PSP_PORT}/qr/v2/[0-9a-f]+$`),
  );
  expect(tlvValue(fields, '53'), 'BRL').toBe('986');
  expect(tlvValue(parseTlv(tlvValue(fields, '62') ?? ''), '05')).toBe('***');
  const amount = tlvValue(fields, '54') ?? '';
  expect(amount, 'field 54 holds the amount as 0.00').toMatch(/^\d+\.\d{2}$/);
  return { location, amountCents: cents(amount) };
}

const isDynamic = (code: string) => code.includes(`:${E2E_PIX_PSP_PORT}/qr/v2/`);

/** Waits for the order page's own live stream (GET /admin/events) to be open. */
function liveStreamOpened(page: Page) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/admin/events' && response.status() === 200,
  );
}

test.describe('Pix confirmed by the bank (PSP)', () => {
  test('a shopper pays with Pix; the order page shows it paid by the bank with no click; the same webhook again changes nothing; a partial refund goes back as a Pix devolução', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    // The store registers its webhook at the PSP on its worker's first passes (every 2 s).
    await expect
      .poll(async () => (await pspState()).webhookUrl, {
        message: 'the store registered its webhook at the PSP',
        timeout: 30_000,
      })
      .toBe(`${PIX_BASE_URL}/webhooks/pix?hmac=${PIX_WEBHOOK_SECRET}&ignorar=`);

    const shopContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      // -------------------------------------------------------------------------------------
      // The shopper buys with Pix.
      const shop = await shopContext.newPage();
      const pick = pickVariant(await brandProducts(null, PIX_BASE_URL), { minStock: 2 });
      if (!pick) throw new Error('the demo catalog has no product with sizes in stock');
      await shop.goto(`/produto/${pick.product.slug}`);
      await expect(shop.getByRole('heading', { level: 1, name: pick.product.name })).toBeVisible();
      await chooseVariant(shop, pick.variant);
      await shop.getByRole('button', { name: 'Adicionar à sacola' }).click();
      const drawer = shop.getByRole('dialog', { name: /Minha sacola/ });
      await drawer.getByRole('link', { name: 'Ver sacola completa' }).click();
      await expect(shop).toHaveURL(/\/carrinho$/);
      await shop.getByRole('link', { name: 'Finalizar compra' }).click();
      await expect(shop).toHaveURL(/\/checkout$/);
      const who = shopper('banco');
      await fillCheckout(shop, who);
      await chooseShippingAndPix(shop, 'PAC');
      const finish = shop.getByRole('button', { name: 'Finalizar pedido' });
      await expect(finish).toBeEnabled();
      await finish.click();
      await expect(shop).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
      const orderNumber = decodeURIComponent(shop.url().split('/').pop()!);
      await expect(shop.getByRole('heading', { level: 1 })).toHaveText(
        'Ana, recebemos seu pedido!',
      );

      // The confirmation shows the PSP's dynamic code. The store waits up to 2 s for the PSP
      // when placing the order and otherwise shows its static code until its worker has created
      // the charge: a loaded machine may need the page again (noted in the report).
      const pix = shop.getByRole('region', { name: 'Pagamento por Pix' });
      const codeField = pix.getByLabel('Pix copia e cola');
      await expect(pix.getByRole('img', { name: /QR Code do Pix/ })).toBeVisible();
      if (!isDynamic(await codeField.inputValue())) {
        testInfo.annotations.push({
          type: 'slow PSP',
          description: 'the charge was created after the order: the confirmation was reloaded',
        });
        await expect(async () => {
          await shop.reload();
          expect(isDynamic(await codeField.inputValue())).toBe(true);
        }).toPass({ timeout: 30_000, intervals: [2_000] });
      }
      const code = await codeField.inputValue();
      const { location, amountCents } = expectDynamicBrCode(code);
      const totalCents = centsFromBrl(await pix.locator('p').first().innerText());
      expect(amountCents, "the code's amount is the one shown").toBe(totalCents);
      await shop.screenshot({ path: testInfo.outputPath('confirmation-desktop.png') });

      // The charge at the PSP: this order's, for its total, to the store's key, still open.
      const charge = await chargeAt(location);
      expect(charge, 'the PSP holds a charge at the code’s location').toBeDefined();
      expect(charge!.status).toBe('ATIVA');
      expect(cents(charge!.valor.original)).toBe(totalCents);
      expect(charge!.chave).toBe(PIX_PSP_PIX_KEY);
      expect(charge!.solicitacaoPagador).toBe(`Pedido ${orderNumber}`);
      const txid = charge!.txid;
      const orderId = orderIdOf(txid);

      // On a phone the same confirmation leads with the code to copy, within the screen (the
      // dynamic code is longer than a static one: the location URL).
      await shop.setViewportSize({ width: 390, height: 844 });
      await expect(pix.getByRole('button', { name: 'Copiar código Pix' })).toBeVisible();
      await expectNoHorizontalScroll(shop, 'the Pix confirmation on a phone');
      await shop.screenshot({ path: testInfo.outputPath('confirmation-phone.png') });

      // -------------------------------------------------------------------------------------
      // Staff have the order page open, its live stream connected.
      const staff = await staffContext.newPage();
      await signIn(staff, { remember: false });
      await staff
        .getByRole('navigation', { name: 'Navegação do painel' })
        .getByRole('link', { name: 'Pedidos' })
        .click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
      const streamOpen = liveStreamOpened(staff);
      await staff.getByRole('link', { name: orderNumber, exact: true }).click();
      await expect(staff).toHaveURL(new RegExp(`/dashboard/pedidos/${orderId}$`));
      await expect(staff.getByRole('heading', { level: 1 })).toContainText(orderNumber);
      await expect(staff.getByText('Pagamento: Pendente', { exact: true })).toBeVisible();
      await streamOpen;

      // -------------------------------------------------------------------------------------
      // The shopper pays: the bank settles the charge and POSTs its webhook to the store.
      const paid = await psp<{
        pix: StandinPix;
        webhook: StandinDelivery | null;
      }>(`/charges/${txid}/pay`, {});
      const endToEndId = paid.pix.endToEndId;
      expect(paid.webhook, 'the PSP called the store’s webhook').not.toBeNull();
      expect(paid.webhook!.url).toBe(
        `${PIX_BASE_URL}/webhooks/pix?hmac=${PIX_WEBHOOK_SECRET}&ignorar=/pix`,
      );
      expect(paid.webhook!.status, 'the store took the webhook').toBe(200);

      // The order page shows it paid, with no click and no reload.
      const main = staff.getByRole('main');
      await expect(staff.getByText('Pagamento: Pago', { exact: true })).toBeVisible({
        timeout: 20_000,
      });
      const payments = main.getByRole('region', { name: 'Pagamentos' });
      const confirmedByBank = payments.getByText(/Confirmado pelo banco \(Pix\)/);
      await expect(confirmedByBank).toHaveCount(1);
      await expect(confirmedByBank).toContainText(endToEndId);
      const history = main.getByRole('region', { name: 'Histórico' });
      await expect(history).toContainText('Pix confirmado pelo banco.');
      await expect(history).toContainText('Pix (banco)');
      await staff.screenshot({ path: testInfo.outputPath('order-paid.png'), fullPage: true });

      // What the page is built from: one payment, confirmed by the bank, for the total.
      let order = await staffOrder(orderId);
      expect(order.paymentStatus).toBe('PAID');
      expect(order.payments).toEqual([
        expect.objectContaining({
          provider: 'pix-psp',
          providerPaymentId: endToEndId,
          confirmation: 'Confirmado pelo banco (Pix)',
          status: 'approved',
          amountCents: totalCents,
        }),
      ]);
      expect(order.pixCharge).toEqual({ status: 'CONCLUIDA', txid, endToEndId });

      // -------------------------------------------------------------------------------------
      // The same webhook delivered again (PSPs retry) is taken and changes nothing; one with
      // the wrong secret is refused.
      const again = await fetch(paid.webhook!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(paid.webhook!.body),
      });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ settled: 0 });
      const forged = await fetch(`${PIX_BASE_URL}/webhooks/pix?hmac=wrong-secret&ignorar=/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(paid.webhook!.body),
      });
      expect(forged.status).toBe(401);
      order = await staffOrder(orderId);
      expect(order.payments).toHaveLength(1);
      expect(
        order.timeline.filter((event) => event.note === 'Pix confirmado pelo banco.'),
      ).toHaveLength(1);
      await staff.reload();
      await expect(staff.getByText('Pagamento: Pago', { exact: true })).toBeVisible();
      await expect(confirmedByBank).toHaveCount(1);

      // -------------------------------------------------------------------------------------
      // Staff refund part of it: the money goes back by Pix devolução at the bank.
      const refundCents = Math.min(1_000, totalCents - 1);
      const refundText = (refundCents / 100).toFixed(2).replace('.', ',');
      await staff.getByRole('button', { name: 'Reembolsar' }).click();
      const dialog = staff.getByRole('dialog', { name: `Reembolsar · ${orderNumber}` });
      await dialog.getByLabel('Valor do reembolso').fill(refundText);
      await dialog.getByLabel('Motivo do reembolso').fill('Cliente devolveu uma peça.');
      await dialog.getByRole('button', { name: 'Reembolsar' }).click();
      await expect(dialog).toBeHidden();
      await expect(staff.getByText('Pagamento: Reembolso parcial', { exact: true })).toBeVisible();

      // The bank holds one devolução of that amount for that Pix, settled.
      await expect
        .poll(
          async () => {
            const held = (await pspState()).charges.find((item) => item.txid === txid);
            return (held?.pix ?? []).map((item) => ({
              endToEndId: item.endToEndId,
              devolucoes: (item.devolucoes ?? []).map((refund) => ({
                valor: refund.valor,
                status: refund.status,
              })),
            }));
          },
          { message: 'the PSP holds the devolução', timeout: 15_000 },
        )
        .toEqual([
          {
            endToEndId,
            devolucoes: [{ valor: (refundCents / 100).toFixed(2), status: 'DEVOLVIDO' }],
          },
        ]);

      // The order's timeline and payments record it.
      await expect(history).toContainText('Cliente devolveu uma peça.');
      await expect(payments).toContainText('Cliente devolveu uma peça.');
      order = await staffOrder(orderId);
      expect(order.refundedCents).toBe(refundCents);
      expect(order.refunds).toEqual([
        { amountCents: refundCents, reason: 'Cliente devolveu uma peça.' },
      ]);
      expect(order.payments).toEqual([
        expect.objectContaining({ providerPaymentId: endToEndId, refundedCents: refundCents }),
      ]);
      expect(order.timeline.filter((event) => event.type === 'refunded')).toHaveLength(1);
      await staff.screenshot({ path: testInfo.outputPath('order-refunded.png'), fullPage: true });
    } finally {
      await shopContext.close();
      await staffContext.close();
    }
  });
});
