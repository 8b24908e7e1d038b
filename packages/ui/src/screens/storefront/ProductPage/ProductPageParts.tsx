// The product page's parts: the brand, name and code; the price with the Pix and instalment
// offer; the colour and size pickers; the buy row (quantity and 'Adicionar à sacola'); the secure
// purchase note; shipping by CEP; and the related products.
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import {
  InstallmentLine,
  PixPrice,
  PriceTag,
  QuantityStepper,
  ShippingQuoteForm,
  VariantPicker,
  type ProductCardData,
  type VariantOptionChoice,
} from '../../../components/storefront';
import { storefrontPaths } from '../../../routes/paths';
import { ProductGrid } from '../shared/ProductGrid';
import type { ProductOffer, ProductPageData, ProductPageViewProps } from './ProductPageView';

/** The brand (a link to its page), the product's name and its code. */
export function ProductHeading({ product }: { product: ProductPageData }) {
  return (
    <Box>
      <Link
        component={RouterLink}
        to={storefrontPaths.brand(product.brand.slug)}
        sx={{
          fontSize: '0.8125rem',
          fontWeight: 700,
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          display: 'inline-flex',
          minHeight: 44,
          // A short brand name ("Lumi") is still a 44 px target.
          minWidth: 44,
          alignItems: 'center',
        }}
      >
        {product.brand.name}
      </Link>
      <Typography
        component="h1"
        variant="h2"
        sx={{ fontSize: { xs: '1.5rem', md: '1.875rem' }, lineHeight: 1.2 }}
      >
        {product.name}
      </Typography>
      {/* Its line is kept before a variant is chosen too: no jump when the SKU arrives. */}
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ minHeight: '1.66em', m: 0 }}
      >
        {product.sku ? `Cód. ${product.sku}` : null}
      </Typography>
    </Box>
  );
}

/** The price; the Pix and instalment offer below it (or why it is missing); or 'Produto esgotado'. */
export function ProductPrice({
  product,
  soldOut,
  offer,
  offerUnavailable,
}: {
  product: ProductPageData;
  soldOut: boolean;
  offer: ProductOffer | null;
  offerUnavailable: boolean;
}) {
  return soldOut ? (
    <Box>
      <PriceTag priceCents={product.priceCents} size="large" />
      <Typography color="error" sx={{ fontWeight: 700, mt: 1 }}>
        Produto esgotado
      </Typography>
    </Box>
  ) : (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <PriceTag
        priceCents={product.priceCents}
        compareAtPriceCents={product.compareAtPriceCents}
        startingAt={product.startingAt}
        size="large"
      />
      {offer ? (
        <>
          <PixPrice
            pixPriceCents={offer.pixPriceCents}
            discountPercent={offer.pixDiscountPercent}
          />
          <InstallmentLine {...offer.installments} />
          {offer.installmentsWithInterest ? (
            <InstallmentLine
              {...offer.installmentsWithInterest}
              alternative={offer.installments.count > 1}
            />
          ) : null}
        </>
      ) : offerUnavailable ? (
        <Typography variant="body2" color="text.secondary">
          Consulte as condições de pagamento na sacola
        </Typography>
      ) : (
        <Box aria-hidden>
          <Skeleton width={220} />
          <Skeleton width={260} />
        </Box>
      )}
    </Box>
  );
}

/** The quantity and 'Adicionar à sacola' (which says why it cannot add a sold-out choice). */
export function BuyBar({
  quantity,
  maxQuantity,
  onQuantityChange,
  onAddToCart,
  colorSoldOut,
  variantSoldOut,
}: {
  quantity: number;
  maxQuantity: number;
  onQuantityChange: (quantity: number) => void;
  onAddToCart: () => void;
  colorSoldOut: boolean;
  variantSoldOut: boolean;
}) {
  const cannotBuy = variantSoldOut || colorSoldOut;
  return (
    // On phones the buy row sticks to the bottom of the screen while the product's
    // details are in view (issue 12, item 6: it sat below the fold, y≈1,081 on an
    // 844 px screen); from md up it stays in place beside the gallery.
    <Box
      data-testid="buy-bar"
      sx={(theme) => ({
        display: 'flex',
        gap: 1.5,
        alignItems: 'center',
        flexWrap: 'wrap',
        [theme.breakpoints.down('md')]: {
          position: 'sticky',
          bottom: 0,
          zIndex: theme.zIndex.appBar - 1,
          flexWrap: 'nowrap',
          mx: -2,
          px: 2,
          py: 1.25,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.08)',
        },
      })}
    >
      <QuantityStepper
        value={quantity}
        onChange={onQuantityChange}
        min={1}
        max={Math.max(1, maxQuantity)}
        label="Quantidade"
        disabled={cannotBuy}
      />
      <Button
        variant="contained"
        size="large"
        startIcon={<ShoppingBagOutlined />}
        onClick={onAddToCart}
        disabled={cannotBuy}
        sx={{
          flex: '1 1 200px',
          minHeight: 48,
          // A 320 px phone has room for the stepper and the words, not the icon too.
          '@media (max-width: 359.95px)': {
            minWidth: 0,
            '& .MuiButton-startIcon': { display: 'none' },
          },
        }}
      >
        {colorSoldOut ? 'Cor esgotada' : variantSoldOut ? 'Tamanho esgotado' : 'Adicionar à sacola'}
      </Button>
    </Box>
  );
}

export function RelatedProducts({ products }: { products: ProductCardData[] }) {
  return (
    <Box component="section" aria-labelledby="relacionados" sx={{ mt: { xs: 5, md: 8 } }}>
      <Typography
        id="relacionados"
        component="h2"
        variant="h3"
        sx={{ mb: 2, fontSize: { xs: '1.25rem', md: '1.5rem' } }}
      >
        Você também pode gostar
      </Typography>
      <ProductGrid products={products} eagerCount={0} label="Você também pode gostar" />
    </Box>
  );
}

/** The colour (a picker, or the only one named) and the size; sold-out ones can be chosen. */
export function VariantChoices({
  colors,
  sizes,
  selectedColor,
  selectedSize,
  onColorChange,
  onSizeChange,
  sizeError,
}: {
  colors: VariantOptionChoice[];
  sizes: VariantOptionChoice[];
  selectedColor: string | null;
  selectedSize: string | null;
  onColorChange: (color: string) => void;
  onSizeChange: (size: string) => void;
  sizeError: string | null;
}) {
  return (
    <>
      {colors.length > 1 ? (
        <VariantPicker
          label="Cor"
          name="cor"
          options={colors}
          value={selectedColor}
          onChange={onColorChange}
          soldOutChoosable
        />
      ) : colors[0] ? (
        <Typography sx={{ fontWeight: 600 }}>
          Cor:{' '}
          <Box component="span" sx={{ fontWeight: 400 }}>
            {colors[0].value}
          </Box>
        </Typography>
      ) : null}
      {sizes.length > 1 ? (
        <VariantPicker
          label="Tamanho"
          name="tamanho"
          options={sizes}
          value={selectedSize}
          onChange={onSizeChange}
          error={sizeError}
          soldOutChoosable
        />
      ) : null}
    </>
  );
}

export function SecurePurchaseNote() {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        color: 'text.secondary',
        fontSize: '0.875rem',
        '& svg': { color: 'success.main', fontSize: 20 },
      }}
    >
      <VerifiedOutlined aria-hidden />
      Compra segura · 7 dias para trocar ou devolver
    </Box>
  );
}

export function ProductShippingQuote({ shipping }: Pick<ProductPageViewProps, 'shipping'>) {
  return (
    <Box
      sx={{
        p: 2,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <ShippingQuoteForm
        postalCode={shipping.postalCode}
        options={shipping.options}
        loading={shipping.loading}
        error={shipping.error}
        onQuote={shipping.onQuote}
      />
    </Box>
  );
}
