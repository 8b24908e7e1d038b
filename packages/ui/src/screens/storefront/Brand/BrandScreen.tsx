// /marcas/:slug — the brand's own look (its palette as the theme), its story and its catalog.
import { useQuery } from '@apollo/client';
import { ThemeProvider } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';

import { NotFoundView } from '../../NotFound';
import { breadcrumbJsonLd, useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { useBrandTheme } from '../shared/brandTheme';
import { storefrontPaths } from '../shared/paths';
import { toProductCardData } from '../shared/productCard.graphql';
import { productFilter } from '../Listing/listingParams';
import { ListingView } from '../Listing/ListingView';
import { useListingState } from '../Listing/useListingState';
import { useProductPages } from '../Listing/useProductPages';
import { BrandHero } from './BrandHero';
import { BRAND_PAGE_QUERY } from './BrandScreen.graphql';

export function BrandScreen() {
  const { slug = '' } = useParams();
  const storeName = useStoreName();
  const listing = useListingState();
  const brandQuery = useQuery(BRAND_PAGE_QUERY, { variables: { slug } });
  const brand = brandQuery.data?.brand;
  const theme = useBrandTheme(brand?.color);
  const pages = useProductPages(
    productFilter(listing.state, { brandSlug: slug }),
    listing.state.sort,
    listing.state.page,
  );
  const breadcrumbs = [
    { label: 'Início', href: storefrontPaths.home },
    { label: 'Marcas' },
    { label: brand?.name ?? '…' },
  ];
  useSeo(
    brand
      ? {
          title: brand.seoTitle ?? brand.name,
          siteName: storeName,
          description: brand.seoDescription ?? brand.description,
          canonicalPath: storefrontPaths.brand(brand.slug),
          image: brand.logoUrl,
          jsonLd: [breadcrumbJsonLd(breadcrumbs)],
        }
      : null,
  );

  if (brandQuery.data && brand === null) {
    return (
      <NotFoundView homePath={storefrontPaths.home} homeLabel="Voltar para a página inicial" />
    );
  }
  const view = (
    <ListingView
      title={brand?.name ?? 'Marca'}
      breadcrumbs={breadcrumbs}
      header={<BrandHero brand={brand ?? null} />}
      status={brandQuery.error && !brand ? 'error' : !brand ? 'loading' : pages.status}
      products={pages.products.map(toProductCardData)}
      totalCount={pages.totalCount}
      facets={pages.facets}
      filters={listing.state.filters}
      onFiltersChange={listing.setFilters}
      sort={listing.state.sort}
      onSortChange={listing.setSort}
      hideBrandFilter
      nextPageHref={listing.nextPageHref(pages.hasNextPage)}
      refreshing={pages.refreshing}
      onRetry={() => {
        if (brandQuery.error) void brandQuery.refetch();
        pages.retry();
      }}
    />
  );
  if (!theme) return view;
  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ bgcolor: 'background.default' }}>{view}</Box>
    </ThemeProvider>
  );
}
