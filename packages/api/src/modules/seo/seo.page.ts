// The head of a storefront page as the server sends it (title, description, canonical, Open Graph,
// robots, JSON-LD) and its status: link previews (WhatsApp, Facebook) and crawlers that run no
// JavaScript see the page's own tags, and an unknown page or slug is a real 404, not a "soft" one.
// The app's useSeo replaces these tags once it runs (it removes head tags it did not write, the
// JSON-LD included, so the structured data is never there twice).
import { productTitle, titleWithStore } from '@vitrine/rules';
import type { Executor } from '../../db';
import { imageUrls } from '../catalog/catalog.images';
import { getStoreSettings } from '../settings/settings.repository';
import {
  activeBrandBySlug,
  categoryBySlug,
  categoryTreeRows,
  homeCoverImage,
  productImagesInOrder,
  productOffers,
  storefrontProductBySlug,
} from './seo.repository';

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
  /** schema.org data (Product, BreadcrumbList); its URLs are paths, made absolute on rendering. */
  jsonLd: JsonLd[];
}

/** Product or BreadcrumbList data, as the app's seo/jsonLd.ts writes them. */
export type JsonLd =
  | {
      kind: 'product';
      name: string;
      description: string;
      path: string;
      brandName: string;
      imagePaths: string[];
      sku: string | null;
      variants: { priceCents: number; available: boolean }[];
    }
  | { kind: 'breadcrumbs'; items: { label: string; path?: string }[] };

/** The home's brands section: what the brand page's "Marcas" crumb links to. */
const BRANDS_SECTION_PATH = '/#marcas';

const STORE_DESCRIPTION =
  'Moda, calçados e acessórios das suas marcas favoritas, com Pix e frete para todo o Brasil.';

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

/**
 * The app's pages that are personal or transactional (served with their own title, never
 * indexed), by their route pattern as packages/ui's route tables write it (routeTable.ts):
 * ':name' is one path segment. Each title is the one the page sets when it runs. A page of the
 * app missing here or in DASHBOARD_PAGES is a 404 until the app runs: app-routes.test.ts walks
 * the app's route tables and fails on it.
 */
const PRIVATE_PAGES: readonly { pattern: string; title: (params: string[]) => string }[] = [
  { pattern: 'busca', title: () => 'Buscar produtos' },
  { pattern: 'carrinho', title: () => 'Minha sacola' },
  { pattern: 'checkout', title: () => 'Finalizar compra' },
  {
    pattern: 'pedido/confirmado/:number',
    // The number as the page shows it when it looks like one (VT-10023); nothing else is echoed.
    title: ([number = '']) => (/^[A-Za-z0-9-]{1,30}$/.test(number) ? `Pedido ${number}` : 'Pedido'),
  },
  { pattern: 'pedido', title: () => 'Acompanhe seu pedido' },
  // The pages of mailed links: the 'Avise-me' confirmation, the password reset, the invitation.
  { pattern: 'avise-me/confirmar', title: () => 'Confirmar aviso' },
  { pattern: 'dashboard/login', title: () => 'Entrar no painel' },
  { pattern: 'senha/recuperar', title: () => 'Recuperar senha' },
  { pattern: 'senha/redefinir', title: () => 'Redefinir senha' },
  { pattern: 'convite', title: () => 'Convite para a equipe' },
];

/**
 * The staff area's pages below /dashboard (dashboardRouteTable.ts), behind the session: one
 * title for all of them until the page sets its own.
 */
const DASHBOARD_PAGES: readonly string[] = [
  '',
  'pedidos',
  'pedidos/romaneios',
  'pedidos/:id',
  'pedidos/:id/declaracao',
  'pix',
  'pix/extratos/:id',
  'produtos',
  'produtos/importar',
  'produtos/novo',
  'produtos/:id',
  'marcas',
  'categorias',
  'cupons',
  'cupons/novo',
  'cupons/:id',
  'frete',
  'frete/novo',
  'frete/:id',
  'equipe',
  'minha-conta',
  'configuracoes',
  'clientes',
  'clientes/:id',
  'auditoria',
  'emails',
  'notas-fiscais',
];

const DASHBOARD_TITLE = 'Painel';

/**
 * The parameters of `pathname` (no query string) when it matches the route `pattern` as
 * react-router matches it (static segments without regard to case, one trailing slash allowed,
 * a parameter is one non-empty segment), else null.
 */
export function matchRoutePattern(pattern: string, pathname: string): string[] | null {
  const wanted = pattern.split('/').filter(Boolean);
  const trimmed = pathname.replace(/^\//, '').replace(/\/$/, '');
  const actual = trimmed === '' ? [] : trimmed.split('/');
  if (wanted.length !== actual.length) return null;
  const params: string[] = [];
  for (const [index, segment] of wanted.entries()) {
    const value = actual[index]!;
    if (value === '') return null;
    if (segment.startsWith(':')) {
      try {
        params.push(decodeURIComponent(value));
      } catch {
        return null; // a malformed escape is no page of ours
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

function withStore(title: string, storeName: string): string {
  return titleWithStore(title, storeName);
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

/** The category and its ancestors, the top one first (as the app's breadcrumbs show them). */
async function categoryPath(
  db: Executor,
  categoryId: string,
): Promise<{ slug: string; name: string }[]> {
  const rows = await categoryTreeRows(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: { slug: string; name: string }[] = [];
  for (let at = byId.get(categoryId); at && path.length <= 20;) {
    path.unshift({ slug: at.slug, name: at.name });
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return path;
}

const categoryCrumbs = (path: { slug: string; name: string }[]) =>
  path.map((item) => ({ label: item.name, path: `/categoria/${encodeURIComponent(item.slug)}` }));

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
    jsonLd: [],
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
    jsonLd: [],
    ...extra,
  });

  if (pathname === '/' || pathname === '') {
    // The preview picture: the first one of the newest featured product, else the newest one.
    const cover = await homeCoverImage(db);
    return page(
      `${storeName}: marcas brasileiras com Pix e frete para todo o Brasil`,
      STORE_DESCRIPTION,
      '/',
      { imagePath: cover ? imageUrls(cover).url || null : null },
    );
  }
  const institutional = INSTITUTIONAL[pathname.replace(/\/$/, '')];
  if (institutional) {
    return page(institutional.title, institutional.description, pathname.replace(/\/$/, ''));
  }
  const unindexed = (title: string): PageHead => ({
    ...page(title, null, pathname),
    canonicalPath: null,
    noIndex: true,
  });
  for (const { pattern, title } of PRIVATE_PAGES) {
    const params = matchRoutePattern(pattern, pathname);
    if (params) return unindexed(title(params));
  }
  if (DASHBOARD_PAGES.some((pattern) => matchRoutePattern(`dashboard/${pattern}`, pathname))) {
    return unindexed(DASHBOARD_TITLE);
  }

  const productSlug = slugOf(pathname, '/produto');
  if (productSlug !== null) {
    const row = await storefrontProductBySlug(db, productSlug);
    if (!row) return notFound;
    const [pictures, offered, path] = await Promise.all([
      productImagesInOrder(db, row.productId),
      productOffers(db, row.productId),
      categoryPath(db, row.categoryId),
    ]);
    const imagePaths = pictures.map((picture) => imageUrls(picture).url).filter(Boolean);
    const canonicalPath = `/produto/${encodeURIComponent(productSlug)}`;
    return page(productTitle(row.name, row.brandName), summary(row.description), canonicalPath, {
      type: 'product',
      imagePath: imagePaths[0] ?? null,
      jsonLd: [
        {
          kind: 'product',
          name: row.name,
          description: row.description,
          path: canonicalPath,
          brandName: row.brandName,
          imagePaths,
          sku: offered[0]?.sku ?? null,
          variants: offered.map((variant) => ({
            priceCents: variant.priceCents,
            available: variant.stock > 0,
          })),
        },
        {
          kind: 'breadcrumbs',
          items: [{ label: 'Início', path: '/' }, ...categoryCrumbs(path), { label: row.name }],
        },
      ],
    });
  }

  const brandSlug = slugOf(pathname, '/marcas');
  if (brandSlug !== null) {
    const brand = await activeBrandBySlug(db, brandSlug);
    if (!brand) return notFound;
    return page(
      brand.seoTitle ?? brand.name,
      summary(brand.seoDescription ?? brand.description),
      `/marcas/${encodeURIComponent(brandSlug)}`,
      {
        // An inline (data:) logo is no address a link preview can fetch.
        imagePath: brand.logoUrl?.startsWith('data:') ? null : brand.logoUrl,
        jsonLd: [
          {
            kind: 'breadcrumbs',
            items: [
              { label: 'Início', path: '/' },
              { label: 'Marcas', path: BRANDS_SECTION_PATH },
              { label: brand.name },
            ],
          },
        ],
      },
    );
  }

  const categorySlug = slugOf(pathname, '/categoria');
  if (categorySlug !== null) {
    const category = await categoryBySlug(db, categorySlug);
    if (!category) return notFound;
    const path = await categoryPath(db, category.id);
    return page(
      category.name,
      `${category.name} com entrega para todo o Brasil e desconto no Pix.`,
      `/categoria/${encodeURIComponent(categorySlug)}`,
      {
        jsonLd: [
          { kind: 'breadcrumbs', items: [{ label: 'Início', path: '/' }, ...categoryCrumbs(path)] },
        ],
      },
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

function reais(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The schema.org object of `data`, as the app's seo/jsonLd.ts builds it, URLs made absolute. */
export function jsonLdObject(data: JsonLd, absolute: (path: string) => string): object {
  if (data.kind === 'breadcrumbs') {
    return {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: data.items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: item.label,
        ...(item.path ? { item: absolute(item.path) } : {}),
      })),
    };
  }
  const url = absolute(data.path);
  const prices = data.variants.map((variant) => variant.priceCents);
  const availability = data.variants.some((variant) => variant.available)
    ? 'https://schema.org/InStock'
    : 'https://schema.org/OutOfStock';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const offers =
    prices.length === 0
      ? undefined
      : low === high
        ? {
            '@type': 'Offer',
            url,
            priceCurrency: 'BRL',
            price: reais(low),
            availability,
            itemCondition: 'https://schema.org/NewCondition',
          }
        : {
            '@type': 'AggregateOffer',
            url,
            priceCurrency: 'BRL',
            lowPrice: reais(low),
            highPrice: reais(high),
            offerCount: data.variants.length,
            availability,
          };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: data.name,
    description: data.description,
    url,
    image: data.imagePaths.map(absolute),
    brand: { '@type': 'Brand', name: data.brandName },
    ...(data.sku ? { sku: data.sku } : {}),
    ...(offers ? { offers } : {}),
  };
}

/** JSON for a <script> element: '<' escaped, so no text can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
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
  for (const data of head.jsonLd) {
    tags.push(
      `<script type="application/ld+json">${scriptJson(jsonLdObject(data, absolute))}</script>`,
    );
  }

  let html = template.replace(DESCRIPTION, '');
  const title = `<title>${escapeHtml(head.title)}</title>`;
  html = TITLE.test(html) ? html.replace(TITLE, () => title) : html;
  const block = (TITLE.test(template) ? '' : title) + tags.join('');
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, () => `${block}</head>`) : block + html;
}
