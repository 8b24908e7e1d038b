// GET /robots.txt and GET /sitemap.xml for search engines, from the live catalog.
import type { FastifyInstance } from 'fastify';
import { listSitemapRows } from './seo.repository';
import { buildRobotsTxt, buildSitemapXml } from './seo.service';

/** Crawlers may see a new product up to five minutes late; the catalog query is not free. */
export const SEO_CACHE_CONTROL = 'public, max-age=300';

export async function seoRoutes(app: FastifyInstance) {
  app.get('/robots.txt', async (_request, reply) => {
    return reply
      .header('Cache-Control', SEO_CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(buildRobotsTxt(app.config.publicUrl));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const rows = await listSitemapRows(app.db);
    return reply
      .header('Cache-Control', SEO_CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(buildSitemapXml(app.config.publicUrl, rows));
  });
}
