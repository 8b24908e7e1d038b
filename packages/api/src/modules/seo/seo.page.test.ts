// The head and status the server gives each storefront page, for link previews and crawlers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { insertBrand, insertCategory, insertProduct } from '../catalog/catalog.fixtures';
import { brands } from '../catalog/catalog.tables';
import { renderPageHead, resolvePageHead } from './seo.page';

const PUBLIC_URL = 'https://loja.vitrine.test';
const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="Genérica" />' +
  '<title>Vitrine</title></head><body><div id="root"></div></body></html>';
let ctx: TestContext;
let storeName: string;
/** The app served from a built index.html, as in production (plugins/static-app.ts). */
let served: FastifyInstance;
let dist: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL } });
  const brand = await insertBrand(ctx.db, {
    slug: 'aurora',
    name: 'Aurora',
    description: 'Moda leve feita no Brasil.',
  });
  await ctx.db
    .update(brands)
    .set({ logoUrl: '/media/aurora-logo.webp' })
    .where(eq(brands.id, brand.id));
  const clothes = await insertCategory(ctx.db, { slug: 'roupas', name: 'Roupas' });
  const category = await insertCategory(ctx.db, {
    slug: 'vestidos',
    name: 'Vestidos',
    parentId: clothes.id,
  });
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
  await insertProduct(ctx.db, {
    slug: 'saia-esgotada',
    name: 'Saia esgotada',
    brandId: brand.id,
    categoryId: category.id,
    createdMinute: 5,
    variants: [
      { sku: 'SAIA-P', priceCents: 12990, stock: 0 },
      { sku: 'SAIA-G', priceCents: 14990, stock: 0 },
    ],
  });
  storeName = (await resolvePageHead(ctx.db, '/')).title.split(':')[0]!;

  dist = await mkdtemp(path.join(os.tmpdir(), 'vitrine-seo-dist-'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  served = buildApp({
    config: { ...ctx.config, appDist: dist },
    db: ctx.db,
    serveApp: true,
    logger: false,
    mailRetryIntervalMs: 0,
  });
  await served.ready();
});

afterAll(async () => {
  await served?.close();
  await ctx?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

interface Ld {
  '@type': string;
  [key: string]: unknown;
}

/** The page as a browser or crawler gets it, and the JSON-LD objects in its head. */
async function getPage(url: string) {
  const response = await served.inject({ method: 'GET', url });
  const html = response.body;
  const scripts = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((match) => match[1]!);
  const jsonLd = scripts.map((text) => JSON.parse(text) as Ld);
  const ofType = (type: string) => jsonLd.find((data) => data['@type'] === type);
  return { response, html, scripts, jsonLd, ofType };
}

/** Every ListItem but the last has the URL of its page (schema.org BreadcrumbList). */
function crumbs(list: Ld | undefined) {
  const items = (list?.itemListElement ?? []) as { name: string; item?: string }[];
  for (const item of items.slice(0, -1)) expect(item.item, item.name).toBeTruthy();
  return items.map((item) => [item.name, item.item ?? null]);
}

describe('resolvePageHead', () => {
  it('gives a product page its name, brand, summary, canonical URL and first picture', async () => {
    const head = await resolvePageHead(ctx.db, '/produto/vestido-linho');
    expect(head).toMatchObject({
      status: 200,
      title: `Vestido de linho "Brisa" <midi> — Aurora | ${storeName}`,
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

  it('names the store once: an SEO title that already carries it, and the home, get no second suffix', async () => {
    await insertBrand(ctx.db, {
      slug: 'garoa-urbana',
      name: 'Garoa Urbana',
      description: 'Streetwear paulistano.',
    });
    await ctx.db
      .update(brands)
      .set({ seoTitle: `Garoa Urbana | ${storeName}` })
      .where(eq(brands.slug, 'garoa-urbana'));
    expect((await resolvePageHead(ctx.db, '/marcas/garoa-urbana')).title).toBe(
      `Garoa Urbana | ${storeName}`,
    );
    const home = (await resolvePageHead(ctx.db, '/')).title;
    expect(home.startsWith(`${storeName}: `)).toBe(true);
    expect(home).not.toContain(` | ${storeName}`);
  });

  it('gives the pages of mailed links and the password pages their own titles, unindexed', async () => {
    const cases: [string, string][] = [
      ['/avise-me/confirmar', 'Confirmar aviso'],
      ['/convite', 'Convite para a equipe'],
      ['/senha/recuperar', 'Recuperar senha'],
      ['/senha/redefinir/', 'Redefinir senha'],
      ['/dashboard/login', 'Entrar no painel'],
      ['/pedido/confirmado/VT-10023', 'Pedido VT-10023'],
      // A number that is no order number is not echoed into the title.
      ['/pedido/confirmado/Ligue%20para%200800', 'Pedido'],
      ['/dashboard/pedidos/abc/declaracao', 'Painel'],
    ];
    for (const [path, title] of cases) {
      expect(await resolvePageHead(ctx.db, path), path).toMatchObject({
        status: 200,
        title: `${title} | ${storeName}`,
        noIndex: true,
        canonicalPath: null,
      });
    }
  });

  it('answers 404 for a path below a known page that the app does not route', async () => {
    for (const path of [
      '/senha',
      '/senha/outra',
      '/avise-me',
      '/pedido/confirmado',
      '/carrinho/x',
      '/dashboard/nao-existe',
      '/dashboard/pedidos/a/b/c',
    ]) {
      expect(await resolvePageHead(ctx.db, path), path).toMatchObject({ status: 404 });
    }
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
      `<title>Vestido de linho &quot;Brisa&quot; &lt;midi&gt; — Aurora | ${storeName}</title>`,
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

describe('server-rendered JSON-LD and preview images', () => {
  it('describes a product page as a Product with its BRL offer and its breadcrumbs', async () => {
    const page = await getPage('/produto/vestido-linho');
    expect(page.response.statusCode).toBe(200);
    expect(page.jsonLd.map((data) => data['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(page.ofType('Product')).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Vestido de linho "Brisa" <midi>',
      url: `${PUBLIC_URL}/produto/vestido-linho`,
      sku: 'SKU-1',
      brand: { '@type': 'Brand', name: 'Aurora' },
      image: [
        `${PUBLIC_URL}/media/vestido-linho-0-640.webp`,
        `${PUBLIC_URL}/media/vestido-linho-1-640.webp`,
      ],
      offers: {
        '@type': 'Offer',
        priceCurrency: 'BRL',
        price: '199.90',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(crumbs(page.ofType('BreadcrumbList'))).toEqual([
      ['Início', `${PUBLIC_URL}/`],
      ['Roupas', `${PUBLIC_URL}/categoria/roupas`],
      ['Vestidos', `${PUBLIC_URL}/categoria/vestidos`],
      ['Vestido de linho "Brisa" <midi>', null],
    ]);
  });

  it("escapes '<' so no name can close the script element", async () => {
    const page = await getPage('/produto/vestido-linho');
    for (const script of page.scripts) expect(script).not.toContain('<');
    expect(page.scripts[0]).toContain('\\u003cmidi>');
  });

  it('says a sold-out product with several prices is out of stock, from the lowest to the highest', async () => {
    const page = await getPage('/produto/saia-esgotada');
    expect(page.ofType('Product')).toMatchObject({
      sku: 'SAIA-P',
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'BRL',
        lowPrice: '129.90',
        highPrice: '149.90',
        availability: 'https://schema.org/OutOfStock',
      },
    });
  });

  it("gives a brand page its logo as preview and breadcrumbs whose 'Marcas' links to the home's brands", async () => {
    const page = await getPage('/marcas/aurora');
    expect(page.html).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/media/aurora-logo.webp" />`,
    );
    expect(page.jsonLd.map((data) => data['@type'])).toEqual(['BreadcrumbList']);
    expect(crumbs(page.ofType('BreadcrumbList'))).toEqual([
      ['Início', `${PUBLIC_URL}/`],
      ['Marcas', `${PUBLIC_URL}/#marcas`],
      ['Aurora', null],
    ]);
  });

  it('gives a category page its breadcrumbs, the parent categories included', async () => {
    const page = await getPage('/categoria/vestidos');
    expect(crumbs(page.ofType('BreadcrumbList'))).toEqual([
      ['Início', `${PUBLIC_URL}/`],
      ['Roupas', `${PUBLIC_URL}/categoria/roupas`],
      ['Vestidos', `${PUBLIC_URL}/categoria/vestidos`],
    ]);
  });

  it('gives the home a preview picture and no JSON-LD; private and missing pages get none either', async () => {
    const home = await getPage('/');
    expect(home.html).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/media/vestido-linho-0-640.webp" />`,
    );
    expect(home.jsonLd).toEqual([]);
    for (const url of ['/carrinho', '/produto/nao-existe', '/busca?q=vestido']) {
      expect((await getPage(url)).jsonLd, url).toEqual([]);
    }
  });
});
