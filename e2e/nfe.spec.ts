// Nota fiscal for a sale: the second e2e store (pixServerEnv in support/env.ts) issues its NF-e
// through the invoicing provider's stand-in (Focus NFe's API v2, started by playwright.config.ts),
// with the demo's fiscal data. A product carries a mistyped NCM; a shopper buys it with Pix and the
// bank pays; SEFAZ rejects the invoice (778, NCM inexistente); staff read the rejection on the
// order page and in "Notas fiscais", fix the NCM in the product editor and send it again; SEFAZ
// authorises it; the shopper's mail links the DANFE and the XML, which the store serves, and the
// tracking page links them too. Then a return: the shopper sends a T-shirt back from the tracking
// page, staff receive it, and the store issues its NF-e de devolução (an entrada referencing the
// sale's chave), shown on the return with its DANFE.
import { expect, test, type Page } from '@playwright/test';
import { NFE_STAND_IN_URL, PIX_BASE_URL, PIX_PSP_STAND_IN_URL } from './support/env';
import { mailsTo } from './support/mail';
import { signIn } from './support/session';
import { standin } from './support/standin';
import {
  brandProducts,
  chooseShippingAndPix,
  chooseVariant,
  fillCheckout,
  graphqlAt,
  pickVariant,
  shopper,
  type Pick,
  type Shopper,
} from './support/storefront';

test.use({ baseURL: PIX_BASE_URL });

/** An NF-e as the provider answers it, with the last request the store sent for its ref. */
interface StandinInvoice {
  ref: string;
  status: string;
  status_sefaz?: string;
  chave_nfe?: string;
  request: {
    items: ({ codigo_ncm: string } & Record<string, unknown>)[];
    notas_referenciadas?: { chave_nfe: string }[];
    [field: string]: unknown;
  };
}

const nfeState = () => standin<{ invoices: StandinInvoice[] }>(NFE_STAND_IN_URL, '/state');

/** A product of the demo with sizes in stock, its NCM set to `ncm` (as staff would by bulk edit). */
async function productWithNcm(ncm: string): Promise<Pick & { id: string }> {
  const products = await brandProducts(null, PIX_BASE_URL);
  const pick = pickVariant(
    products.filter((product) => /^Camiseta/.test(product.name)),
    { minStock: 2 },
  );
  if (!pick) throw new Error('the demo catalog has no T-shirt with sizes in stock');
  const { product } = await graphqlAt<{ product: { id: string } }>(
    PIX_BASE_URL,
    'query ($slug: String!) { product(slug: $slug) { id } }',
    { slug: pick.product.slug },
  );
  await graphqlAt(
    PIX_BASE_URL,
    `mutation ($input: ProductBulkInput!) { productsBulk(input: $input) { count } }`,
    { input: { action: 'SET_FISCAL', ids: [product.id], fiscal: { ncm }, expectedCount: 1 } },
  );
  return { ...pick, id: product.id };
}

/** The shopper's purchase with Pix, up to the confirmation; answers the order's number. */
async function buyWithPix(shop: Page, pick: Pick, who: Shopper) {
  await shop.goto(`/produto/${pick.product.slug}`);
  await expect(shop.getByRole('heading', { level: 1, name: pick.product.name })).toBeVisible();
  await chooseVariant(shop, pick.variant);
  await shop.getByRole('button', { name: 'Adicionar à sacola' }).click();
  const drawer = shop.getByRole('dialog', { name: /Minha sacola/ });
  await drawer.getByRole('link', { name: 'Ver sacola completa' }).click();
  await shop.getByRole('link', { name: 'Finalizar compra' }).click();
  await expect(shop).toHaveURL(/\/checkout$/);
  await fillCheckout(shop, who);
  await chooseShippingAndPix(shop, 'PAC');
  await shop.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(shop).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
  return decodeURIComponent(shop.url().split('/').pop()!);
}

/** The bank settles the order's Pix charge (the PSP's stand-in) and tells the store. */
async function bankPays(orderNumber: string) {
  let txid = '';
  await expect
    .poll(
      async () => {
        const { charges } = await standin<{
          charges: { txid: string; solicitacaoPagador?: string }[];
        }>(PIX_PSP_STAND_IN_URL, '/state');
        txid =
          charges.find((charge) => charge.solicitacaoPagador === `Pedido ${orderNumber}`)?.txid ??
          '';
        return txid;
      },
      { message: 'the store created the Pix charge at the bank', timeout: 30_000 },
    )
    .not.toBe('');
  await standin(PIX_PSP_STAND_IN_URL, `/charges/${txid}/pay`, {});
}

/**
 * The order's invoices as the store holds them and what the provider holds, for a wait that gave
 * up: a journey that fails on CI then says where the chain stopped (payment, issuing, SEFAZ's
 * answer, its webhook).
 */
async function invoicingState(orderNumber: string) {
  const { orders } = await graphqlAt<{ orders: { nodes: unknown[] } }>(
    PIX_BASE_URL,
    `query ($q: String!) { orders(filter: { search: $q }, first: 1) {
      nodes { number status invoice { status lastError nextAttemptAt rejectionCode } } } }`,
    { q: orderNumber },
  );
  const provider = await standin<{ invoices: StandinInvoice[]; deliveries: unknown[] }>(
    NFE_STAND_IN_URL,
    '/state',
  );
  return {
    store: orders.nodes,
    provider: provider.invoices.map(({ ref, status, status_sefaz }) => ({
      ref,
      status,
      status_sefaz,
    })),
    webhooks: provider.deliveries.slice(-5),
  };
}

/** Runs a wait; when it gives up, its error carries the invoicing state (invoicingState). */
async function explained(orderNumber: string, wait: () => Promise<void>) {
  try {
    await wait();
  } catch (error) {
    const state = await invoicingState(orderNumber).catch((cause: unknown) => String(cause));
    if (error instanceof Error) {
      error.message += `\n\nInvoicing state when the wait gave up: ${JSON.stringify(state, null, 2)}`;
    }
    throw error;
  }
}

/**
 * Waits until the store, asked through the API as staff, holds what the journey waits for (an
 * invoice rejected or authorised, a return ready to receive); its error carries the invoicing
 * state. The page is then loaded once and must show it: the chain's time (payment, issuing,
 * SEFAZ's answer by webhook) is not spent reloading a dashboard page that a loaded machine takes
 * seconds to render.
 */
async function storeReaches<T>(
  orderNumber: string,
  message: string,
  read: () => Promise<T>,
  expected: T,
) {
  await explained(orderNumber, () =>
    expect.poll(read, { message, timeout: 60_000, intervals: [500, 1_000] }).toEqual(expected),
  );
}

/** The order's NF-e (the sale's) status and chave as the store holds them. */
async function saleInvoice(orderId: string) {
  const { order } = await graphqlAt<{
    order: { invoice: { status: string; accessKey: string | null } | null };
  }>(PIX_BASE_URL, 'query ($id: ID!) { order(id: $id) { invoice { status accessKey } } }', {
    id: orderId,
  });
  return { status: order.invoice?.status ?? null, accessKey: order.invoice?.accessKey ?? null };
}

/** The order's first return: what staff may do with it and its NF-e de devolução's status. */
async function firstReturn(orderId: string) {
  const { orderReturns } = await graphqlAt<{
    orderReturns: { allowedActions: string[]; invoice: { status: string } | null }[];
  }>(
    PIX_BASE_URL,
    'query ($id: ID!) { orderReturns(orderId: $id) { allowedActions invoice { status } } }',
    { id: orderId },
  );
  return orderReturns[0] ?? null;
}

test.describe('NF-e through the invoicing provider', () => {
  test('SEFAZ rejects an order’s NF-e for its NCM; staff fix the product and send it again; the authorised DANFE and XML reach the shopper by mail and on the tracking page', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const pick = await productWithNcm('61099999');
    await standin(NFE_STAND_IN_URL, '/reject-next', {
      code: '778',
      message: 'Rejeição: Informado NCM inexistente [nItem:1]',
    });

    const shopContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const shop = await shopContext.newPage();
      const who = shopper('nfe');
      const orderNumber = await buyWithPix(shop, pick, who);
      await bankPays(orderNumber);

      // Staff find the rejection on the order page: SEFAZ's code and message in Portuguese.
      const staff = await staffContext.newPage();
      await signIn(staff, { remember: false });
      await staff
        .getByRole('navigation', { name: 'Navegação do painel' })
        .getByRole('link', { name: 'Pedidos' })
        .click();
      await staff.getByRole('link', { name: orderNumber, exact: true }).click();
      await expect(staff.getByRole('heading', { level: 1 })).toContainText(orderNumber);
      const orderUrl = staff.url();
      const orderId = new URL(orderUrl).pathname.split('/').pop()!;
      const panel = staff.getByRole('region', { name: /NF-e|Nota fiscal/ });
      await storeReaches(
        orderNumber,
        'SEFAZ’s rejection reached the store',
        async () => (await saleInvoice(orderId)).status,
        'REJECTED',
      );
      await staff.reload();
      await expect(panel.getByText('Rejeição 778:')).toBeVisible({ timeout: 20_000 });
      await expect(panel).toContainText('Informado NCM inexistente');
      await staff.screenshot({ path: testInfo.outputPath('order-invoice-rejected.png') });
      const rejected = (await nfeState()).invoices.find((nfe) => nfe.status_sefaz === '778');
      expect(rejected, 'the provider holds the rejected NF-e').toBeDefined();
      expect(rejected!.status).toBe('erro_autorizacao');
      expect(rejected!.request.items[0]!.codigo_ncm).toBe('61099999');

      // The product's NCM fixed in the editor (6109.10.00: T-shirts of cotton).
      await staff.goto(`/dashboard/produtos/${pick.id}`);
      const ncm = staff.getByRole('textbox', { name: 'NCM' });
      await expect(ncm).toHaveValue(/6109\.?99\.?99/);
      await ncm.fill('6109.10.00');
      await staff.getByRole('button', { name: /^Salvar/ }).click();
      await expect
        .poll(
          async () =>
            (
              await graphqlAt<{ adminProduct: { ncm: string | null } }>(
                PIX_BASE_URL,
                'query ($id: ID!) { adminProduct(id: $id) { ncm } }',
                { id: pick.id },
              )
            ).adminProduct.ncm,
          { message: 'the editor saved the NCM', timeout: 20_000 },
        )
        .toBe('61091000');

      // Sent again from the order page; SEFAZ authorises it (its answer comes by webhook).
      await staff.goto(orderUrl);
      await panel.getByRole('button', { name: 'Enviar de novo' }).click();
      await storeReaches(
        orderNumber,
        'the NF-e sent again was authorised',
        async () => (await saleInvoice(orderId)).status,
        'AUTHORIZED',
      );
      await staff.reload();
      await expect(panel.getByText('Autorizada', { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(panel.getByText('Chave de acesso')).toBeVisible();
      await expect(panel.getByRole('link', { name: 'DANFE (PDF)' })).toBeVisible();
      await staff.screenshot({ path: testInfo.outputPath('order-invoice-authorised.png') });
      const authorised = (await nfeState()).invoices.find((nfe) => nfe.ref === rejected!.ref);
      expect(authorised?.status, 'the provider authorised the NF-e sent again').toBe('autorizado');
      expect(authorised!.request.items[0]!.codigo_ncm, 'with the NCM staff fixed').toBe('61091000');
      const accessKey = authorised!.chave_nfe!.replace(/^NFe/, '');

      // The shopper's mail links the DANFE and the XML, which the store serves.
      let mail: { subject: string; text: string } | undefined;
      await expect
        .poll(
          async () => {
            mail = (await mailsTo(who.email)).find(
              (item) => item.subject === `Sua nota fiscal do pedido ${orderNumber}`,
            );
            return Boolean(mail);
          },
          { message: 'the shopper was mailed the invoice', timeout: 30_000 },
        )
        .toBe(true);
      expect(mail!.text).toContain(accessKey.replace(/(\d{4})(?=\d)/g, '$1 '));
      const danfeUrl = /DANFE \(PDF\): (\S+)/.exec(mail!.text)?.[1] ?? '';
      const xmlUrl = /XML: (\S+)/.exec(mail!.text)?.[1] ?? '';
      expect(danfeUrl.startsWith(`${PIX_BASE_URL}/`), 'the DANFE is the store’s link').toBe(true);
      const danfe = await fetch(danfeUrl);
      expect(danfe.status).toBe(200);
      expect(danfe.headers.get('content-type')).toContain('application/pdf');
      expect(
        Buffer.from(await danfe.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const xml = await fetch(xmlUrl);
      expect(xml.status).toBe(200);
      expect(await xml.text()).toContain(accessKey);

      // The tracking page links the same files, on a phone.
      await shop.goto(`/pedido?numero=${encodeURIComponent(orderNumber)}`);
      await shop.getByLabel('E-mail').fill(who.email);
      await shop.getByRole('button', { name: 'Acompanhar pedido' }).click();
      const invoice = shop.getByRole('region', { name: 'Nota fiscal' });
      await expect(invoice.getByRole('link', { name: 'Baixar DANFE (PDF)' })).toHaveAttribute(
        'href',
        danfeUrl,
      );
      await expect(invoice.getByRole('link', { name: 'Baixar XML' })).toHaveAttribute(
        'href',
        xmlUrl,
      );
      await shop.screenshot({ path: testInfo.outputPath('tracking-invoice-phone.png') });
    } finally {
      await shopContext.close();
      await staffContext.close();
    }
  });

  test('a return received gets its NF-e de devolução, referencing the sale’s, on the order page', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const pick = await productWithNcm('61091000');
    const shopContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const shop = await shopContext.newPage();
      const who = shopper('devolucao');
      const orderNumber = await buyWithPix(shop, pick, who);
      await bankPays(orderNumber);
      const { orders } = await graphqlAt<{ orders: { nodes: { id: string }[] } }>(
        PIX_BASE_URL,
        'query ($q: String!) { orders(filter: { search: $q }, first: 1) { nodes { id } } }',
        { q: orderNumber },
      );
      const orderId = orders.nodes[0]!.id;
      await storeReaches(
        orderNumber,
        'the sale’s NF-e was authorised',
        async () => (await saleInvoice(orderId)).status,
        'AUTHORIZED',
      );
      const saleKey = (await saleInvoice(orderId)).accessKey!;
      // Shipped and delivered (the carriers' journeys cover how; here it is the staff's word).
      await graphqlAt(
        PIX_BASE_URL,
        'mutation ($id: ID!) { orderShip(id: $id, carrier: "Correios PAC", trackingCode: "AA123456785BR") { status } }',
        { id: orderId },
      );
      await graphqlAt(PIX_BASE_URL, 'mutation ($id: ID!) { orderDeliver(id: $id) { status } }', {
        id: orderId,
      });

      // The shopper sends one T-shirt back from the tracking page.
      await shop.goto(`/pedido?numero=${encodeURIComponent(orderNumber)}`);
      await shop.getByLabel('E-mail').fill(who.email);
      await shop.getByRole('button', { name: 'Acompanhar pedido' }).click();
      const returns = shop.getByRole('region', { name: 'Devolver produtos' });
      await returns.getByRole('button', { name: 'Devolver produtos' }).click();
      const form = returns.getByRole('form', { name: 'Pedido de devolução' });
      await form
        .getByLabel(`Quantidade de ${pick.product.name} a devolver`)
        .selectOption({ label: '1 unidade' });
      await form.getByLabel('Motivo da devolução').selectOption('Não serviu');
      await form.getByRole('button', { name: 'Solicitar devolução' }).click();
      await expect(returns.getByText(/Recebemos seu pedido de devolução/)).toBeVisible();

      // Staff receive the goods (the posting code came from the reverse carrier's stand-in).
      const staff = await staffContext.newPage();
      await signIn(staff, { remember: false });
      await storeReaches(
        orderNumber,
        'the return can be received (its posting code came)',
        async () => (await firstReturn(orderId))?.allowedActions.includes('RECEIVE') ?? false,
        true,
      );
      await staff.goto(`/dashboard/pedidos/${orderId}`);
      const section = staff.getByRole('region', { name: 'Devoluções' });
      const receiveButton = section.getByRole('button', { name: 'Recebi os produtos' });
      await expect(receiveButton).toBeVisible({ timeout: 20_000 });
      await receiveButton.click();
      const receive = staff.getByRole('dialog', { name: /Recebi os produtos · devolução/ });
      await receive.getByRole('button', { name: 'Confirmar recebimento' }).click();
      await expect(receive).toBeHidden();

      // The NF-e de devolução, authorised, on the return.
      const devolucao = section.getByRole('region', {
        name: /^NF-e de devolução \d+ · série \d+$/,
      });
      await storeReaches(
        orderNumber,
        'the NF-e de devolução was authorised',
        async () => (await firstReturn(orderId))?.invoice?.status ?? null,
        'AUTHORIZED',
      );
      await staff.reload();
      await expect(devolucao.getByText('Autorizada', { exact: true })).toBeVisible({
        timeout: 20_000,
      });
      const danfe = devolucao.getByRole('link', { name: /^DANFE da NF-e de devolução/ });
      const danfeResponse = await fetch((await danfe.getAttribute('href'))!);
      expect(danfeResponse.headers.get('content-type')).toContain('application/pdf');
      await staff.screenshot({ path: testInfo.outputPath('return-invoice.png'), fullPage: true });

      // What the provider was sent: an entrada of finalidade 4 that names the sale's chave.
      const sent = (await nfeState()).invoices.find(
        (nfe) =>
          nfe.status === 'autorizado' &&
          nfe.request.notas_referenciadas?.some((note) => note.chave_nfe === saleKey),
      );
      expect(sent?.request).toMatchObject({
        tipo_documento: 0,
        finalidade_emissao: 4,
        notas_referenciadas: [{ chave_nfe: saleKey }],
      });
      expect(sent!.request.items).toHaveLength(1);
      expect(sent!.request.items[0]).toMatchObject({ quantidade_comercial: 1, cfop: '1202' });
    } finally {
      await shopContext.close();
      await staffContext.close();
    }
  });
});
