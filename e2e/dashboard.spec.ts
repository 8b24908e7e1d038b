// Issue 13's proof: the staff's day on the real server (demo store, PGlite, real SMTP to a local
// stand-in). A shopper pays with Pix; a staff member sees the order arrive without reloading,
// confirms the payment and ships it with a tracking code; the shopper's tracking page then shows
// it shipped with the code, and the customer's mails arrived. Each role sees what it may.
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  ADMIN_PASSWORD,
  DEMO_STAFF_PASSWORD,
  MANAGER_EMAIL,
  SUPPORT_EMAIL,
} from './support/env';
import { readTokens, signIn } from './support/session';
import { mailsTo } from './support/mail';
import {
  brandProducts,
  graphql,
  pickVariant,
  placeOrderThroughApi,
  shopperJourney,
} from './support/storefront';

/** The staff id of an order by its number (through the admin's API session of the helpers). */
async function orderId(number: string): Promise<string> {
  const data = await graphql<{ orders: { nodes: { id: string; number: string }[] } }>(
    `
      query FindOrder($search: String) {
        orders(filter: { search: $search }, first: 5) {
          nodes {
            id
            number
          }
        }
      }
    `,
    { search: number },
  );
  const order = data.orders.nodes.find((node) => node.number === number);
  if (!order) throw new Error(`order ${number} not found`);
  return order.id;
}

/** The navigation's section names, as the signed-in staff member sees them. */
async function sectionNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Navegação do painel' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
}

test.describe('Dashboard: the staff day', () => {
  // Two browsers and a whole purchase: generous on a shared 2-core machine.
  test.describe.configure({ timeout: 300_000 });

  test('a shopper pays with Pix; the staff member sees the order arrive live, confirms the payment, ships it with a tracking code; tracking shows it shipped and the mails arrived', async ({
    browser,
  }) => {
    const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const shopperContext = await browser.newContext();
    try {
      const staff = await staffContext.newPage();
      await signIn(staff, { remember: false, email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      await staff
        .getByRole('navigation', { name: 'Navegação do painel' })
        .getByRole('link', { name: 'Pedidos' })
        .click();
      await expect(staff).toHaveURL(/\/dashboard\/pedidos/);
      await expect(staff.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
      await expect(staff).toHaveTitle(/Pedidos/);
      // The list has loaded (the demo store may have no order yet).
      await expect(staff.getByRole('progressbar')).toHaveCount(0);

      // The shopper buys with Pix in another browser.
      const shopper = await shopperContext.newPage();
      const { orderNumber, who } = await shopperJourney(shopper, { tag: 'dashboard' });

      // The order arrives on the staff's grid without a reload: a discreet notice first.
      const notice = staff.getByRole('status').filter({ hasText: /novos? pedidos?/ });
      await expect(notice).toBeVisible({ timeout: 15_000 });
      await notice.getByRole('button', { name: 'Atualizar' }).click();
      const link = staff.getByRole('link', { name: orderNumber, exact: true });
      await expect(link).toBeVisible();
      await link.click();

      // The order page: waiting for Pix, with the txid.
      await expect(staff.getByRole('heading', { level: 1 })).toContainText(orderNumber);
      await expect(staff).toHaveTitle(new RegExp(orderNumber));
      await expect(staff.getByRole('main')).toContainText(`txid ${orderNumber.replace('-', '')}`);

      // Confirm the Pix payment (seen in the bank).
      await staff.getByRole('button', { name: 'Confirmar pagamento' }).click();
      const confirmDialog = staff.getByRole('dialog');
      await expect(confirmDialog).toContainText(orderNumber);
      await confirmDialog.getByRole('button', { name: /Confirmar/ }).click();
      await expect(confirmDialog).toBeHidden();
      await expect(staff.getByRole('main')).toContainText('Pago');

      // Ship with a Correios tracking code.
      await staff.getByRole('button', { name: 'Enviar', exact: true }).click();
      const shipDialog = staff.getByRole('dialog');
      await expect(shipDialog.getByLabel('Transportadora')).toHaveValue('Correios');
      await shipDialog.getByLabel('Código de rastreamento').fill('aa123456785br');
      await shipDialog.getByRole('button', { name: 'Registrar envio' }).click();
      await expect(shipDialog).toBeHidden();
      const tracking = staff.getByRole('link', { name: /AA123456785BR/ });
      await expect(tracking).toBeVisible();
      await expect(tracking).toHaveAttribute(
        'href',
        /rastreamento\.correios\.com\.br.*AA123456785BR/,
      );
      // The timeline names who did it.
      await expect(staff.getByRole('main')).toContainText('Administrador');

      // The shopper's tracking page shows it shipped, with the code.
      await shopper.goto('/pedido');
      const form = shopper.getByRole('form', { name: 'Acompanhar pedido' });
      await form.getByLabel('Número do pedido').fill(orderNumber);
      await form.getByLabel('E-mail').fill(who.email);
      await form.getByRole('button', { name: 'Acompanhar pedido' }).click();
      await expect(shopper.getByRole('main')).toContainText('Enviado');
      await expect(shopper.getByRole('main')).toContainText('AA123456785BR');

      // The customer's mails went out through SMTP: received, paid, shipped.
      await expect
        .poll(async () => (await mailsTo(who.email)).map((mail) => mail.subject), {
          timeout: 15_000,
        })
        .toEqual(
          expect.arrayContaining([
            `Recebemos seu pedido ${orderNumber}`,
            `Pagamento confirmado: pedido ${orderNumber}`,
            `Seu pedido ${orderNumber} foi enviado`,
          ]),
        );
      const shipped = (await mailsTo(who.email)).find((mail) => mail.subject.includes('enviado'));
      expect(shipped?.text).toContain('AA123456785BR');
    } finally {
      await staffContext.close();
      await shopperContext.close();
    }
  });

  test("a BRAND_MANAGER sees only orders with their brands and cannot act on another brand's order", async ({
    page,
  }) => {
    // One order of a managed brand (Aurora Têxtil), one of a brand not managed (Ipê Amarelo).
    const own = pickVariant(await brandProducts('aurora-textil'), { minStock: 2 });
    const other = pickVariant(await brandProducts('ipe-amarelo'), { minStock: 2 });
    expect(own && other, 'the demo catalog has both brands in stock').toBeTruthy();
    const ownOrder = await placeOrderThroughApi(
      [{ variantId: own!.variant.id, quantity: 1 }],
      `gerente.propria.${Date.now()}@example.com`,
    );
    const otherOrder = await placeOrderThroughApi(
      [{ variantId: other!.variant.id, quantity: 1 }],
      `gerente.outra.${Date.now()}@example.com`,
    );

    await signIn(page, { remember: false, email: MANAGER_EMAIL, password: DEMO_STAFF_PASSWORD });
    expect(await sectionNames(page)).not.toContain('Pix a conferir');
    // Pix a conferir is the store's money: opened by its address, no permission.
    await page.goto('/dashboard/pix');
    await expect(page.getByRole('main')).toContainText('Sem permissão');
    await expect(page.getByRole('grid', { name: 'Pix a conferir' })).toHaveCount(0);
    await page.goto('/dashboard/pedidos');
    const search = page
      .getByRole('searchbox')
      .or(page.getByLabel(/Buscar/))
      .first();

    await search.fill(ownOrder.number);
    await expect(page.getByRole('link', { name: ownOrder.number, exact: true })).toBeVisible();
    await search.fill(otherOrder.number);
    await expect(page.getByRole('link', { name: otherOrder.number, exact: true })).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText(/Nenhum pedido/i);

    // Opening the other brand's order by its address: not found, and no action offered.
    await page.goto(`/dashboard/pedidos/${await orderId(otherOrder.number)}`);
    await expect(page.getByRole('main')).toContainText(/não encontrado/i);
    await expect(page.getByRole('button', { name: 'Confirmar pagamento' })).toHaveCount(0);

    // And the API refuses the action itself, whatever the screen shows.
    const tokens = await readTokens(page);
    const token = tokens.sessionAccess ?? tokens.persistentAccess;
    expect(token, 'the manager is signed in').toBeTruthy();
    const response = await fetch(`${BASE_URL}/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: 'mutation Pay($id: ID!) { orderMarkPaid(id: $id) { status } }',
        variables: { id: await orderId(otherOrder.number) },
      }),
    });
    const body: unknown = await response.json();
    expect(JSON.stringify(body)).toMatch(/"code":"(NOT_FOUND|FORBIDDEN)"/);
  });

  test('SUPPORT sees orders and the products to read (no Pix, brands or categories), and no revenue on the home', async ({
    page,
  }) => {
    await signIn(page, { remember: false, email: SUPPORT_EMAIL, password: DEMO_STAFF_PASSWORD });
    // Until `me` answers, the navigation holds the home only.
    await expect
      .poll(() => sectionNames(page))
      .toEqual(expect.arrayContaining(['Visão geral', 'Pedidos', 'Produtos', 'Clientes']));
    const sections = await sectionNames(page);
    for (const catalog of ['Pix a conferir', 'Marcas', 'Categorias']) {
      expect(sections).not.toContain(catalog);
    }
    await expect(page.getByRole('main')).toContainText('Pedidos');
    await expect(page.getByRole('main').getByText('Receita', { exact: true })).toHaveCount(0);
    // The products grid reads, without a way to create or import.
    await page
      .getByRole('navigation', { name: 'Navegação do painel' })
      .getByRole('link', { name: 'Produtos' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('main').getByText('Novo produto')).toHaveCount(0);
    await expect(page.getByRole('main').getByText('Importar CSV')).toHaveCount(0);
  });
});
