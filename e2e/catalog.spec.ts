// Issue 14's proof: the catalog's journeys on the real server (demo store, PGlite). A brand
// manager sees and touches only their brands' products, in the dashboard and through the API; an
// admin cuts a product's price in bulk and the storefront shows the new price; a CSV import with
// a bad row previews, applies the good rows and leaves the bad one out; the editor creates a
// product with a size x colour matrix and three photos, and a shopper finds it and buys it.
import { expect, test, type Page } from '@playwright/test';
import {
  formatBRL,
  graphqlAs,
  priceAfterPercent,
  productCsv,
  skuExists,
  photoPng,
  staffAccessToken,
  staffProductBySlug,
  staffProducts,
  type StaffProduct,
} from './support/catalog';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_STAFF_PASSWORD, MANAGER_EMAIL } from './support/env';
import { signIn, storefrontSearch } from './support/session';
import {
  chooseShippingAndPix,
  chooseVariant,
  fillCheckout,
  graphql,
  shopper,
} from './support/storefront';

const DESKTOP = { width: 1366, height: 900 };
/** The demo store's brand manager looks after these two brands (staff.service.ts). */
const MANAGER_BRANDS = ['aurora-textil', 'mandacaru-calcados'];

interface StaffBrand {
  id: string;
  slug: string;
  name: string;
}

async function brandsBySlug(token: string): Promise<Map<string, StaffBrand>> {
  const answer = await graphqlAs<{ staffBrands: StaffBrand[] }>(
    token,
    `query E2eBrands { staffBrands { id slug name } }`,
  );
  if (!answer.data) throw new Error(`staffBrands: ${JSON.stringify(answer.errors)}`);
  return new Map(answer.data.staffBrands.map((brand) => [brand.slug, brand]));
}

/** The products grid, loaded (the signed-in staff member's first page). */
async function openProductsGrid(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navegação do painel' })
    .getByRole('link', { name: 'Produtos' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/produtos/);
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Produtos' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** Types a search in the grid's toolbar and sends it at once (Enter). */
async function searchGrid(page: Page, text: string): Promise<void> {
  const search = page
    .getByRole('search', { name: 'Filtrar produtos' })
    .getByRole('searchbox', { name: 'Buscar por nome, SKU ou GTIN' });
  await search.fill(text);
  await search.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`),
  );
}

/** The grid's row of a product, by its link (the product's name). */
function gridRow(page: Page, name: string) {
  return page
    .getByRole('grid', { name: 'Produtos' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The product's editable input, as productSave takes it, with a few changes. */
function saveInput(product: StaffProduct, patch: Record<string, unknown>) {
  return {
    slug: product.slug,
    name: product.name,
    description: product.description,
    brandId: product.brand.id,
    categoryId: product.category.id,
    published: product.published,
    featured: product.featured,
    images: product.images.map((image) => ({ id: image.id, alt: image.alt })),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      size: variant.size,
      color: variant.color,
      priceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
    })),
    ...patch,
  };
}

test.describe('Catalog: the staff journeys', () => {
  // Builds, two browsers and a background import on a shared 2-core machine.
  test.describe.configure({ timeout: 240_000 });

  test("a brand manager cannot see or touch another brand's product, in the grid or through the API", async ({
    browser,
  }) => {
    const adminToken = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
    const brands = await brandsBySlug(adminToken);
    const managerBrandIds = MANAGER_BRANDS.map((slug) => brands.get(slug)!.id);
    const ipe = brands.get('ipe-amarelo');
    expect(ipe, "the demo store has the brand 'ipe-amarelo'").toBeDefined();

    // The manager's brands and another brand's product whose name none of theirs shares.
    const managed = await staffProducts(adminToken, { brandIds: managerBrandIds });
    expect(managed.totalCount).toBeGreaterThan(0);
    const managedNames = new Set(managed.nodes.map((product) => product.name));
    const others = await staffProducts(adminToken, { brandIds: [ipe!.id] });
    const other = others.nodes.find((product) => !managedNames.has(product.name));
    if (!other) throw new Error("no product of 'ipe-amarelo' with a name of its own");

    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, { remember: false, email: MANAGER_EMAIL, password: DEMO_STAFF_PASSWORD });
      await openProductsGrid(page);
      // The grid counts exactly their brands' products.
      await expect(page.getByText(new RegExp(`^1–\\d+ de ${managed.totalCount}$`))).toBeVisible();
      // The brand filter offers their brands only.
      await page
        .getByRole('search', { name: 'Filtrar produtos' })
        .getByRole('combobox', { name: 'Marca' })
        .click();
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options).toHaveText(
        ['Todas', ...MANAGER_BRANDS.map((slug) => brands.get(slug)!.name)].map(
          (name) => new RegExp(`^${name}`),
        ),
        { useInnerText: true },
      );
      await page.keyboard.press('Escape');

      // Another brand's product, searched by its name: none found.
      await searchGrid(page, other.name);
      await expect(
        page.getByRole('heading', { name: 'Nenhum produto com estes filtros' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: other.name, exact: true })).toHaveCount(0);

      // Its editor, by address: not found, nothing to save.
      await page.goto(`/dashboard/produtos/${other.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Produto não encontrado' }),
      ).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText(other.name);
      await expect(page.getByRole('button', { name: /^Salvar/ })).toHaveCount(0);
    } finally {
      await context.close();
    }

    // The API refuses the manager every change to it.
    const managerToken = await staffAccessToken(MANAGER_EMAIL, DEMO_STAFF_PASSWORD);
    const variant = other.variants[0]!;
    const refusals = [
      await graphqlAs(
        managerToken,
        `mutation E2eSave($id: ID, $expectedVersion: Int, $input: ProductSaveInput!) {
          productSave(id: $id, expectedVersion: $expectedVersion, input: $input) { id version }
        }`,
        {
          id: other.id,
          expectedVersion: other.version,
          input: saveInput(other, { name: `${other.name} (alterado)` }),
        },
      ),
      await graphqlAs(
        managerToken,
        `mutation E2ePrice($id: ID!, $priceCents: Int!) {
          variantPriceSet(id: $id, priceCents: $priceCents) { id priceCents }
        }`,
        { id: variant.id, priceCents: variant.priceCents + 1000 },
      ),
      await graphqlAs(
        managerToken,
        `mutation E2eBulk($input: ProductBulkInput!) {
          productsBulk(input: $input) { count }
        }`,
        {
          input: {
            action: other.published ? 'UNPUBLISH' : 'PUBLISH',
            ids: [other.id],
            expectedCount: 1,
          },
        },
      ),
    ];
    for (const [index, answer] of refusals.entries()) {
      const what = ['productSave', 'variantPriceSet', 'productsBulk'][index];
      expect(answer.data ?? null, `${what} answers no data`).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code, `${what} is refused`).toMatch(
        /^(FORBIDDEN|NOT_FOUND)$/,
      );
    }

    // The product did not change.
    const after = await staffProductBySlug(adminToken, other.slug);
    expect(after).toEqual(other);
    // The manager does not see it either.
    expect(await staffProductBySlug(managerToken, other.slug)).toBeNull();
  });

  test("bulk price change: an admin cuts a product's prices by 10 % rounded to ,90; the grid and the storefront show the new price", async ({
    browser,
  }) => {
    const adminToken = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
    // A published product of the storefront with one price for every variant, none on sale, and a
    // name no other product has.
    const { products } = await graphql<{
      products: {
        nodes: {
          slug: string;
          name: string;
          minPriceCents: number;
          maxPriceCents: number;
          variants: { compareAtPriceCents: number | null }[];
        }[];
      };
    }>(`
      query E2ePublic {
        products(first: 100) {
          nodes {
            slug
            name
            minPriceCents
            maxPriceCents
            variants {
              compareAtPriceCents
            }
          }
        }
      }
    `);
    const all = await staffProducts(adminToken, {});
    const nameCount = new Map<string, number>();
    for (const product of all.nodes) {
      nameCount.set(product.name, (nameCount.get(product.name) ?? 0) + 1);
    }
    const chosen = products.nodes.find(
      (product) =>
        product.minPriceCents === product.maxPriceCents &&
        product.minPriceCents >= 2000 &&
        product.variants.every((variant) => variant.compareAtPriceCents === null) &&
        nameCount.get(product.name) === 1,
    );
    if (!chosen) throw new Error('no published product with a single price and a unique name');
    const before = (await staffProductBySlug(adminToken, chosen.slug))!;
    expect(before.published).toBe(true);
    const oldCents = chosen.minPriceCents;
    const newCents = priceAfterPercent(oldCents, -10, true);
    expect(newCents).toBeLessThan(oldCents);
    expect(newCents % 100).toBe(90);

    const staffContext = await browser.newContext({ viewport: DESKTOP });
    const shopperContext = await browser.newContext();
    try {
      const page = await staffContext.newPage();
      await signIn(page, { remember: false, email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      await openProductsGrid(page);
      await searchGrid(page, chosen.name);
      const row = gridRow(page, chosen.name);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(formatBRL(oldCents));
      await row.getByRole('checkbox').check();

      const actions = page.getByRole('region', { name: 'Ações dos selecionados' });
      await expect(actions).toContainText('1 produto selecionado');
      await actions.getByRole('button', { name: 'Ações em massa' }).click();
      await page.getByRole('menuitem', { name: 'Alterar preços…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Alterar os preços de 1 produto?' });
      await expect(dialog.getByRole('button', { name: 'Reduzir' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(dialog.getByRole('button', { name: 'Percentual' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await dialog.getByRole('textbox', { name: 'Percentual (%)' }).fill('10');
      await dialog.getByRole('checkbox', { name: 'Arredondar para ,90 (R$ 129,90)' }).check();
      // The preview: this product, old -> new.
      const preview = dialog.getByRole('table', { name: 'Prévia dos novos preços' });
      await expect(preview.getByRole('row').filter({ hasText: chosen.name })).toContainText(
        formatBRL(newCents),
      );
      await dialog.getByRole('button', { name: 'Alterar 1 produto' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: /Preços? de/ })).toBeVisible();

      // The grid shows the new price.
      await expect(row).toContainText(formatBRL(newCents));
      await expect(row).not.toContainText(formatBRL(oldCents));

      // The server has it, on every variant.
      const after = (await staffProductBySlug(adminToken, chosen.slug))!;
      expect(after.variants.map((variant) => variant.priceCents)).toEqual(
        before.variants.map(() => newCents),
      );
      expect(after.version).toBeGreaterThan(before.version);

      // A shopper's product page shows it.
      const shopper = await shopperContext.newPage();
      await shopper.goto(`/produto/${chosen.slug}`);
      await expect(shopper.getByRole('heading', { level: 1, name: chosen.name })).toBeVisible();
      await expect(shopper.getByRole('main')).toContainText(formatBRL(newCents));
      await expect(shopper.getByRole('main')).not.toContainText(formatBRL(oldCents));
    } finally {
      await staffContext.close();
      await shopperContext.close();
    }
  });

  test('CSV import with a bad row: the preview shows 2 to create and 1 refused with its line and reason; applied, the two drafts are in the grid and the refused SKU is not', async ({
    browser,
  }) => {
    const adminToken = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
    const stamp = Date.now();
    const common = {
      Categoria: 'Roupas > Camisetas',
      Descrição: 'Camiseta de algodão, importada pela planilha.',
      Publicado: 'não',
      Destaque: 'não',
      Tamanho: 'M',
      Cor: 'Preto',
      Preço: '79,90',
      Estoque: '5',
      'Peso (g)': '200',
      'Comprimento (cm)': '30',
      'Largura (cm)': '25',
      'Altura (cm)': '3',
    };
    const rows = [
      {
        ...common,
        'Identificador URL': `e2e-importada-a-${stamp}`,
        Nome: `Camiseta Importada A ${stamp}`,
        Marca: 'aurora-textil',
        SKU: `E2E-IMP-A-${stamp}`,
      },
      {
        ...common,
        'Identificador URL': `e2e-importada-b-${stamp}`,
        Nome: `Camiseta Importada B ${stamp}`,
        Marca: 'aurora-textil',
        SKU: `E2E-IMP-B-${stamp}`,
      },
      {
        ...common,
        'Identificador URL': `e2e-importada-c-${stamp}`,
        Nome: `Camiseta Importada C ${stamp}`,
        Marca: 'marca-inexistente',
        SKU: `E2E-IMP-C-${stamp}`,
      },
    ];
    const fileName = `produtos-${stamp}.csv`;

    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await signIn(page, { remember: false, email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      await openProductsGrid(page);
      await page.getByRole('link', { name: 'Importar CSV' }).click();
      await expect(page).toHaveURL(/\/dashboard\/produtos\/importar/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Importar produtos' }),
      ).toBeVisible();

      await page.getByLabel('Arquivo CSV').setInputFiles({
        name: fileName,
        mimeType: 'text/csv',
        buffer: Buffer.from(productCsv(rows), 'utf8'),
      });

      // The preview: 2 to create, 1 refused, with its line (the header is line 1) and reason.
      await expect(page).toHaveURL(/[?&]importacao=/);
      await expect(page.getByRole('heading', { level: 2, name: fileName })).toBeVisible();
      await expect(page.getByText('Prévia pronta', { exact: true })).toBeVisible();
      const tabs = page.getByRole('tablist', { name: 'Linhas por resultado' });
      await expect(tabs.getByRole('tab', { name: 'Todas (3)' })).toBeVisible();
      await expect(tabs.getByRole('tab', { name: 'A criar (2)' })).toBeVisible();
      await expect(tabs.getByRole('tab', { name: 'A atualizar (0)' })).toBeVisible();
      await expect(tabs.getByRole('tab', { name: 'Recusadas (1)' })).toBeVisible();
      await tabs.getByRole('tab', { name: 'Recusadas (1)' }).click();
      const table = page.getByRole('table', { name: 'Linhas' });
      await expect(table.getByRole('row')).toHaveCount(2);
      const refused = table.getByRole('row').nth(1);
      await expect(refused.getByRole('cell')).toHaveText([
        '4',
        `E2E-IMP-C-${stamp}`,
        'Recusada',
        'Marca desconhecida: "marca-inexistente"',
      ]);

      // Nothing is in the catalog before it is applied.
      expect(await skuExists(adminToken, `E2E-IMP-A-${stamp}`)).toBe(false);

      await page.getByRole('button', { name: 'Aplicar importação' }).click();
      const confirm = page.getByRole('dialog', { name: 'Aplicar a importação?' });
      await expect(confirm).toContainText('2 variações serão criadas');
      await expect(confirm).toContainText('1 linha recusada fica de fora');
      await confirm.getByRole('button', { name: 'Aplicar importação' }).click();
      await expect(confirm).toBeHidden();

      // Applied in the background; the page follows it to the end.
      await expect(page.getByText('Aplicada', { exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('alert').filter({ hasText: 'Importação aplicada' })).toHaveText(
        /Importação aplicada: 2 variações criadas e 0 atualizadas\. 1 linha recusada ficou de fora\./,
      );

      // The two new products are in the grid, as drafts.
      await openProductsGrid(page);
      await searchGrid(page, `e2e-importada`);
      for (const row of rows.slice(0, 2)) {
        const line = gridRow(page, row.Nome);
        await expect(line).toHaveCount(1);
        await expect(line).toContainText('Rascunho');
        await expect(line).toContainText('R$ 79,90');
      }
      await expect(page.getByRole('link', { name: rows[2]!.Nome, exact: true })).toHaveCount(0);
    } finally {
      await context.close();
    }

    // Through the API: the two were created as written; the refused row's SKU does not exist.
    for (const row of rows.slice(0, 2)) {
      const product = await staffProductBySlug(adminToken, row['Identificador URL']);
      expect(product, `${row['Identificador URL']} was created`).not.toBeNull();
      expect(product!.name).toBe(row.Nome);
      expect(product!.published).toBe(false);
      expect(product!.brand.slug).toBe('aurora-textil');
      expect(product!.variants).toEqual([
        expect.objectContaining({
          sku: row.SKU,
          size: 'M',
          color: 'Preto',
          priceCents: 7990,
          stock: 5,
        }),
      ]);
    }
    expect(await skuExists(adminToken, `E2E-IMP-C-${stamp}`)).toBe(false);
    expect(await staffProductBySlug(adminToken, `e2e-importada-c-${stamp}`)).toBeNull();
  });
  test('the editor creates a product with two sizes, two colours and three photos and publishes it; a shopper finds it and buys it with Pix', async ({
    browser,
  }) => {
    const adminToken = await staffAccessToken(ADMIN_EMAIL, ADMIN_PASSWORD);
    const brands = await brandsBySlug(adminToken);
    const brand = brands.get('aurora-textil')!;
    const stamp = Date.now();
    const name = `Camiseta Ensaio ${stamp}`;
    const slug = `camiseta-ensaio-${stamp}`;
    const photos = (
      [
        [30, 60, 120],
        [150, 40, 40],
        [40, 120, 60],
      ] as const
    ).map((rgb, index) => ({
      name: `foto-${index + 1}.png`,
      mimeType: 'image/png',
      buffer: photoPng(480, 600, [...rgb]),
    }));

    const staffContext = await browser.newContext({ viewport: DESKTOP });
    const shopperContext = await browser.newContext();
    try {
      const page = await staffContext.newPage();
      await signIn(page, { remember: false, email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      await openProductsGrid(page);
      await page.getByRole('link', { name: 'Novo produto' }).click();
      await expect(page).toHaveURL(/\/dashboard\/produtos\/novo/);
      await expect(page.getByRole('heading', { level: 1, name: 'Novo produto' })).toBeVisible();

      // Main data: name (the address follows it), brand, category, published.
      const data = page.getByRole('region', { name: 'Dados do produto' });
      await data.getByRole('textbox', { name: /^Nome/ }).fill(name);
      await expect(data.getByRole('textbox', { name: 'Endereço (slug)' })).toHaveValue(slug);
      await data.getByRole('combobox', { name: /^Marca/ }).click();
      await page.getByRole('option', { name: brand.name, exact: true }).click();
      await data.getByRole('combobox', { name: /^Categoria/ }).click();
      await page.getByRole('option', { name: 'Camisetas', exact: true }).click();
      // A new product is a draft until the switch says otherwise.
      const status = page.getByTestId('situacao-do-produto');
      await expect(status).toHaveText('Novo — será salvo como rascunho');
      await data.getByRole('switch', { name: 'Rascunho — não aparece no site' }).check();
      await expect(data.getByRole('switch', { name: 'Publicado no site' })).toBeChecked();
      await expect(status).toHaveText('Novo — será publicado ao salvar');
      await page
        .getByRole('region', { name: 'Descrição' })
        .getByRole('textbox', { name: 'Descrição' })
        .fill('Malha leve de algodão.\n\n- Gola careca\n- Costura dupla');

      // Three photos at once; each uploads and can then be described.
      const photosRegion = page.getByRole('region', { name: 'Fotos' });
      await photosRegion.getByLabel('Escolher fotos').setInputFiles(photos);
      const photoList = photosRegion.getByRole('list', { name: 'Fotos do produto' });
      await expect(photoList.getByRole('listitem')).toHaveCount(3);
      await expect(photoList.getByRole('textbox', { name: 'Texto alternativo' })).toHaveCount(3);
      await expect(photoList.getByRole('progressbar')).toHaveCount(0);

      // Two sizes and two colours make four variants.
      const variantsRegion = page.getByRole('region', { name: 'Variações' });
      const sizes = variantsRegion.getByRole('combobox', { name: 'Tamanhos' });
      for (const size of ['P', 'G']) {
        await sizes.fill(size);
        await sizes.press('Enter');
      }
      const colors = variantsRegion.getByRole('combobox', { name: 'Cores' });
      for (const color of ['Preto', 'Branco']) {
        await colors.fill(color);
        await colors.press('Enter');
      }
      const variantItems = variantsRegion
        .getByRole('list', { name: 'Variações' })
        .getByRole('listitem');
      await expect(variantItems).toHaveCount(4);
      for (const item of await variantItems.all()) {
        await item.getByRole('textbox', { name: 'Preço', exact: true }).fill('89,90');
        await item.getByRole('textbox', { name: 'Estoque', exact: true }).fill('10');
        await item.getByRole('textbox', { name: 'Peso', exact: true }).fill('250');
        await item.getByRole('textbox', { name: 'Comprimento', exact: true }).fill('30');
        await item.getByRole('textbox', { name: 'Largura', exact: true }).fill('25');
        await item.getByRole('textbox', { name: 'Altura', exact: true }).fill('3');
      }

      await page.getByRole('button', { name: 'Salvar e publicar' }).click();
      await expect(page).toHaveURL(/\/dashboard\/produtos\/(?!novo)[^/?]+/);
      await expect(page.getByRole('heading', { level: 1, name: `Editar ${name}` })).toBeVisible();
      await expect(page.getByText('Tudo salvo', { exact: true })).toBeVisible();
      await expect(status).toHaveText('Publicado no site');

      // Saved as typed: published, three photos in order, four variants of 10 units.
      const saved = await staffProductBySlug(adminToken, slug);
      expect(saved, 'the product was saved').not.toBeNull();
      expect(saved!.published).toBe(true);
      expect(saved!.brand.slug).toBe('aurora-textil');
      expect(saved!.images).toHaveLength(3);
      expect(saved!.variants.map((variant) => `${variant.size}/${variant.color}`).sort()).toEqual([
        'G/Branco',
        'G/Preto',
        'P/Branco',
        'P/Preto',
      ]);
      expect(saved!.variants.every((variant) => variant.priceCents === 8990)).toBe(true);
      expect(saved!.variants.every((variant) => variant.stock === 10)).toBe(true);
      const bought = saved!.variants.find(
        (variant) => variant.size === 'G' && variant.color === 'Branco',
      )!;

      // A shopper finds it by its name and buys a G Branco with Pix.
      const buyer = await shopperContext.newPage();
      await buyer.goto('/');
      await storefrontSearch(buyer).fill(name);
      await buyer.getByRole('button', { name: 'Buscar', exact: true }).click();
      await expect(buyer).toHaveURL(/\/busca\?q=/);
      await buyer.getByRole('main').getByRole('link', { name, exact: true }).first().click();
      await expect(buyer).toHaveURL(new RegExp(`/produto/${slug}$`));
      await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(buyer.getByRole('main')).toContainText('R$ 89,90');
      // The gallery has the three photos.
      await expect(
        buyer.getByRole('main').getByRole('button', { name: /^Ver imagem \d de 3$/ }),
      ).toHaveCount(3);
      await chooseVariant(buyer, {
        id: bought.id,
        sku: bought.sku,
        size: bought.size,
        color: bought.color,
        stock: bought.stock,
        available: true,
      });
      await buyer.getByRole('button', { name: 'Adicionar à sacola' }).click();
      const drawer = buyer.getByRole('dialog', { name: /Minha sacola/ });
      await expect(drawer.getByText(name)).toBeVisible();
      await drawer.getByRole('link', { name: 'Ver sacola completa' }).click();
      await expect(buyer).toHaveURL(/\/carrinho$/);
      await buyer.getByRole('link', { name: 'Finalizar compra' }).click();
      await expect(buyer).toHaveURL(/\/checkout$/);
      await fillCheckout(buyer, shopper('catalogo'));
      await chooseShippingAndPix(buyer, 'PAC');
      await expect(buyer.getByRole('list', { name: 'Itens do pedido' })).toContainText(name);
      const finish = buyer.getByRole('button', { name: 'Finalizar pedido' });
      await expect(finish).toBeEnabled();
      await finish.click();
      await expect(buyer).toHaveURL(/\/pedido\/confirmado\/[^/]+$/);
      await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(
        'Ana, recebemos seu pedido!',
      );
      await expect(
        buyer.getByRole('region', { name: 'Pagamento por Pix' }).getByLabel('Pix copia e cola'),
      ).not.toHaveValue('');

      // The order took its unit from the variant bought, and only from it.
      const after = (await staffProductBySlug(adminToken, slug))!;
      for (const variant of after.variants) {
        expect(variant.stock, `${variant.sku}`).toBe(variant.id === bought.id ? 9 : 10);
      }
    } finally {
      await staffContext.close();
      await shopperContext.close();
    }
  });
});
