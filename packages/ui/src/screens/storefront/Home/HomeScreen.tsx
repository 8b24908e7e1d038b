// '/' — the home page, all from the API.
import { useQuery } from '@apollo/client';

import { useSeo } from '../../../seo';
import { storefrontPaths } from '../../../routes/paths';
import { toProductCardData } from '../shared/productCard.graphql';
import { HOME_QUERY } from './HomeScreen.graphql';
import { HomeView } from './HomeView';

const NEW_ARRIVALS = 8;

export function HomeScreen() {
  const { data, error, refetch } = useQuery(HOME_QUERY);
  const storeName = data?.storeSettings.storeName ?? 'Vitrine';
  useSeo(
    data
      ? {
          title: `${storeName}: marcas brasileiras com Pix e frete para todo o Brasil`,
          description: `Compre roupas, calçados e acessórios de ${data.brands
            .map((brand) => brand.name)
            .join(', ')} com desconto no Pix e parcelamento sem juros.`,
          canonicalPath: storefrontPaths.home,
        }
      : null,
  );
  const products = (data?.newest.nodes ?? []).map(toProductCardData);
  return (
    <HomeView
      status={data ? 'ready' : error ? 'error' : 'loading'}
      storeName={storeName}
      heroTitle={data?.storeSettings.heroTitle ?? ''}
      heroSubtitle={data?.storeSettings.heroSubtitle ?? ''}
      settings={
        data
          ? {
              pixDiscountPercent: data.storeSettings.pixDiscountPercent,
              maxInstallments: data.storeSettings.installments.maxInstallments,
              freeShippingThresholdCents: data.storeSettings.freeShippingThresholdCents,
            }
          : null
      }
      brands={data?.brands ?? []}
      categories={data?.categories ?? []}
      featured={(data?.featured.nodes ?? []).map(toProductCardData)}
      newArrivals={products.slice(0, NEW_ARRIVALS)}
      bestSellers={(data?.bestSellers ?? []).map(toProductCardData)}
      // Sales among what is new: the API has no 'on sale' filter yet.
      onSale={products.filter((product) => product.compareAtPriceCents !== null).slice(0, 4)}
      onRetry={() => void refetch()}
    />
  );
}
