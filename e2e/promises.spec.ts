// Issue 12, item 2: the store promises only what it keeps. The e2e server has no card gateway
// (no MERCADOPAGO_*), so nothing may offer "10x sem juros": not the home's promise strip, not the
// product page, not the bag; the Pix discount and the free-shipping threshold are the store's own.
// Item 7: on a phone the Pix screen leads with the code to copy, and says how long is left.
import { expect, test, type Page } from '@playwright/test';
import {
  brandProducts,
  chooseVariant,
  graphql,
  pickVariant,
  placeOrderThroughApi,
} from './support/storefront';

async function expectNoInstallments(page: Page, where: string): Promise<void> {
  await expect(page.locator('body'), `${where}: no installments without a card`).not.toContainText(
    /sem juros|\d+x de R\$/,
  );
}

test.describe('Promises follow the ways to pay', () => {
  test.describe.configure({ timeout: 90_000 });

  test('without a card gateway no "sem juros" appears on the home, the product page or the bag', async ({
    page,
  }) => {
    const { paymentMethods, storeSettings } = await graphql<{
      paymentMethods: { method: string }[];
      storeSettings: { pixDiscountPercent: number; freeShippingThresholdCents: number | null };
    }>(
      '{ paymentMethods { method } storeSettings { pixDiscountPercent freeShippingThresholdCents } }',
    );
    expect(paymentMethods.map((option) => option.method)).toEqual(['PIX']);

    // Home: the promise strip reads the store's settings and leaves installments out.
    await page.goto('/');
    const promises = page.getByRole('list', { name: 'Vantagens da loja' });
    await expect(promises).toBeVisible();
    await expect(promises).toContainText(
      `${storeSettings.pixDiscountPercent.toLocaleString('pt-BR')}% de desconto no Pix`,
    );
    if (storeSettings.freeShippingThresholdCents !== null) {
      await expect(promises).toContainText(/Frete grátis acima de R\$/);
    }
    await expect(promises.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Novidades' })).toBeVisible();
    await expectNoInstallments(page, 'home');
    await expect(page.locator('meta[name="description"]')).not.toHaveAttribute(
      'content',
      /sem juros/,
    );

    // Product page: the server's offer has the Pix price and no installment line.
    const pick = pickVariant(await brandProducts(null), { minStock: 3 });
    if (!pick) throw new Error('the demo catalog has no product with sizes in stock');
    await page.goto(`/produto/${pick.product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: pick.product.name })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/no Pix/)
        .first(),
    ).toBeVisible();
    await expectNoInstallments(page, 'product page');

    // The bag.
    await chooseVariant(page, pick.variant);
    await page.getByRole('button', { name: 'Adicionar à sacola' }).click();
    // The line is kept on the device (whatever the page shows on adding), then the bag page.
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('vitrine.cart') ?? ''))
      .toContain(pick.variant.id);
    await page.goto('/carrinho');
    const lines = page.getByRole('list', { name: 'Itens da sacola' });
    await expect(lines).toContainText(pick.product.name);
    await expect(
      page
        .getByRole('main')
        .getByText(/no Pix/)
        .first(),
    ).toBeVisible();
    await expectNoInstallments(page, 'bag');
  });
});

test.describe('The Pix screen on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('an unpaid Pix order shows "Copiar código Pix" before the QR code and "Expira em … (até HH:MM)"', async ({
    page,
  }) => {
    const pick = pickVariant(await brandProducts(null), { minStock: 2 });
    if (!pick) throw new Error('the demo catalog has no product with sizes in stock');
    const email = `pix.celular.${Date.now()}@example.com`;
    const order = await placeOrderThroughApi([{ variantId: pick.variant.id, quantity: 1 }], email);

    await page.goto(`/pedido?numero=${encodeURIComponent(order.number)}`);
    const tracking = page.getByRole('form', { name: 'Acompanhar pedido' });
    await tracking.getByLabel('E-mail').fill(email);
    await tracking.getByRole('button', { name: 'Acompanhar pedido' }).click();
    const pix = page.getByRole('region', { name: 'Pagamento por Pix' });
    await expect(pix).toBeVisible();

    const copy = pix.getByRole('button', { name: 'Copiar código Pix' });
    const qr = pix.getByRole('img', { name: 'QR Code do Pix para pagar o pedido' });
    const copyBox = await copy.boundingBox();
    const qrBox = await qr.boundingBox();
    expect(copyBox && qrBox && copyBox.y < qrBox.y, 'the copy button comes before the QR').toBe(
      true,
    );
    // The QR code is an image the server draws when the browser loads it (issue 17, item 5).
    await expect(qr).toHaveAttribute('src', /^\/pix\/qr\.svg\?c=/);
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    // Time left in hours and minutes, and the deadline as a time of day (São Paulo).
    await expect(pix.getByRole('timer')).toHaveText(
      /^Expira em (\d+ h( \d+ min)?|\d+ min|\d+ s) \(até (amanhã, )?\d\d:\d\d\)$/,
    );
  });
});
