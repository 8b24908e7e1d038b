// The head and status the server gives each storefront page, for link previews and crawlers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { insertBrand, insertCategory, insertProduct } from '../catalog/catalog.fixtures';
import { renderPageHead, resolvePageHead } from './seo.page';

const PUBLIC_URL = 'https://loja.vitrine.test';
const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="Genérica" />' +
  '<title>Vitrine</title></head><body><div id="root"></div></body></html>';
let ctx: TestContext;
let storeName: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL } });
  const brand = await insertBrand(ctx.db, {
    slug: 'aurora',
    name: 'Aurora',
    description: 'Moda leve feita no Brasil.',
  });
  const category = await insertCategory(ctx.db, { slug: 'vestidos', name: 'Vestidos' });
  await insertProduct(ctx.db, {
    slug: 'vestido-linho',
    name: 'Vestido de linho "Brisa" <midi>',
    description: 'Vestido midi de linho puro, leve e fresco para o verão brasileiro.',
    brandId: brand.id,
    categoryId: category.id,
    imageCount: 2,
    variants: [{ sku: 'SKU-1', priceCents: 19990 }],
  });
  await insertProduct(ctx.db, {
    slug: 'rascunho',
    name: 'Rascunho',
    brandId: brand.id,
    categoryId: category.id,
    published: false,
    variants: [{ sku: 'SKU-2', priceCents: 9990 }],
  });
  storeName = (await resolvePageHead(ctx.db, '/')).title.split(':')[0]!;
});

afterAll(async () => {
  await ctx?.close();
});

describe('resolvePageHead', () => {
  it('gives a product page its name, brand, summary, canonical URL and first picture', async () => {
    const head = await resolvePageHead(ctx.db, '/produto/vestido-linho');
    expect(head).toMatchObject({
      status: 200,
      title: `Vestido de linho "Brisa" <midi> Aurora | ${storeName}`,
      description: 'Vestido midi de linho puro, leve e fresco para o verão brasileiro.',
      canonicalPath: '/produto/vestido-linho',
      type: 'product',
      imagePath: '/media/vestido-linho-0-640.webp',
      noIndex: false,
    });
  });

  it('answers 404 for an unpublished or unknown product, brand or category, and for unknown pages', async () => {
    for (const path of [
      '/produto/rascunho',
      '/produto/nao-existe',
      '/marcas/nao-existe',
      '/categoria/nao-existe',
      '/pagina-que-nao-existe',
      '/produto/%E0%A4%A',
    ]) {
      const head = await resolvePageHead(ctx.db, path);
      expect(head, path).toMatchObject({ status: 404, noIndex: true, canonicalPath: null });
    }
  });

  it('gives brand and category pages their own title and description', async () => {
    expect(await resolvePageHead(ctx.db, '/marcas/aurora')).toMatchObject({
      status: 200,
      title: `Aurora | ${storeName}`,
      description: 'Moda leve feita no Brasil.',
      canonicalPath: '/marcas/aurora',
    });
    expect(await resolvePageHead(ctx.db, '/categoria/vestidos')).toMatchObject({
      status: 200,
      title: `Vestidos | ${storeName}`,
      canonicalPath: '/categoria/vestidos',
    });
  });

  it('serves private pages (cart, checkout, orders, search, dashboard) unindexed', async () => {
    for (const path of ['/carrinho', '/checkout', '/pedido', '/busca', '/dashboard/login']) {
      expect(await resolvePageHead(ctx.db, path), path).toMatchObject({
        status: 200,
        noIndex: true,
        canonicalPath: null,
      });
    }
  });
});

describe('renderPageHead', () => {
  it('writes the title and Open Graph tags, escaped, with absolute URLs, replacing the generic description', async () => {
    const head = await resolvePageHead(ctx.db, '/produto/vestido-linho');
    const html = renderPageHead(TEMPLATE, head, PUBLIC_URL);
    expect(html).toContain(
      `<title>Vestido de linho &quot;Brisa&quot; &lt;midi&gt; Aurora | ${storeName}</title>`,
    );
    expect(html).not.toContain('Genérica');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/produto/vestido-linho" />`);
    expect(html).toContain(
      `<meta property="og:url" content="${PUBLIC_URL}/produto/vestido-linho" />`,
    );
    expect(html).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/media/vestido-linho-0-640.webp" />`,
    );
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).not.toContain('name="robots"');
  });

  it('marks a missing page noindex and gives it no canonical', async () => {
    const html = renderPageHead(
      TEMPLATE,
      await resolvePageHead(ctx.db, '/produto/nao-existe'),
      PUBLIC_URL,
    );
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain(`<title>Página não encontrada | ${storeName}</title>`);
    expect(html).not.toContain('rel="canonical"');
  });
});
