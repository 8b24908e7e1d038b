// The storefront's pages as the dashboard previews them (screens/shared/storefrontPreviews.tsx):
// drawn with the storefront's own pieces, nothing in them can be bought, quoted or followed.
// The dashboard's entry and the workshop hand these to the dashboard.
import Box from '@mui/material/Box';
import { ThemeProvider } from '@mui/material/styles';

import { ProductCard } from '../../components/storefront/ProductCard';
import { storefrontPaths } from '../../routes/paths';
import { useBrandTheme } from '../shared/brandTheme';
import type {
  BrandPagePreviewProps,
  ProductPagePreviewProps,
  StorefrontPreviews,
} from '../shared/storefrontPreviews';
import { BrandHero } from './Brand/BrandHero';
import { ProductPageView } from './ProductPage/ProductPageView';

/** A brand's page in its colour: its hero and two product cards, in the brand's theme. */
export function BrandPagePreview({
  name,
  description,
  color,
  logoUrl,
  productCount,
}: BrandPagePreviewProps) {
  const theme = useBrandTheme(color);
  const card = (slug: string, productName: string, priceCents: number, compare: number | null) => (
    <ProductCard
      product={{
        slug,
        name: productName,
        brandName: name,
        image: null,
        priceCents,
        compareAtPriceCents: compare,
        inStock: true,
      }}
      href={storefrontPaths.product(slug)}
      headingLevel="h3"
    />
  );
  const page = (
    <Box
      // A picture of the page: nothing in it can be focused or clicked.
      inert
      sx={{ bgcolor: 'background.default', p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}
    >
      <BrandHero brand={{ name, description, logoUrl, productCount }} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1.5,
          maxWidth: 340,
        }}
      >
        {card('camiseta', 'Camiseta de algodão', 8990, 10990)}
        {card('bolsa', 'Bolsa de tricô', 15990, null)}
      </Box>
    </Box>
  );
  return theme ? <ThemeProvider theme={theme}>{page}</ThemeProvider> : page;
}

const noop = () => undefined;

/** A product's page from values not saved yet: buying and shipping are inert. */
export function ProductPagePreview(props: ProductPagePreviewProps) {
  return (
    <ProductPageView
      status="ready"
      {...props}
      offer={null}
      offerUnavailable
      quantity={1}
      maxQuantity={1}
      onQuantityChange={noop}
      onAddToCart={noop}
      shipping={{ postalCode: null, options: null, loading: false, error: null, onQuote: noop }}
      related={[]}
    />
  );
}

export const storefrontPreviews: StorefrontPreviews = {
  BrandPage: BrandPagePreview,
  ProductPage: ProductPagePreview,
};
