// robots.txt and sitemap.xml text, built from the store's public origin and the catalog rows.
import type { SitemapRows } from './seo.repository';

/** Storefront pages that must never be indexed (personal or transactional). */
export const ROBOTS_DISALLOWED_PATHS = ['/dashboard', '/checkout', '/carrinho', '/pedido'] as const;

/** The institutional pages of the storefront footer. */
export const INSTITUTIONAL_PATHS = ['/contato', '/trocas-e-devolucoes', '/privacidade'] as const;

export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

interface SitemapUrl {
  path: string;
  lastmod?: Date;
}

function urlElement(publicUrl: string, { path, lastmod }: SitemapUrl): string {
  const loc = `    <loc>${escapeXml(`${publicUrl}${path}`)}</loc>`;
  const modified = lastmod ? `\n    <lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `  <url>\n${loc}${modified}\n  </url>`;
}

export function buildSitemapXml(publicUrl: string, rows: SitemapRows): string {
  // Slugs are path segments: percent-encoded like the storefront's own links, then XML-escaped.
  const segment = encodeURIComponent;
  const urls: SitemapUrl[] = [
    { path: '/' },
    ...rows.brands.map((row) => ({ path: `/marcas/${segment(row.slug)}`, lastmod: row.updatedAt })),
    ...rows.categories.map((row) => ({
      path: `/categoria/${segment(row.slug)}`,
      lastmod: row.updatedAt,
    })),
    ...rows.products.map((row) => ({
      path: `/produto/${segment(row.slug)}`,
      lastmod: row.updatedAt,
    })),
    ...INSTITUTIONAL_PATHS.map((path) => ({ path })),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => urlElement(publicUrl, url)),
    '</urlset>',
    '',
  ].join('\n');
}
