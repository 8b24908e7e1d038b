// Issue 29's proof: a store owner's whole day, through the browser, at a desk (1366 px) and on a
// phone (375 px). An ADMIN signs in with password and two-factor code; imports products from an
// Excel-style CSV (';', '1.234,56', Windows-1252); a shopper buys the new product with Pix as a
// guest; the owner confirms the Pix from the bank's OFX statement, ships the order from the grid's
// selection with a Correios code, prints its packing slip, refunds it and anonymises the shopper
// (LGPD). Each step asserts what the person sees, in Portuguese.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { graphqlAs, staffAccessToken, staffProductBySlug } from './support/catalog';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env';
import { mailsTo } from './support/mail';
import { currentStep, totp, TOTP_STEP_MS } from './support/totp';
import {
  brCodeAmountCents,
  brCodeTxid,
  centsFromBrl,
  chooseShippingAndPix,
  chooseVariant,
  expectNoHorizontalScroll,
  expectValidBrCode,
  fillCheckout,
  shopper,
  type Shopper,
} from './support/storefront';

// ---------------------------------------------------------------------------------------------
// The UPU S10 check digit (Correios tracking codes), written out here from the standard: weights
// 8 6 4 2 3 5 9 7 over the 8 serial digits; 11 - (sum mod 11), 10 -> 0 and 11 -> 5.

function s10Code(serial: string): string {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(serial[i]), 0);
  const rest = 11 - (sum % 11);
  const digit = rest === 10 ? 0 : rest === 11 ? 5 : rest;
  return `QB${serial}${digit}BR`;
}

// ---------------------------------------------------------------------------------------------
// The day's ADMIN. The e2e server's first ADMIN (ADMIN_EMAIL) signs in with a password alone: the
// other journeys and the API helpers use it. This journey's ADMIN is a second one, invited by the
// first (as a store owner adds a partner), who chose a password and enrolled an authenticator
// app; set up through the API, so the browser's part starts at the sign-in.

interface TotpAdmin {
  name: string;
  email: string;
  password: string;
  secret: string;
  /** The time step whose code the enrolment spent (a used code is never accepted again). */
  usedStep: number;
}

async function inviteTotpAdmin(tag: string): Promise<TotpAdmin> {
  const stamp = Date.now();
  const admin = {
    name: `Dona da Loja ${tag}`,
    email: `dona.${tag}.${stamp}@e2e.test`,
    password: `Dia-Inteiro-e2e-${tag}-Kw7!Rb`,
  };
  const firstAdmin = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
  const invited = await graphqlAs<{ staffInvite: { id: string } }>(
    firstAdmin,
    `mutation E2eInvite($input: StaffInviteInput!) { staffInvite(input: $input) { id } }`,
    { input: { email: admin.email, name: admin.name, role: 'ADMIN' } },
  );
  if (!invited.data) throw new Error(`staffInvite: ${JSON.stringify(invited.errors)}`);
  await expect
    .poll(async () => (await mailsTo(admin.email)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const [mail] = await mailsTo(admin.email);
  const token = /\/convite\?token=([\w-]+)/.exec(mail!.text)?.[1];
  if (!token) throw new Error('the invitation mail has no link');
  const accepted = await fetch(`${BASE_URL}/auth/invitation/accept/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: admin.password }),
  });
  if (!accepted.ok) throw new Error(`invitation accept: ${accepted.status}`);
  const { access } = (await accepted.json()) as { access: string };

  const started = await graphqlAs<{ twoFactorEnrolStart: { secret: string } }>(
    access,
    'mutation E2eEnrol { twoFactorEnrolStart { secret } }',
  );
  const secret = started.data?.twoFactorEnrolStart.secret;
  if (!secret) throw new Error(`twoFactorEnrolStart: ${JSON.stringify(started.errors)}`);
  // Near the end of a step, wait for the next one (the code below must stay in the window).
  while (TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) < 3_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The enrolment spends the previous step's code (the server accepts one step either side, for a
  // phone's drifting clock), so the sign-in's code of the current step has not been used.
  const usedStep = currentStep() - 1;
  const confirmed = await graphqlAs<{ twoFactorEnrolConfirm: string[] }>(
    access,
    'mutation E2eEnrolConfirm($code: String!) { twoFactorEnrolConfirm(code: $code) }',
    { code: totp(secret, usedStep) },
  );
  if (confirmed.data?.twoFactorEnrolConfirm.length !== 10) {
    throw new Error(`twoFactorEnrolConfirm: ${JSON.stringify(confirmed.errors)}`);
  }
  return { ...admin, secret, usedStep };
}

// ---------------------------------------------------------------------------------------------
// Files the owner brings: the products spreadsheet (Excel's "CSV": ';' between cells, '1.234,56'
// prices, Windows-1252) and the bank's OFX statement.

const CSV_COLUMNS = [
  'Identificador URL',
  'Nome',
  'Marca',
  'Categoria',
  'Descrição',
  'Publicado',
  'Destaque',
  'SKU',
  'Tamanho',
  'Cor',
  'Preço',
  'Estoque',
  'Peso (g)',
  'Comprimento (cm)',
  'Largura (cm)',
  'Altura (cm)',
] as const;

type CsvRow = Record<(typeof CSV_COLUMNS)[number], string>;

/** What Excel in Portuguese saves: Windows-1252, ';', CRLF, no BOM. */
function excelCsv(rows: CsvRow[]): Buffer {
  const lines = [
    CSV_COLUMNS.join(';'),
    ...rows.map((row) => CSV_COLUMNS.map((c) => row[c]).join(';')),
  ];
  const text = `${lines.join('\r\n')}\r\n`;
  // Every character here is in Latin-1, where Windows-1252 has the same bytes.
  expect(text, 'the spreadsheet is Latin-1 text').not.toMatch(/[^\t\r\n\x20-\xff]/);
  return Buffer.from(text, 'latin1');
}

/** An OFX 1.x statement (SGML, as Brazilian banks export it) with one Pix credit. */
function ofxStatement(credit: { amountCents: number; fitid: string; memo: string }): Buffer {
  const now = new Date();
  const day = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(now.getUTCDate()).padStart(2, '0')}`;
  const amount = `${Math.floor(credit.amountCents / 100)}.${String(credit.amountCents % 100).padStart(2, '0')}`;
  const text = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1001',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    '<BANKID>0341',
    '<ACCTID>12345-6',
    '<ACCTTYPE>CHECKING',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${day}000000[-3:BRT]`,
    `<DTEND>${day}235959[-3:BRT]`,
    '<STMTTRN>',
    '<TRNTYPE>CREDIT',
    `<DTPOSTED>${day}[-3:BRT]`,
    `<TRNAMT>${amount}`,
    `<FITID>${credit.fitid}`,
    `<MEMO>${credit.memo}`,
    '</STMTTRN>',
    '</BANKTRANLIST>',
    '<LEDGERBAL>',
    `<BALAMT>${amount}`,
    `<DTASOF>${day}235959[-3:BRT]`,
    '</LEDGERBAL>',
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\r\n');
  return Buffer.from(text, 'latin1');
}

// ---------------------------------------------------------------------------------------------
// The dashboard, as the person uses it at each width.

interface Width {
  label: string;
  tag: string;
  phone: boolean;
  options: {
    viewport: { width: number; height: number };
    isMobile: boolean;
    hasTouch: boolean;
  };
}

const WIDTHS: Width[] = [
  {
    label: 'at a desk, 1366 px',
    tag: 'mesa',
    phone: false,
    options: { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false },
  },
  {
    label: 'on a phone, 375 px',
    tag: 'celular',
    phone: true,
    options: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  },
];

/** Opens a section from the navigation: the side bar at a desk, the menu's drawer on a phone. */
async function openSection(page: Page, width: Width, name: string | RegExp): Promise<void> {
  const menu = page.getByRole('button', { name: 'Abrir navegação' });
  if (width.phone) {
    await menu.click();
  } else {
    await expect(menu, 'a desk shows the navigation without a menu button').toBeHidden();
  }
  await page
    .getByRole('navigation', { name: 'Navegação do painel' })
    .getByRole('link', typeof name === 'string' ? { name, exact: true } : { name })
    .click();
  // The drawer closes once a section is chosen.
  await expect(page.getByRole('navigation', { name: 'Navegação do painel' })).toHaveCount(
    width.phone ? 0 : 1,
  );
}

/** A grid's row at a desk, a card on a phone: the item holding the link named `name`. */
function itemWithLink(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('row')
    .or(page.getByRole('main').getByRole('listitem'))
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** Types in a list's search box and sends it at once (Enter). */
async function search(page: Page, filterName: string, text: string): Promise<void> {
  const box = page.getByRole('search', { name: filterName }).getByRole('searchbox');
  await box.fill(text);
  await box.press('Enter');
}

// ---------------------------------------------------------------------------------------------

for (const width of WIDTHS) {
  test.describe(`A store owner's day ${width.label}`, () => {
    test.use(width.options);
    // Two browsers, an import and a purchase on a shared 2-core machine.
    test.describe.configure({ timeout: 300_000 });
    // A step that cannot happen fails at once, with its place, instead of at the journey's end.
    test.use({ actionTimeout: 30_000 });

    test('sign-in with a code, CSV import, a Pix purchase, the Pix confirmed from the OFX statement, bulk shipping, the packing slip, a refund and the shopper anonymised', async ({
      page,
      browser,
    }) => {
      const stamp = Date.now();
      const admin = await inviteTotpAdmin(width.tag);
      // The packing slip's "Imprimir" opens the browser's print dialog: recorded instead.
      await page.context().addInitScript(() => {
        const record = window as unknown as { printCalls: number };
        record.printCalls = 0;
        window.print = () => {
          record.printCalls += 1;
        };
      });

      await test.step('1. sign in with the password and the authenticator code', async () => {
        await page.goto('/dashboard/login');
        await page.getByLabel('E-mail').fill(admin.email);
        await page.getByLabel('Senha', { exact: true }).fill(admin.password);
        await page.getByRole('button', { name: 'Entrar' }).click();
        const step = page.getByRole('form', { name: 'Verificação em duas etapas' });
        await expect(step).toBeVisible();
        await expect(step).toContainText(`Entrando como ${admin.email}`);
        // The app's code of now (a later step than the one the enrolment spent).
        await step
          .getByLabel('Código de verificação')
          .fill(totp(admin.secret, Math.max(currentStep(), admin.usedStep + 1)));
        await step.getByRole('button', { name: 'Verificar' }).click();
        await page.waitForURL((url) => url.pathname.replace(/\/+$/, '') === '/dashboard');
        // The first screen of the dashboard (its code and the day's numbers) on a busy machine.
        await expect(page.getByRole('button', { name: `Conta de ${admin.name}` })).toBeVisible({
          timeout: 30_000,
        });
      });

      const slug = `bota-sertao-${width.tag}-${stamp}`;
      const productName = `Bota Couro Legítimo Sertão ${width.tag} ${stamp}`;
      const skus = { p38: `BOTA-SERT-${stamp}-38`, p39: `BOTA-SERT-${stamp}-39` };
      const common = {
        'Identificador URL': slug,
        Nome: productName,
        Marca: 'mandacaru-calcados',
        Categoria: 'Calçados > Botas',
        Descrição: 'Bota de couro legítimo, costura à mão, solado de borracha.',
        Publicado: 'sim',
        Destaque: 'não',
        Cor: 'Café',
        Preço: '1.234,56',
        Estoque: '7',
        'Peso (g)': '1200',
        'Comprimento (cm)': '33',
        'Largura (cm)': '22',
        'Altura (cm)': '13',
      };

      await test.step('2. import the products spreadsheet: preview, apply, see it in Produtos', async () => {
        await openSection(page, width, 'Produtos');
        await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
        await page.getByRole('link', { name: 'Importar CSV' }).click();
        await expect(
          page.getByRole('heading', { level: 1, name: 'Importar produtos' }),
        ).toBeVisible();
        const fileName = `planilha-${width.tag}-${stamp}.csv`;
        const chooser = page.waitForEvent('filechooser');
        await page
          .getByRole('region', { name: 'Enviar planilha' })
          .getByRole('button', { name: 'Escolher arquivo' })
          .click();
        await (
          await chooser
        ).setFiles({
          name: fileName,
          mimeType: 'text/csv',
          buffer: excelCsv([
            { ...common, SKU: skus.p38, Tamanho: '38' },
            { ...common, SKU: skus.p39, Tamanho: '39' },
          ]),
        });

        // The preview: two variants to create, nothing refused, each with its new values.
        await expect(page).toHaveURL(/[?&]importacao=/);
        await expect(page.getByRole('heading', { level: 2, name: fileName })).toBeVisible();
        await expect(page.getByText('Prévia pronta', { exact: true })).toBeVisible();
        await expectNoHorizontalScroll(page, 'the import preview');
        const tabs = page.getByRole('tablist', { name: 'Linhas por resultado' });
        await expect(tabs.getByRole('tab', { name: 'A criar (2)' })).toBeVisible();
        await expect(tabs.getByRole('tab', { name: 'Recusadas (0)' })).toBeVisible();
        const rows = page.getByRole('table', { name: 'Linhas' });
        await expect(rows.getByRole('row')).toHaveCount(3);
        // Each line creates a variant of the new product (line 1 is the header).
        for (const [line, sku] of [
          ['2', skus.p38],
          ['3', skus.p39],
        ]) {
          await expect(rows.getByRole('row').filter({ hasText: sku }).getByRole('cell')).toHaveText(
            [line!, sku!, 'A criar', 'Novo produto e variante'],
          );
        }
        // Nothing is in the catalog before it is applied.
        const firstAdmin = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
        expect(await staffProductBySlug(firstAdmin, slug)).toBeNull();

        await page.getByRole('button', { name: 'Aplicar importação' }).click();
        const confirm = page.getByRole('dialog', { name: 'Aplicar a importação?' });
        await expect(confirm).toContainText('2 variações serão criadas');
        await confirm.getByRole('button', { name: 'Aplicar importação' }).click();
        await expect(confirm).toBeHidden();
        await expect(page.getByText('Aplicada', { exact: true })).toBeVisible({ timeout: 60_000 });
        await expect(page.getByRole('alert').filter({ hasText: 'Importação aplicada' })).toHaveText(
          /Importação aplicada: 2 variações criadas e 0 atualizadas\./,
        );

        // Produtos lists it, published, at its price, with both sizes' stock.
        await openSection(page, width, 'Produtos');
        await search(page, 'Filtrar produtos', slug);
        const item = itemWithLink(page, productName);
        await expect(item).toHaveCount(1);
        await expect(item).toContainText('R$ 1.234,56');
        await expect(item).toContainText('Publicado');
        await expectNoHorizontalScroll(page, 'the products list');
      });

      const who: Shopper = shopper(`dia-${width.tag}`);
      let orderNumber = '';
      let totalCents = 0;

      await test.step('3. a shopper buys it as a guest with Pix', async () => {
        const shopperContext = await browser.newContext(width.options);
        try {
          const shop = await shopperContext.newPage();
          await shop.goto(`/produto/${slug}`);
          await expect(shop.getByRole('heading', { level: 1, name: productName })).toBeVisible();
          await chooseVariant(shop, {
            id: '',
            sku: skus.p39,
            size: '39',
            color: 'Café',
            stock: 7,
            available: true,
          });
          await expect(shop.getByRole('main')).toContainText('R$ 1.234,56');
          await shop.getByRole('button', { name: 'Adicionar à sacola' }).click();
          const drawer = shop.getByRole('dialog', { name: /Minha sacola/ });
          await expect(drawer.getByText(productName)).toBeVisible();
          await drawer.getByRole('link', { name: 'Ver sacola completa' }).click();
          await expect(shop).toHaveURL(/\/carrinho$/);
          await shop.getByRole('link', { name: 'Finalizar compra' }).click();
          await expect(shop).toHaveURL(/\/checkout$/);
          await fillCheckout(shop, who);
          await chooseShippingAndPix(shop, 'PAC');
          await expect(shop.getByRole('list', { name: 'Itens do pedido' })).toContainText(
            productName,
          );
          await shop.getByRole('button', { name: 'Finalizar pedido' }).click();

          await expect(shop).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
          orderNumber = decodeURIComponent(shop.url().split('/').pop()!);
          await expect(
            shop.getByText(new RegExp(`^Pedido ${orderNumber} · feito em`)),
          ).toBeVisible();
          const pix = shop.getByRole('region', { name: 'Pagamento por Pix' });
          const fields = expectValidBrCode(await pix.getByLabel('Pix copia e cola').inputValue());
          totalCents = brCodeAmountCents(fields);
          expect(brCodeTxid(fields)).toBe(orderNumber.replace(/[^A-Za-z0-9]/g, ''));
          // The amount the shopper is asked to pay is the BR Code's: what the bank will show.
          expect(centsFromBrl(await pix.locator('p').first().innerText())).toBe(totalCents);
          await expectNoHorizontalScroll(shop, 'the order confirmation');
        } finally {
          await shopperContext.close();
        }
      });

      const txid = orderNumber.replace(/[^A-Za-z0-9]/g, '');
      const brl = (cents: number) =>
        `R$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(cents / 100)}`;

      await test.step('4. confirm the Pix from the bank statement (OFX)', async () => {
        await openSection(page, width, /^Pix a conferir/);
        await page.getByRole('tab', { name: 'Extratos' }).click();
        const fileName = `extrato-${width.tag}-${stamp}.ofx`;
        const chooser = page.waitForEvent('filechooser');
        await page
          .getByRole('region', { name: 'Importar extrato' })
          .getByRole('button', { name: 'Escolher arquivo' })
          .click();
        await (
          await chooser
        ).setFiles({
          name: fileName,
          mimeType: 'application/x-ofx',
          buffer: ofxStatement({
            amountCents: totalCents,
            fitid: `${stamp}01`,
            memo: `PIX RECEBIDO ANA BEATRIZ SOUZA ${txid}`,
          }),
        });
        await expect(page.getByRole('heading', { level: 1, name: fileName })).toBeVisible();
        const entries = page.getByRole('table', { name: 'Lançamentos do extrato' });
        const entry = entries.getByRole('row').filter({ hasText: `txid ${txid}` });
        await expect(entry).toContainText(brl(totalCents));
        await expect(entry).toContainText(orderNumber);
        await expect(entry).toContainText('Conferido');
        await expectNoHorizontalScroll(page, 'the statement');

        await page.getByRole('button', { name: 'Confirmar 1 pagamento' }).click();
        const dialog = page.getByRole('dialog', { name: 'Confirmar 1 pagamento?' });
        await expect(dialog).toContainText(`somando ${brl(totalCents)}`);
        await dialog.getByRole('button', { name: 'Confirmar', exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(entry).toContainText('Confirmado');

        // The order is paid.
        await entry.getByRole('link', { name: orderNumber }).click();
        await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
        await expect(page.getByText('Pagamento: Pago', { exact: true })).toBeVisible();
        await expect(page.getByText('Envio: A enviar', { exact: true })).toBeVisible();
      });

      const trackingCode = s10Code(String(stamp % 100_000_000).padStart(8, '0'));

      await test.step('5. ship it from the orders grid, selected, with a Correios code', async () => {
        await openSection(page, width, 'Pedidos');
        await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
        await search(page, 'Filtrar pedidos', orderNumber);
        const item = itemWithLink(page, orderNumber);
        await expect(item).toHaveCount(1);
        await expect(item).toContainText('A enviar');
        await expectNoHorizontalScroll(page, 'the orders list');
        await item.getByRole('checkbox').check();
        const bar = page.getByRole('region', { name: 'Ações dos selecionados' });
        await expect(bar).toContainText('1 pedido selecionado');
        await bar.getByRole('button', { name: 'Enviar selecionados' }).click();
        const dialog = page.getByRole('dialog', { name: 'Enviar pedidos selecionados' });
        const line = dialog.getByRole('listitem', { name: `Pedido ${orderNumber}` });
        await expect(line).toContainText(who.name);
        await expectNoHorizontalScroll(page, 'the bulk shipping dialog');
        await expect(line.getByLabel(`Transportadora (${orderNumber})`)).toHaveValue('Correios');
        await line.getByLabel(`Código de rastreamento (${orderNumber})`).fill(trackingCode);
        await dialog.getByRole('button', { name: 'Enviar 1 pedido' }).click();
        await expect(dialog.getByRole('status')).toHaveText('1 pedido enviado.');
        await dialog.getByRole('button', { name: 'Fechar' }).click();
        await expect(dialog).toBeHidden();
        await expect(item).toContainText('Enviado');
      });

      await test.step('6. print the packing slip', async () => {
        await itemWithLink(page, orderNumber).getByRole('link', { name: orderNumber }).click();
        await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
        await expect(page.getByText('Envio: Enviado', { exact: true })).toBeVisible();
        await expectNoHorizontalScroll(page, 'the order page');
        await expect(page.getByRole('link', { name: new RegExp(trackingCode) })).toBeVisible();
        const popup = page.waitForEvent('popup');
        await page.getByRole('link', { name: 'Imprimir romaneio' }).click();
        const slip = await popup;
        try {
          const sheet = slip.getByRole('article', { name: `Romaneio do pedido ${orderNumber}` });
          // A new tab: the dashboard loads from scratch (on a busy machine, a while).
          await expect(sheet).toBeVisible({ timeout: 30_000 });
          await expect(sheet).toContainText(`Pedido ${orderNumber}`);
          await expect(sheet).toContainText(who.name);
          await expect(sheet).toContainText(`${who.street}, ${who.number}`);
          await expect(sheet).toContainText(who.district);
          await expect(sheet).toContainText(`${who.city}`);
          await expect(sheet).toContainText(`Rastreio ${trackingCode}`);
          const lines = sheet.getByRole('row').filter({ hasText: skus.p39 });
          await expect(lines).toHaveCount(1);
          await expect(lines).toContainText(productName);
          await expect(lines.getByRole('cell').last()).toHaveText('1');
          await expectNoHorizontalScroll(slip, 'the packing slip');
          await slip.getByRole('button', { name: 'Imprimir' }).click();
          await expect
            .poll(() =>
              slip.evaluate(() => (window as unknown as { printCalls: number }).printCalls),
            )
            .toBe(1);
          // On paper: the sheet only, without the dashboard's chrome or the button.
          await slip.emulateMedia({ media: 'print' });
          await expect(sheet).toBeVisible();
          await expect(slip.getByRole('button', { name: 'Imprimir' })).toBeHidden();
          await expect(slip.getByRole('banner')).toBeHidden();
        } finally {
          await slip.close();
        }
      });

      await test.step('7. refund the order', async () => {
        await page.getByRole('button', { name: 'Reembolsar' }).click();
        const dialog = page.getByRole('dialog', { name: `Reembolsar · ${orderNumber}` });
        await expect(dialog).toContainText('o reembolso fica registrado como manual');
        await expect(dialog.getByLabel('Valor do reembolso')).toHaveValue(
          brl(totalCents).replace('R$ ', ''),
        );
        await dialog.getByLabel('Motivo do reembolso').fill('Cliente desistiu da compra.');
        await dialog.getByRole('button', { name: 'Reembolsar' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText('Pedido: Reembolsado', { exact: true })).toBeVisible();
        await expect(page.getByText('Pagamento: Reembolsado', { exact: true })).toBeVisible();
        await expect(page.getByRole('main')).toContainText(`− ${brl(totalCents)}`);
      });

      await test.step('8. anonymise the shopper (LGPD)', async () => {
        await openSection(page, width, 'Clientes');
        await search(page, 'Filtrar clientes', who.email);
        const item = page
          .getByRole('main')
          .getByRole('row')
          .or(page.getByRole('main').getByRole('listitem'))
          .filter({ hasText: who.email });
        await expect(item).toHaveCount(1);
        await item.getByRole('link', { name: who.name }).click();
        await expect(page.getByRole('heading', { level: 1, name: who.name })).toBeVisible();
        await expect(page.getByRole('main')).toContainText(who.email);
        await page.getByRole('button', { name: 'Anonimizar' }).click();
        const explain = page.getByRole('dialog', { name: `Anonimizar ${who.name}?` });
        await expect(explain).toContainText('Não é possível desfazer.');
        await explain.getByRole('button', { name: 'Continuar' }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirme a anonimização' });
        const go = confirm.getByRole('button', { name: 'Anonimizar definitivamente' });
        await expect(go).toBeDisabled();
        await confirm.getByLabel('E-mail do cliente').fill(who.email);
        await go.click();
        await expect(confirm).toBeHidden();
        await expect(
          page.getByRole('heading', { level: 1, name: 'Cliente anonimizado' }),
        ).toBeVisible();
        await expectNoHorizontalScroll(page, 'the anonymised customer');
        const main = page.getByRole('main');
        await expect(main).toContainText('os dados pessoais foram removidos');
        // The order stays, for the accounts; the person's data is gone from the page.
        await expect(main.getByRole('link', { name: orderNumber })).toBeVisible();
        const text = await main.innerText();
        for (const personal of [who.name, who.email, who.cpf, who.phone, who.street]) {
          expect(text, `the customer page shows no '${personal}'`).not.toContain(personal);
        }
        await main.getByRole('link', { name: orderNumber }).click();
        await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
        await expect(page.getByText('Pedido: Reembolsado', { exact: true })).toBeVisible();
        const order = await page.getByRole('main').innerText();
        for (const personal of [who.name, who.email, who.street, who.complement]) {
          expect(order, `the order page shows no '${personal}'`).not.toContain(personal);
        }
      });
    });
  });
}
