// The head of a storefront page as the server sends it (title, description, canonical, Open Graph,
// robots) and its status: link previews (WhatsApp, Facebook) and crawlers that run no JavaScript
// see the page's own tags, and an unknown page or slug is a real 404, not a "soft" one. The app's
// useSeo replaces these tags once it runs (it removes head tags it did not write).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { brands, categories, images, products } from '../catalog/catalog.tables';
import { imageUrls } from '../media/media.service';
import { getStoreSettings } from '../settings/settings.repository';

export interface PageHead {
  status: 200 | 404;
  /** The full title, store name included. */
  title: string;
  description: string | null;
  /** Path of the canonical page; null for pages that are not to be indexed. */
  canonicalPath: string | null;
  type: 'website' | 'product';
  /** Path (or absolute URL) of the Open Graph image. */
  imagePath: string | null;
  noIndex: boolean;
}

const STORE_DESCRIPTION =
  'Moda, calçados e acessórios das suas marcas favoritas, com Pix e frete para todo o Brasil.';

/** Pages that are personal or transactional: served, never indexed. */
const PRIVATE_PREFIXES = ['/carrinho', '/checkout', '/pedido', '/senha', '/dashboard', '/busca'];

const INSTITUTIONAL: Record<string, { title: string; description: string }> = {
  '/contato': {
    title: 'Contato',
    description: 'Fale com a loja por e-mail ou WhatsApp.',
  },
  '/trocas-e-devolucoes': {
    title: 'Trocas e devoluções',
    description:
      'Como trocar ou devolver uma compra, com os 7 dias de arrependimento do Código de Defesa do Consumidor.',
  },
  '/privacidade': {
    title: 'Política de privacidade',
    description: 'Como tratamos os seus dados pessoais, conforme a LGPD.',
  },
};

function withStore(title: string, storeName: string): string {
  return title === storeName ? title : `${title} | ${storeName}`;
}

function summary(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length <= 160 ? plain : `${plain.slice(0, 157).trimEnd()}…`;
}

/** The slug of `/prefix/:slug` (decoded), or null when the path is not of that form. */
function slugOf(pathname: string, prefix: string): string | null {
  const match = new RegExp(`^${prefix}/([^/]+)/?$`).exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null; // a malformed escape is no slug of ours
  }
}

/** The head and status of the storefront page at `pathname` (no query string). */
export async function resolvePageHead(db: Executor, pathname: string): Promise<PageHead> {
  const { storeName } = await getStoreSettings(db);
  const notFound: PageHead = {
    status: 404,
    title: withStore('Página não encontrada', storeName),
    description: null,
    canonicalPath: null,
    type: 'website',
    imagePath: null,
    noIndex: true,
  };
  const page = (
    title: string,
    description: string | null,
    canonicalPath: string,
    extra: Partial<PageHead> = {},
  ): PageHead => ({
    status: 200,
    title: withStore(title, storeName),
    description,
    canonicalPath,
    type: 'website',
    imagePath: null,
    noIndex: false,
    ...extra,
  });

  if (pathname === '/' || pathname === '') {
    return page(
      `${storeName}: marcas brasileiras com Pix e frete para todo o Brasil`,
      STORE_DESCRIPTION,
      '/',
    );
  }
  const institutional = INSTITUTIONAL[pathname.replace(/\/$/, '')];
  if (institutional) {
    return page(institutional.title, institutional.description, pathname.replace(/\/$/, ''));
  }
  if (PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    return { ...page(storeName, null, pathname), canonicalPath: null, noIndex: true };
  }

  const productSlug = slugOf(pathname, '/produto');
  if (productSlug !== null) {
    const [row] = await db
      .select({
        name: products.name,
        description: products.description,
        brandName: brands.name,
        productId: products.id,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(products.slug, productSlug), eq(products.published, true)))
      .limit(1);
    if (!row) return notFound;
    const [image] = await db
      .select()
      .from(images)
      .where(eq(images.productId, row.productId))
      .orderBy(images.position, images.createdAt)
      .limit(1);
    return page(
      `${row.name} ${row.brandName}`,
      summary(row.description),
      `/produto/${encodeURIComponent(productSlug)}`,
      { type: 'product', imagePath: image ? imageUrls(image).url || null : null },
    );
  }

  const brandSlug = slugOf(pathname, '/marcas');
  if (brandSlug !== null) {
    const [brand] = await db.select().from(brands).where(eq(brands.slug, brandSlug)).limit(1);
    if (!brand) return notFound;
    return page(
      brand.seoTitle ?? brand.name,
      summary(brand.seoDescription ?? brand.description),
      `/marcas/${encodeURIComponent(brandSlug)}`,
    );
  }

  const categorySlug = slugOf(pathname, '/categoria');
  if (categorySlug !== null) {
    const [category] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(sql`${categories.slug}`, categorySlug))
      .limit(1);
    if (!category) return notFound;
    return page(
      category.name,
      `${category.name} com entrega para todo o Brasil, Pix com desconto e parcelamento sem juros.`,
      `/categoria/${encodeURIComponent(categorySlug)}`,
    );
  }

  return notFound;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML attribute value or element content. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=(["'])description\1[^>]*>/i;

/** `template` (index.html) with the page's title and head tags; URLs made absolute. */
export function renderPageHead(template: string, head: PageHead, publicUrl: string): string {
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, `${publicUrl}/`).href;
  const tags: string[] = [];
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`);
  if (head.description) {
    meta('name', 'description', head.description);
    meta('property', 'og:description', head.description);
  }
  if (head.noIndex) meta('name', 'robots', 'noindex, nofollow');
  meta('property', 'og:title', head.title);
  meta('property', 'og:type', head.type);
  meta('property', 'og:locale', 'pt_BR');
  if (head.canonicalPath) {
    const href = absolute(head.canonicalPath);
    tags.push(`<link rel="canonical" href="${escapeHtml(href)}" />`);
    meta('property', 'og:url', href);
  }
  if (head.imagePath) meta('property', 'og:image', absolute(head.imagePath));

  let html = template.replace(DESCRIPTION, '');
  const title = `<title>${escapeHtml(head.title)}</title>`;
  html = TITLE.test(html) ? html.replace(TITLE, () => title) : html;
  const block = (TITLE.test(template) ? '' : title) + tags.join('');
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, () => `${block}</head>`) : block + html;
}
