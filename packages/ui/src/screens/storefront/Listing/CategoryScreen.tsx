// /categoria/:slug — a category's products with the listing's filters.
import { useQuery } from '@apollo/client';
import { useParams } from 'react-router-dom';

import { NotFoundView } from '../../errors/NotFound';
import { breadcrumbJsonLd, useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { storefrontPaths } from '../../../routes/paths';
import { toProductCardData } from '../shared/productCard.graphql';
import { useCardPixDiscount } from '../shared/useCardPixDiscount';
import { subcategoryLinks } from './categoryLinks';
import { productFilter } from './listingParams';
import { LISTING_CATEGORY_QUERY } from './ListingScreen.graphql';
import { ListingView } from './ListingView';
import { useListingState } from './useListingState';
import { useProductPages } from './useProductPages';

export function CategoryScreen() {
  const pixDiscountPercent = useCardPixDiscount();
  const { slug = '' } = useParams();
  const storeName = useStoreName();
  const listing = useListingState();
  const categoryQuery = useQuery(LISTING_CATEGORY_QUERY, { variables: { slug } });
  const category = categoryQuery.data?.category;
  const pages = useProductPages(
    productFilter(listing.state, { categorySlug: slug }),
    listing.state.sort,
    listing.state.page,
  );
  const breadcrumbs = [
    { label: 'Início', href: storefrontPaths.home },
    ...(category?.path ?? []).map((item) => ({
      label: item.name,
      href: storefrontPaths.category(item.slug),
    })),
  ];
  useSeo(
    category
      ? {
          title: category.name,
          siteName: storeName,
          description: `${category.name} com entrega para todo o Brasil e desconto no Pix.`,
          canonicalPath: storefrontPaths.category(category.slug),
          jsonLd: [breadcrumbJsonLd(breadcrumbs)],
        }
      : null,
  );

  if (categoryQuery.data && category === null) {
    return (
      <NotFoundView homePath={storefrontPaths.home} homeLabel="Voltar para a página inicial" />
    );
  }
  const status = categoryQuery.error && !category ? 'error' : !category ? 'loading' : pages.status;
  return (
    <ListingView
      title={category?.name ?? 'Carregando…'}
      breadcrumbs={breadcrumbs}
      status={status}
      products={pages.products.map((node) => toProductCardData(node, { pixDiscountPercent }))}
      totalCount={pages.totalCount}
      facets={pages.facets}
      // The page is the category: a ?categoria= left in the URL is ignored, not shown as a filter.
      filters={{ ...listing.state.filters, category: null }}
      onFiltersChange={listing.setFilters}
      sort={listing.state.sort}
      onSortChange={listing.setSort}
      hideCategoryFilter
      categoryLinks={subcategoryLinks(category?.children ?? [], listing.state, pages.facets)}
      nextPageHref={listing.nextPageHref(pages.hasNextPage)}
      refreshing={pages.refreshing}
      onRetry={() => {
        if (categoryQuery.error) void categoryQuery.refetch();
        pages.retry();
      }}
    />
  );
}
