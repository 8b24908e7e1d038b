// The dashboard's screens as the app renders them: each with the storefront's pages its previews
// show (the brand form's page, the product editor's 'Ver como o cliente'). The dashboard's folders
// import nothing from the storefront's; this is where the two meet (screens/shared/
// storefrontPreviews.tsx).
import type { ComponentType } from 'react';

import { dashboardScreens as screens, type DashboardScreen } from '../screens/dashboard/screens';
import { StorefrontPreviewsProvider } from '../screens/shared/storefrontPreviews';
import { storefrontPreviews } from '../screens/storefront/previews';

/** The screen inside the provider of the storefront's pages. */
export function withStorefrontPreviews(Screen: ComponentType): ComponentType {
  function WithStorefrontPreviews() {
    return (
      <StorefrontPreviewsProvider value={storefrontPreviews}>
        <Screen />
      </StorefrontPreviewsProvider>
    );
  }
  WithStorefrontPreviews.displayName = `WithStorefrontPreviews(${Screen.displayName ?? Screen.name})`;
  return WithStorefrontPreviews;
}

export const dashboardScreens = Object.fromEntries(
  Object.entries(screens).map(([name, Screen]) => [name, withStorefrontPreviews(Screen)]),
) as Record<DashboardScreen, ComponentType>;
