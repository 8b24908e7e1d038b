// '/' — the home page, all from the API.
import { useQuery } from '@apollo/client';

import { useSeo } from '../../../seo';
import { storefrontPaths } from '../../../routes/paths';
import { toProductCardData, type ProductCardNode } from '../shared/productCard.graphql';
import { HOME_QUERY, type HomeQuery } from './HomeScreen.graphql';
import { HomeView, type HomePromiseSettings } from './HomeView';

const NEW_ARRIVALS = 8;

/** The promises the store can keep now: installments only when a card can be paid. */
function storePromises(data: HomeQuery): HomePromiseSettings {
  const cardOffered = data.paymentMethods.some((option) => option.method === 'CARD');
  return {
    pixDiscountPercent: data.paymentMethods.some((option) => option.method === 'PIX')
      ? data.storeSettings.pixDiscountPercent
      : null,
    maxInstallments: cardOffered ? data.storeSettings.installments.maxInstallments : 1,
    freeShippingThresholdCents: data.storeSettings.freeShippingThresholdCents,
  };
}

/** ' com desconto no Pix e parcelamento sem juros', as far as the store offers them. */
function promiseWords(settings: HomePromiseSettings): string {
  const words = [
    (settings.pixDiscountPercent ?? 0) > 0 ? 'desconto no Pix' : null,
    settings.maxInstallments > 1 ? 'parcelamento sem juros' : null,
  ].filter((word): word is string => word !== null);
  return words.length > 0 ? ` com ${words.join(' e ')}` : '';
}

export function HomeScreen() {
  const { data, error, refetch } = useQuery(HOME_QUERY);
  const storeName = data?.storeSettings.storeName ?? 'Vitrine';
  const settings = data ? storePromises(data) : null;
  useSeo(
    data && settings
      ? {
          title: `${storeName}: marcas brasileiras com Pix e frete para todo o Brasil`,
          description: `Compre roupas, calçados e acessórios de ${data.brands
            .map((brand) => brand.name)
            .join(', ')}${promiseWords(settings)}.`,
          canonicalPath: storefrontPaths.home,
        }
      : null,
  );
  // The home's own query carries the Pix discount: no second request for the cards.
  const pixDiscountPercent = settings?.pixDiscountPercent ?? null;
  const cardOptions = {
    pixDiscountPercent:
      pixDiscountPercent !== null && pixDiscountPercent > 0 ? pixDiscountPercent : null,
  };
  const toCard = (node: ProductCardNode) => toProductCardData(node, cardOptions);
  const products = (data?.newest.nodes ?? []).map(toCard);
  return (
    <HomeView
      status={data ? 'ready' : error ? 'error' : 'loading'}
      storeName={storeName}
      heroTitle={data?.storeSettings.heroTitle ?? ''}
      heroSubtitle={data?.storeSettings.heroSubtitle ?? ''}
      settings={settings}
      brands={data?.brands ?? []}
      categories={data?.categories ?? []}
      featured={(data?.featured.nodes ?? []).map(toCard)}
      newArrivals={products.slice(0, NEW_ARRIVALS)}
      bestSellers={(data?.bestSellers ?? []).map(toCard)}
      // Sales among what is new: the API has no 'on sale' filter yet.
      onSale={products.filter((product) => product.compareAtPriceCents !== null).slice(0, 4)}
      onRetry={() => void refetch()}
    />
  );
}
