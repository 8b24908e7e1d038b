// schema.org JSON-LD for search engines: Product (offers in BRL with availability) and
// BreadcrumbList.
import { absoluteUrl } from './useSeo';

export interface ProductJsonLdInput {
  name: string;
  description: string;
  /** Canonical path of the product page. */
  path: string;
  brandName: string;
  images: string[];
  sku?: string | null;
  variants: { sku: string; priceCents: number; available: boolean }[];
}

function reais(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function productJsonLd(input: ProductJsonLdInput, origin?: string): object {
  const url = absoluteUrl(input.path, origin);
  const prices = input.variants.map((variant) => variant.priceCents);
  const available = input.variants.some((variant) => variant.available);
  const availability = available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
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
            offerCount: input.variants.length,
            availability,
          };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    description: input.description,
    url,
    image: input.images
      .filter((image) => !image.startsWith('data:'))
      .map((image) => absoluteUrl(image, origin)),
    brand: { '@type': 'Brand', name: input.brandName },
    ...(input.sku ? { sku: input.sku } : {}),
    ...(offers ? { offers } : {}),
  };
}

/** A BreadcrumbList; a crumb with no link is left out unless it is the last (the page itself). */
export function breadcrumbJsonLd(
  items: { label: string; href?: string }[],
  origin?: string,
): object {
  const listed = items.filter((item, index) => item.href || index === items.length - 1);
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: listed.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      ...(item.href ? { item: absoluteUrl(item.href, origin) } : {}),
    })),
  };
}
