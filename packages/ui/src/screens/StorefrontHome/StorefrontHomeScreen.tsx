import { useQuery } from '@apollo/client';

import { STOREFRONT_HOME_QUERY } from './StorefrontHomeScreen.graphql';
import { StorefrontHomeView } from './StorefrontHomeView';

export function StorefrontHomeScreen() {
  const { data, loading, error, refetch } = useQuery(STOREFRONT_HOME_QUERY);
  const settings = data?.storeSettings;
  return (
    <StorefrontHomeView
      settings={
        settings
          ? {
              storeName: settings.storeName,
              pixDiscountPercent: settings.pixDiscountPercent,
              freeShippingThresholdCents: settings.freeShippingThresholdCents,
              maxInstallments: settings.installments.maxInstallments,
            }
          : null
      }
      loading={loading}
      errorMessage={
        error && !settings ? 'Não foi possível carregar a loja agora. Tente de novo.' : null
      }
      onRetry={() => void refetch()}
    />
  );
}
