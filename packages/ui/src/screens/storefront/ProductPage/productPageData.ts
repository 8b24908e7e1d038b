// The product page's data, from the product query's node: its crumbs, its SEO (title, canonical,
// JSON-LD), what the view shows of it, the 'Avise-me' choices and the view_item event.
import { productTitle } from '@vitrine/rules';

import { breadcrumbJsonLd, productJsonLd, type SeoOptions } from '../../../seo';
import { storefrontPaths } from '../../../routes/paths';
import { centsToValue, trackCommerceEvent, variantLabel } from '../shared/analytics';
import type { ProductPageNode } from './ProductPageScreen.graphql';
import type { ProductPageData } from './ProductPageView';
import type { VariantSelection } from './variantChoices';

type ProductVariantNode = ProductPageNode['variants'][number];

export function cheapestInStock(product: ProductPageNode) {
  return (
    [...product.variants]
      .filter((variant) => variant.available && variant.stock > 0)
      .sort((a, b) => a.priceCents - b.priceCents)[0] ?? null
  );
}

export function productBreadcrumbs(product: ProductPageNode | null) {
  return product
    ? [
        { label: 'Início', href: storefrontPaths.home },
        ...product.category.path.map((item) => ({
          label: item.name,
          href: storefrontPaths.category(item.slug),
        })),
        { label: product.name },
      ]
    : [{ label: 'Início', href: storefrontPaths.home }, { label: '…' }];
}

export function productSeo(
  product: ProductPageNode,
  storeName: string | undefined,
  breadcrumbs: Parameters<typeof breadcrumbJsonLd>[0],
): SeoOptions {
  return {
    title: productTitle(product.name, product.brand.name),
    siteName: storeName,
    description: product.description.slice(0, 160),
    canonicalPath: storefrontPaths.product(product.slug),
    type: 'product',
    image: product.images[0]?.url ?? null,
    jsonLd: [
      productJsonLd({
        name: product.name,
        description: product.description,
        path: storefrontPaths.product(product.slug),
        brandName: product.brand.name,
        images: product.images.map((image) => image.url),
        // The first variant's, as the server's JSON-LD says (seo.page.ts).
        sku: product.variants[0]?.sku ?? null,
        variants: product.variants.map((item) => ({
          sku: item.sku,
          priceCents: item.priceCents,
          available: item.available && item.stock > 0,
        })),
      }),
      breadcrumbJsonLd(breadcrumbs),
    ],
  };
}

/** The variant the page opens with: item_id is a SKU in every event (shared/analytics). */
export function trackViewItem(product: ProductPageNode, shown: ProductVariantNode | undefined) {
  trackCommerceEvent('view_item', {
    currency: 'BRL',
    value: centsToValue(shown?.priceCents ?? product.minPriceCents),
    items: [
      {
        item_id: shown?.sku ?? product.id,
        item_name: product.name,
        item_brand: product.brand.name,
        ...(shown
          ? { item_variant: variantLabel(shown), price: centsToValue(shown.priceCents) }
          : {}),
      },
    ],
  });
}

/** What the view shows of the product: the chosen variant's price and SKU, else the range's. */
export function toProductPageData(
  product: ProductPageNode,
  variant: ProductVariantNode | null,
): ProductPageData {
  return {
    name: product.name,
    description: product.description,
    brand: product.brand,
    images: product.images,
    priceCents: variant?.priceCents ?? product.minPriceCents,
    compareAtPriceCents: variant ? variant.compareAtPriceCents : product.compareAtPriceCents,
    startingAt: !variant && product.maxPriceCents > product.minPriceCents,
    sku: variant?.sku ?? null,
    inStock: product.inStock,
  };
}

// 'Avise-me quando chegar': the chosen variant when it is sold out (a sold-out size or colour
// can be chosen in the pickers), else the sold-out ones of the chosen colour (all its sizes
// when the colour is sold out; every variant when the whole product is).
export function restockOptionsFor(
  product: ProductPageNode | null,
  variant: ProductVariantNode | null,
  selection: VariantSelection,
) {
  const manySizes = product ? new Set(product.variants.map((item) => item.size)).size > 1 : false;
  return !product
    ? []
    : (variant && (variant.stock <= 0 || !variant.available)
        ? [variant]
        : variant
          ? []
          : product.variants.filter(
              (item) =>
                (item.stock <= 0 || !item.available) &&
                (!product.inStock || selection.color === null || item.color === selection.color),
            )
      ).map((item) => ({
        variantId: item.id,
        label:
          item.size && manySizes
            ? `${!product.inStock && item.color && selection.color === null ? `${item.color}, t` : 'T'}amanho ${item.size}`
            : (item.color ?? (item.size ? `Tamanho ${item.size}` : 'Este produto')),
      }));
}
