// GET /robots.txt and GET /sitemap.xml: what crawlers are allowed and which pages they are told of.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { insertBrand, insertCategory, insertProduct } from '../catalog/catalog.fixtures';
import { escapeXml } from './seo.service';

const PUBLIC_URL = 'https://loja.vitrine.test';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL } });
  const brand = await insertBrand(ctx.db, { slug: 'aurora', name: 'Aurora' });
  const category = await insertCategory(ctx.db, { slug: 'vestidos', name: 'Vestidos' });
  const variant = { sku: 'SKU-1', priceCents: 19990 };
  await insertProduct(ctx.db, {
    slug: 'vestido-linho',
    name: 'Vestido de linho',
    brandId: brand.id,
    categoryId: category.id,
    createdMinute: 30,
    variants: [variant],
  });
  await insertProduct(ctx.db, {
    slug: 'rascunho-secreto',
    name: 'Rascunho',
    brandId: brand.id,
    categoryId: category.id,
    published: false,
    variants: [{ ...variant, sku: 'SKU-2' }],
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /robots.txt', () => {
  it('allows the storefront, keeps crawlers out of private pages and names the sitemap', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/dashboard', '/checkout', '/carrinho', '/pedido']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  async function sitemap() {
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    return response;
  }

  function locs(body: string): string[] {
    return [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
  }

  it('is XML, cached for five minutes', async () => {
    const response = await sitemap();
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
  });

  it('lists home, brands, categories, published products and the institutional pages', async () => {
    const { body } = await sitemap();
    expect(locs(body)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/marcas/aurora`,
      `${PUBLIC_URL}/categoria/vestidos`,
      `${PUBLIC_URL}/produto/vestido-linho`,
      `${PUBLIC_URL}/contato`,
      `${PUBLIC_URL}/trocas-e-devolucoes`,
      `${PUBLIC_URL}/privacidade`,
    ]);
  });

  it('leaves unpublished products out', async () => {
    const { body } = await sitemap();
    expect(body).not.toContain('rascunho-secreto');
  });

  it("gives a product's last change as its lastmod", async () => {
    await ctx.db.execute(
      sql`UPDATE products SET updated_at = '2026-03-04T05:06:07Z' WHERE slug = 'vestido-linho'`,
    );
    const { body } = await sitemap();
    expect(body).toContain(
      `<loc>${PUBLIC_URL}/produto/vestido-linho</loc>\n    <lastmod>2026-03-04T05:06:07.000Z</lastmod>`,
    );
  });

  it('follows the catalog: a product published later appears without a restart', async () => {
    await ctx.db.execute(sql`UPDATE products SET published = true WHERE slug = 'rascunho-secreto'`);
    try {
      expect(locs((await sitemap()).body)).toContain(`${PUBLIC_URL}/produto/rascunho-secreto`);
    } finally {
      await ctx.db.execute(
        sql`UPDATE products SET published = false WHERE slug = 'rascunho-secreto'`,
      );
    }
  });

  it('escapes what XML would misread in the addresses', async () => {
    // The database keeps slugs to [a-z0-9-], so the XML-special characters a real address can
    // carry come from the store's public URL (a store mounted under a path with '&').
    const other = await createTestContext({ env: { PUBLIC_URL: "https://loja.test/moda&casa's" } });
    try {
      await insertBrand(other.db, { slug: 'casa', name: 'Casa' });
      const response = await other.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(response.body).toContain(
        '<loc>https://loja.test/moda&amp;casa&apos;s/marcas/casa</loc>',
      );
      expect(response.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    } finally {
      await other.close();
    }
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
  });
});
