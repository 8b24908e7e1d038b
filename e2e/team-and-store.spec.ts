// Dashboard, part 3: the team and the store, end to end on the real server. An ADMIN invites a
// brand manager, who accepts the mailed link, chooses a password, enrols two-factor sign-in,
// signs out and in with a code and edits their brand's product; the ADMIN reads both in the
// audit log. The ADMIN changes the Pix key and the next order's BR Code carries it; creates a
// coupon the bag applies and deactivates it; simulates shipping in Frete. A customer is
// anonymised and their orders show no personal data.
import { expect, test, type Page } from '@playwright/test';
import { graphqlAs, staffAccessToken, staffProducts } from './support/catalog';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import { mailsTo } from './support/mail';
import { signIn } from './support/session';
import { currentStep, totp } from './support/totp';
import {
  brandProducts,
  expectValidBrCode,
  generateCpf,
  graphql,
  pickVariant,
  tlvValue,
} from './support/storefront';

const DESKTOP = { width: 1366, height: 900 };

/** A code of a time step after `usedStep` (a used code cannot be replayed), waiting if needed. */
async function freshCode(
  secret: string,
  usedStep: number,
): Promise<{ code: string; step: number }> {
  while (currentStep() <= usedStep) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const step = currentStep();
  return { code: totp(secret, step), step };
}

async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Conta de ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sair', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/login');
}

const AUDIT_QUERY = `query E2eAudit($filter: AuditFilter) {
  auditLog(filter: $filter, first: 50) {
    nodes { action actorEmail entity entityId entityLabel summary }
  }
}`;

interface AuditNode {
  action: string;
  actorEmail: string | null;
  entity: string;
  entityId: string | null;
  entityLabel: string | null;
  summary: string;
}

test.describe('Team and store: the journeys', () => {
  test.describe.configure({ timeout: 300_000 });
  // A step that cannot happen fails at once, with its place, instead of at the journey's end.
  test.use({ actionTimeout: 30_000 });

  test('an ADMIN invites a brand manager, who accepts, enrols two-factor sign-in, signs in with a code and edits their product; the ADMIN reads both in the audit log', async ({
    browser,
  }) => {
    const adminToken = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
    const brands = await graphqlAs<{ staffBrands: { id: string; name: string; slug: string }[] }>(
      adminToken,
      'query E2eBrands { staffBrands { id name slug } }',
    );
    const brand = brands.data?.staffBrands.find((item) => item.slug === 'mandacaru-calcados');
    if (!brand) throw new Error("the demo store has no brand 'mandacaru-calcados'");
    const product = (await staffProducts(adminToken, { brandIds: [brand.id] })).nodes[0];
    if (!product) throw new Error(`no product of ${brand.name}`);

    const email = `gerente.${Date.now()}@e2e.test`;
    const name = 'Gerente Convidada';
    const password = 'Convite-e2e-Wq9!Tz47';

    // The ADMIN invites them from Equipe.
    const adminContext = await browser.newContext({ viewport: DESKTOP });
    const invitee = await browser.newContext({ viewport: DESKTOP });
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, { remember: false });
      await admin.goto('/dashboard/equipe');
      await admin.getByRole('button', { name: 'Convidar pessoa' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Convidar pessoa' });
      await dialog.getByLabel('E-mail').fill(email);
      await dialog.getByLabel('Nome').fill(name);
      await dialog.getByRole('radio', { name: /Gestão de marcas/ }).check();
      await dialog.getByRole('combobox', { name: 'Marcas' }).click();
      await admin.getByRole('option', { name: brand.name, exact: true }).click();
      await dialog.getByRole('button', { name: 'Enviar convite' }).click();
      await expect(admin.getByText(`Convite enviado para ${email}`)).toBeVisible();
      await expect(admin.getByRole('listitem', { name })).toContainText('Convite pendente');

      // The mail carries a single-use link to /convite.
      await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBe(1);
      const [mail] = await mailsTo(email);
      const link = mail!.text.match(/https?:\/\/\S+\/convite\?token=[\w-]+/)?.[0];
      expect(link, 'the invitation mail has the link').toBeDefined();

      // The invitee chooses a password and is signed in.
      const page = await invitee.newPage();
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByText(email).first()).toBeVisible();
      await page.getByLabel('Senha', { exact: true }).fill(password);
      await page.getByLabel('Repita a senha').fill(password);
      await page.getByRole('button', { name: 'Criar senha e entrar' }).click();
      await page.waitForURL((url) => url.pathname.replace(/\/+$/, '') === '/dashboard');
      const nav = page.getByRole('navigation', { name: 'Navegação do painel' });
      await expect(nav.getByRole('link', { name: 'Produtos' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Equipe' })).toHaveCount(0);

      // The link works once.
      const again = await fetch(new URL('/auth/invitation/check/', link!).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: new URL(link!).searchParams.get('token') }),
      });
      expect(again.status).toBe(400);

      // Two-factor sign-in, from Minha conta.
      await page.goto('/dashboard/minha-conta');
      await page.getByRole('button', { name: 'Ativar' }).click();
      const enrol = page.getByRole('dialog', { name: 'Ativar a verificação em duas etapas' });
      const secret = ((await enrol.getByLabel('Chave do aplicativo').textContent()) ?? '').replace(
        /\s/g,
        '',
      );
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const enrolStep = currentStep();
      await enrol.getByLabel('Código do aplicativo').fill(totp(secret, enrolStep));
      await enrol.getByRole('button', { name: 'Confirmar' }).click();
      const codes = enrol.getByRole('list', { name: 'Códigos de recuperação' });
      await expect(codes.getByRole('listitem')).toHaveCount(10);
      await enrol.getByLabel('Guardei os códigos em lugar seguro').check();
      await enrol.getByRole('button', { name: 'Concluir' }).click();
      await expect(enrol).toBeHidden();

      // Out, and in again: the password alone is not enough.
      await signOut(page, name);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      const step = page.getByRole('form', { name: 'Verificação em duas etapas' });
      await expect(step).toBeVisible();
      // The enrolment's code cannot be used again (a used code is never replayed).
      await step.getByLabel('Código de verificação').fill(totp(secret, enrolStep));
      await step.getByRole('button', { name: 'Verificar' }).click();
      await expect(step.getByText(/Código inválido/)).toBeVisible();
      // The failure's throttle delay (1 s), then a code of a later step.
      await page.waitForTimeout(2_000);
      const { code } = await freshCode(secret, enrolStep);
      await step.getByLabel('Código de verificação').fill(code);
      await step.getByRole('button', { name: 'Verificar' }).click();
      // Signed in again, back where they signed out (Minha conta).
      await page.waitForURL((url) => url.pathname === '/dashboard/minha-conta', {
        timeout: 30_000,
      });
      await expect(page.getByRole('button', { name: 'Desativar' })).toBeVisible();

      // Their brand's product, renamed in the editor.
      const renamed = `${product.name} (edição da gerente)`;
      await page.goto(`/dashboard/produtos/${product.id}`);
      await page.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill(renamed);
      await page.getByRole('button', { name: /^Salvar/ }).click();
      await expect
        .poll(
          async () =>
            (await staffProducts(adminToken, { brandIds: [brand.id] })).nodes.find(
              (item) => item.id === product.id,
            )?.name,
          { timeout: 20_000 },
        )
        .toBe(renamed);

      // The ADMIN sees both in the audit log: the invitation and the manager's change.
      await admin.goto('/dashboard/auditoria');
      const main = admin.getByRole('main');
      await expect(main.getByRole('link', { name: renamed }).first()).toBeVisible();
      await expect(main.getByText(email).first()).toBeVisible();
      const invited = await graphqlAs<{ auditLog: { nodes: AuditNode[] } }>(
        adminToken,
        AUDIT_QUERY,
        { filter: { entity: 'STAFF', action: 'staff.invite' } },
      );
      expect(invited.data?.auditLog.nodes.some((entry) => entry.entityLabel === email)).toBe(true);
      const saved = await graphqlAs<{ auditLog: { nodes: AuditNode[] } }>(adminToken, AUDIT_QUERY, {
        filter: { entity: 'PRODUCT', entityId: product.id },
      });
      expect(saved.data?.auditLog.nodes.some((entry) => entry.actorEmail === email)).toBe(true);
      const security = await graphqlAs<{ auditLog: { nodes: AuditNode[] } }>(
        adminToken,
        AUDIT_QUERY,
        { filter: { action: 'auth.' } },
      );
      const mine = (security.data?.auditLog.nodes ?? []).filter(
        (entry) => entry.actorEmail === email,
      );
      expect(mine.map((entry) => entry.action)).toContain('auth.login');
    } finally {
      await invitee.close();
      await adminContext.close();
    }
  });

  test("the ADMIN changes the Pix key in Configurações and the next order's BR Code carries it", async ({
    page,
  }) => {
    const key = `pix.${Date.now()}@e2e.test`;
    await page.setViewportSize(DESKTOP);
    await signIn(page, { remember: false });
    await page.goto('/dashboard/configuracoes');
    const field = page.getByLabel('Chave Pix', { exact: true });
    const before = await field.inputValue();
    await field.fill(key);
    // The live preview reads the new key back from the server's BR Code.
    await expect(page.getByText(key).first()).toBeVisible();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByText('Configurações salvas.')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await graphql<{ settings: { pixKey: string } }>('{ settings { pixKey } }')).settings
            .pixKey,
        {
          timeout: 20_000,
        },
      )
      .toBe(key);

    try {
      const pick = pickVariant(await brandProducts(null), { minStock: 2 });
      if (!pick) throw new Error('nothing in stock to buy');
      const quote = await graphql<{ shippingQuote: { methodId: string }[] }>(
        `
          query Quote($postalCode: String!, $items: [CartItemInput!]!) {
            shippingQuote(postalCode: $postalCode, items: $items) {
              methodId
            }
          }
        `,
        { postalCode: '20040020', items: [{ variantId: pick.variant.id, quantity: 1 }] },
      );
      const placed = await graphql<{
        placeOrder: { number: string; pix: { code: string } | null };
      }>(
        `
          mutation Place($input: PlaceOrderInput!) {
            placeOrder(input: $input) {
              number
              pix {
                code
              }
            }
          }
        `,
        {
          input: {
            items: [{ variantId: pick.variant.id, quantity: 1 }],
            customer: {
              name: 'Cliente Pix',
              email: `cliente.pix.${Date.now()}@example.com`,
              cpf: generateCpf(123_456_789),
              phone: '21987654321',
            },
            address: {
              postalCode: '20040020',
              street: 'Avenida Rio Branco',
              number: '1',
              complement: null,
              district: 'Centro',
              city: 'Rio de Janeiro',
              uf: 'RJ',
            },
            shippingMethodId: quote.shippingQuote[0]!.methodId,
            paymentMethod: 'PIX',
            couponCode: null,
            idempotencyKey: `e2e-pix-${Date.now()}`,
          },
        },
      );
      const fields = expectValidBrCode(placed.placeOrder.pix!.code);
      const account = tlvValue(fields, '26');
      expect(account, 'the BR Code has its merchant account').toBeDefined();
      expect(account).toContain(key);
    } finally {
      // The other journeys expect the demo key.
      await graphql(
        'mutation E2eRestorePix($input: SettingsInput!) { settingsUpdate(input: $input) { pixKey } }',
        { input: { pixKey: before } },
      );
    }
  });

  test('the ADMIN creates a coupon in Cupons, the bag applies it, and once deactivated it is refused', async ({
    page,
  }) => {
    const code = `E2E${Date.now()}`;
    await page.setViewportSize(DESKTOP);
    await signIn(page, { remember: false });
    await page.goto('/dashboard/cupons');
    await page
      .getByRole('link', { name: 'Criar cupom' })
      .or(page.getByRole('button', { name: 'Criar cupom' }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/dashboard/cupons/novo');
    await page.getByRole('textbox', { name: 'Código', exact: true }).fill(code);
    await page.getByRole('textbox', { name: /Porcentagem/ }).fill('15');
    await page.getByRole('button', { name: 'Criar cupom' }).click();
    await expect(page.getByText(`Cupom ${code} criado.`)).toBeVisible();

    const pick = pickVariant(await brandProducts(null), { minStock: 1 });
    if (!pick) throw new Error('nothing in stock to price');
    const preview = (couponCode: string) =>
      graphql<{
        cartPreview: {
          subtotalCents: number;
          discountCents: number;
          coupon: { code: string } | null;
          couponError: string | null;
        };
      }>(
        `
          query E2eCouponPreview($items: [CartItemInput!]!, $couponCode: String) {
            cartPreview(items: $items, couponCode: $couponCode) {
              subtotalCents
              discountCents
              coupon {
                code
              }
              couponError
            }
          }
        `,
        { items: [{ variantId: pick.variant.id, quantity: 1 }], couponCode },
      );
    const applied = (await preview(code)).cartPreview;
    expect(applied.coupon?.code).toBe(code);
    expect(applied.couponError).toBeNull();
    expect(applied.discountCents).toBe(Math.round(applied.subtotalCents * 0.15));

    // The list shows it with its usage; deactivating asks first.
    await page.goto('/dashboard/cupons');
    await page.getByRole('link', { name: code }).first().click();
    await page.getByRole('button', { name: 'Desativar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect
      .poll(async () => (await preview(code)).cartPreview.couponError, { timeout: 20_000 })
      .not.toBeNull();
    const refused = (await preview(code)).cartPreview;
    expect(refused.coupon).toBeNull();
    expect(refused.discountCents).toBe(0);
  });

  test('Frete simulates a quote for a CEP and a weight, as the storefront quotes it', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, { remember: false });
    await page.goto('/dashboard/frete');
    await expect(page.getByRole('heading', { level: 1, name: 'Frete' })).toBeVisible();
    const simulator = page
      .getByRole('region', { name: 'Simular frete' })
      .or(page.getByRole('form', { name: 'Simular frete' }));
    await simulator.getByLabel('CEP').fill('01310100');
    await simulator.getByLabel('Peso').fill('500');
    await simulator.getByRole('button', { name: 'Simular' }).click();
    const options = page.getByRole('list', { name: 'Opções de frete' });
    await expect(options.getByRole('listitem').first()).toBeVisible();
    const shown = await options.getByRole('listitem').allInnerTexts();
    // The same quote the API gives staff (the names, cheapest first, as the checkout lists them).
    const token = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
    const quoted = await graphqlAs<{ shippingSimulate: { name: string }[] }>(
      token,
      'query E2eSimulate { shippingSimulate(postalCode: "01310100", weightGrams: 500) { name } }',
    );
    const names = quoted.data?.shippingSimulate.map((option) => option.name) ?? [];
    expect(names.length).toBeGreaterThan(0);
    expect(shown).toHaveLength(names.length);
    names.forEach((name, index) => expect(shown[index]).toContain(name));
    expect(shown.join('\n')).toMatch(/R\$\s?\d|Grátis/);
    // The URL keeps the simulation, so a copied link quotes the same.
    expect(new URL(page.url()).searchParams.get('cep')).toMatch(/01310-?100/);
  });

  test('a customer is anonymised from Clientes, confirmed twice, and their orders show no personal data', async ({
    page,
  }) => {
    const stamp = Date.now();
    const email = `titular.${stamp}@example.com`;
    const name = 'Titular Dos Dados';
    const pick = pickVariant(await brandProducts(null), { minStock: 2 });
    if (!pick) throw new Error('nothing in stock to buy');
    const quote = await graphql<{ shippingQuote: { methodId: string }[] }>(
      `
        query Quote($postalCode: String!, $items: [CartItemInput!]!) {
          shippingQuote(postalCode: $postalCode, items: $items) {
            methodId
          }
        }
      `,
      { postalCode: '20040020', items: [{ variantId: pick.variant.id, quantity: 1 }] },
    );
    const placed = await graphql<{ placeOrder: { number: string } }>(
      `
        mutation Place($input: PlaceOrderInput!) {
          placeOrder(input: $input) {
            number
          }
        }
      `,
      {
        input: {
          items: [{ variantId: pick.variant.id, quantity: 1 }],
          customer: { name, email, cpf: generateCpf(stamp % 999_999_999), phone: '21912345678' },
          address: {
            postalCode: '20040020',
            street: 'Rua do Titular',
            number: '42',
            complement: 'Apto 7',
            district: 'Centro',
            city: 'Rio de Janeiro',
            uf: 'RJ',
          },
          shippingMethodId: quote.shippingQuote[0]!.methodId,
          paymentMethod: 'PIX',
          couponCode: null,
          idempotencyKey: `e2e-lgpd-${stamp}`,
        },
      },
    );

    await page.setViewportSize(DESKTOP);
    await signIn(page, { remember: false });
    await page.goto(`/dashboard/clientes?q=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name }).first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Anonimizar' }).click();
    const explain = page.getByRole('dialog', { name: `Anonimizar ${name}?` });
    await explain.getByRole('button', { name: 'Continuar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirme a anonimização' });
    const go = confirm.getByRole('button', { name: 'Anonimizar definitivamente' });
    await expect(go).toBeDisabled();
    await confirm.getByLabel('E-mail do cliente').fill(email);
    await go.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cliente anonimizado' }),
    ).toBeVisible();

    // The order page shows none of it; the amounts stay.
    const found = await graphql<{
      orders: { nodes: { id: string; number: string; totalCents: number }[] };
    }>(
      `
        query E2eFind($search: String) {
          orders(filter: { search: $search }, first: 5) {
            nodes {
              id
              number
              totalCents
            }
          }
        }
      `,
      { search: placed.placeOrder.number },
    );
    const order = found.orders.nodes.find((node) => node.number === placed.placeOrder.number);
    expect(order, 'the order is still there').toBeDefined();
    expect(order!.totalCents).toBeGreaterThan(0);
    await page.goto(`/dashboard/pedidos/${order!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(placed.placeOrder.number);
    const text = await page.getByRole('main').innerText();
    for (const personal of [email, name, 'Rua do Titular', '21912345678', '(21) 91234-5678']) {
      expect(text, `the order page shows no '${personal}'`).not.toContain(personal);
    }
  });
});
