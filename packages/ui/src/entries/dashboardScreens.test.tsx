// The app's dashboard screens get the storefront's pages their previews show: without them the
// brand form and 'Ver como o cliente' would throw (the workshop's providers hand them in too,
// so the screens' own tests would not see a missing provider here).
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { dashboardScreens as unwrapped } from '../screens/dashboard/screens';
import { useStorefrontPreviews } from '../screens/shared/storefrontPreviews';
import { storefrontPreviews } from '../screens/storefront/previews';
import { dashboardScreens, withStorefrontPreviews } from './dashboardScreens';

function PreviewNames() {
  const previews = useStorefrontPreviews();
  return (
    <p>
      {previews === storefrontPreviews ? 'as páginas da loja' : 'outras páginas'}:{' '}
      {Object.keys(previews).join(', ')}
    </p>
  );
}

describe("the dashboard's entry", () => {
  it('hands every screen the storefront pages', () => {
    const Screen = withStorefrontPreviews(PreviewNames);
    render(<Screen />);
    expect(screen.getByText('as páginas da loja: BrandPage, ProductPage')).toBeInTheDocument();
  });

  it('wraps each of the screens, none left out', () => {
    expect(Object.keys(dashboardScreens)).toEqual(Object.keys(unwrapped));
    for (const [name, Screen] of Object.entries(dashboardScreens)) {
      expect(Screen.displayName).toBe(
        `WithStorefrontPreviews(${unwrapped[name as keyof typeof unwrapped].name})`,
      );
    }
  });

  it('without the provider a preview says what is missing', () => {
    // React reports the thrown error on the console as well.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<PreviewNames />)).toThrow(/StorefrontPreviewsProvider is missing/);
    } finally {
      consoleError.mockRestore();
    }
  });
});
