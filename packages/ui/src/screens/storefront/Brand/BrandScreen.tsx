// /marcas/:slug — runs the brand's and its catalog's queries and hands them to BrandView.
import { useQuery } from '@apollo/client';
import { useParams } from 'react-router-dom';

import { breadcrumbJsonLd, useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { storefrontPaths } from '../../../routes/paths';
import { toProductCardData } from '../shared/productCard.graphql';
import { useCardPixDiscount } from '../shared/useCardPixDiscount';
import { productFilter } from '../Listing/listingParams';
import { useListingState } from '../Listing/useListingState';
import { useProductPages } from '../Listing/useProductPages';
import { BRAND_PAGE_QUERY } from './BrandScreen.graphql';
import { brandBreadcrumbs, BrandView } from './BrandView';

export function BrandScreen() {
  const pixDiscountPercent = useCardPixDiscount();
  const { slug = '' } = useParams();
  const storeName = useStoreName();
  const listing = useListingState();
  const brandQuery = useQuery(BRAND_PAGE_QUERY, { variables: { slug } });
  const brand = brandQuery.data?.brand ?? null;
  const pages = useProductPages(
    productFilter(listing.state, { brandSlug: slug }),
    listing.state.sort,
    listing.state.page,
  );
  useSeo(
    brand
      ? {
          title: brand.seoTitle ?? brand.name,
          siteName: storeName,
          description: brand.seoDescription ?? brand.description,
          canonicalPath: storefrontPaths.brand(brand.slug),
          image: brand.logoUrl,
          jsonLd: [breadcrumbJsonLd(brandBreadcrumbs(brand.name))],
        }
      : null,
  );

  return (
    <BrandView
      brand={brand}
      status={
        brand ? 'ready' : brandQuery.data ? 'notFound' : brandQuery.error ? 'error' : 'loading'
      }
      catalogStatus={pages.status}
      products={pages.products.map((node) => toProductCardData(node, { pixDiscountPercent }))}
      totalCount={pages.totalCount}
      facets={pages.facets}
      filters={listing.state.filters}
      onFiltersChange={listing.setFilters}
      sort={listing.state.sort}
      onSortChange={listing.setSort}
      nextPageHref={listing.nextPageHref(pages.hasNextPage)}
      refreshing={pages.refreshing}
      onRetry={() => {
        if (brandQuery.error) void brandQuery.refetch();
        pages.retry();
      }}
    />
  );
}
