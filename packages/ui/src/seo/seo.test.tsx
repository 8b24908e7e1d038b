import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { breadcrumbJsonLd, productJsonLd, useSeo, type SeoOptions } from '.';

function Page(props: SeoOptions) {
  useSeo(props);
  return null;
}

function jsonLdScripts() {
  return [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
}

describe('useSeo', () => {
  it("names the store once when the page's title already carries it (brand SEO titles)", () => {
    const { unmount } = render(<Page title="Garoa Urbana | Vitrine" siteName="Vitrine" />);
    expect(document.title).toBe('Garoa Urbana | Vitrine');
    unmount();
  });

  it('sets title, description, canonical and Open Graph, and restores on unmount', () => {
    document.title = 'Antes';
    const { unmount } = render(
      <Page
        title="Camiseta básica"
        siteName="Vitrine"
        description="Camiseta de algodão."
        canonicalPath="/produto/camiseta-basica"
        type="product"
      />,
    );
    expect(document.title).toBe('Camiseta básica | Vitrine');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Camiseta de algodão.',
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/produto/camiseta-basica`,
    );
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute(
      'content',
      'product',
    );
    unmount();
    expect(document.title).toBe('Antes');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it("replaces the server's JSON-LD instead of adding to it, and does not bring it back", () => {
    const server = document.createElement('script');
    server.type = 'application/ld+json';
    server.text = JSON.stringify({ '@type': 'Product', name: 'Do servidor' });
    document.head.appendChild(server);
    const { unmount } = render(
      <Page title="Camiseta" jsonLd={[{ '@type': 'Product', name: 'Camiseta' }]} />,
    );
    expect(jsonLdScripts()).toEqual([{ '@type': 'Product', name: 'Camiseta' }]);
    unmount();
    // It described the first page only: the next page must not inherit it.
    expect(jsonLdScripts()).toEqual([]);
  });

  it('writes JSON-LD that a product name cannot break out of', () => {
    render(<Page title="X" jsonLd={[{ '@type': 'Thing', name: '</script><b>' }]} />);
    const script = document.head.querySelector('script[type="application/ld+json"]');
    expect(script?.textContent).not.toContain('</script>');
    expect(jsonLdScripts()[0]).toEqual({ '@type': 'Thing', name: '</script><b>' });
  });
});

describe('JSON-LD', () => {
  it('describes a product with an offer in BRL and its availability', () => {
    const data = productJsonLd(
      {
        name: 'Camiseta',
        description: 'Algodão',
        path: '/produto/camiseta',
        brandName: 'Aurora',
        images: ['/media/camiseta.webp'],
        variants: [
          { sku: 'A-P', priceCents: 7990, available: false },
          { sku: 'A-M', priceCents: 7990, available: true },
        ],
      },
      'https://loja.example',
    );
    expect(data).toMatchObject({
      '@type': 'Product',
      brand: { '@type': 'Brand', name: 'Aurora' },
      image: ['https://loja.example/media/camiseta.webp'],
      offers: {
        '@type': 'Offer',
        priceCurrency: 'BRL',
        price: '79.90',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('uses an aggregate offer for different prices and says when all are sold out', () => {
    const data = productJsonLd({
      name: 'Tênis',
      description: '',
      path: '/produto/tenis',
      brandName: 'Serra',
      images: [],
      variants: [
        { sku: 'T-38', priceCents: 29990, available: false },
        { sku: 'T-44', priceCents: 32990, available: false },
      ],
    }) as { offers: Record<string, unknown> };
    expect(data.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '299.90',
      highPrice: '329.90',
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('lists breadcrumbs in order with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { label: 'Início', href: '/' },
          { label: 'Roupas', href: '/categoria/roupas' },
          { label: 'Camiseta' },
        ],
        'https://loja.example',
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Início', item: 'https://loja.example/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Roupas',
          item: 'https://loja.example/categoria/roupas',
        },
        { '@type': 'ListItem', position: 3, name: 'Camiseta' },
      ],
    });
  });

  it('leaves out a crumb with no page of its own, so every ListItem but the last has a URL', () => {
    const list = breadcrumbJsonLd(
      [{ label: 'Início', href: '/' }, { label: 'Marcas' }, { label: 'Aurora' }],
      'https://loja.example',
    ) as { itemListElement: { position: number; name: string; item?: string }[] };
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Início', item: 'https://loja.example/' },
      { '@type': 'ListItem', position: 2, name: 'Aurora' },
    ]);
  });
});
