// The product page: gallery, price with the server's Pix and installment offer, size and colour
// pickers that show what is sold out (and let it be chosen, for 'Avise-me'), stock, quantity, add to cart, shipping by CEP, details and
// related products.
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import {
  Breadcrumbs,
  InstallmentLine,
  PixPrice,
  PriceTag,
  RestockAlertForm,
  type RestockAlertFormProps,
  ProductGallery,
  QuantityStepper,
  ShippingQuoteForm,
  StockMessage,
  VariantPicker,
  type BreadcrumbItem,
  type GalleryImage,
  type InstallmentOfferData,
  type ProductCardData,
  type ShippingOptionData,
  type VariantOptionChoice,
} from '../../../components/storefront';
import { FormattedText } from '../../../components/FormattedText';
import { storefrontPaths } from '../../../routes/paths';
import { ProductGrid } from '../shared/ProductGrid';
import { StorefrontErrorView } from '../shared/StorefrontErrorView';

export interface ProductPageData {
  name: string;
  description: string;
  brand: { slug: string; name: string };
  images: GalleryImage[];
  /** Of the chosen variant, or the product's lowest when none is chosen. */
  priceCents: number;
  compareAtPriceCents: number | null;
  /** Variants differ in price and none is chosen. */
  startingAt: boolean;
  sku: string | null;
  inStock: boolean;
}

export interface ProductOffer {
  pixPriceCents: number;
  pixDiscountPercent: number;
  installments: InstallmentOfferData;
  /** The longest plan with interest, beside the interest-free one; null: none. */
  installmentsWithInterest?: InstallmentOfferData | null;
}

export interface ProductPageViewProps {
  status: 'loading' | 'error' | 'ready';
  product: ProductPageData | null;
  breadcrumbs: BreadcrumbItem[];
  galleryIndex?: number;
  onGalleryIndexChange?: (index: number) => void;
  colors: VariantOptionChoice[];
  sizes: VariantOptionChoice[];
  selectedColor: string | null;
  selectedSize: string | null;
  onColorChange: (color: string) => void;
  onSizeChange: (size: string) => void;
  /** 'Escolha um tamanho.' after trying to add without one. */
  sizeError?: string | null;
  /** Stock of the chosen variant (null until one is chosen). */
  stock: number | null;
  offer: ProductOffer | null;
  /**
   * The offer could not be had (its query failed): a quiet note replaces the Pix and installment
   * lines instead of their skeletons.
   */
  offerUnavailable?: boolean;
  quantity: number;
  maxQuantity: number;
  onQuantityChange: (quantity: number) => void;
  onAddToCart: () => void;
  shipping: {
    postalCode: string | null;
    options: ShippingOptionData[] | null;
    loading: boolean;
    error: string | null;
    onQuote: (postalCode: string) => void;
  };
  related: ProductCardData[];
  /**
   * 'Avise-me quando chegar' for the sold-out variants (the chosen one when it is sold out, or
   * the sizes of a sold-out colour chosen); null or no options: no form. Sold-out sizes and
   * colours can be chosen in the pickers for this, struck through.
   */
  restockAlert?: Omit<RestockAlertFormProps, 'className' | 'sx'> | null;
  onRetry?: () => void;
}

function InfoSkeleton() {
  return (
    <Box aria-hidden>
      <Skeleton width="30%" />
      <Skeleton width="90%" height={48} />
      <Skeleton width="50%" height={40} sx={{ mt: 2 }} />
      <Skeleton width="60%" />
      <Skeleton variant="rounded" height={96} sx={{ mt: 3 }} />
      <Skeleton variant="rounded" height={48} sx={{ mt: 3 }} />
    </Box>
  );
}

export function ProductPageView({
  status,
  product,
  breadcrumbs,
  galleryIndex,
  onGalleryIndexChange,
  colors,
  sizes,
  selectedColor,
  selectedSize,
  onColorChange,
  onSizeChange,
  sizeError,
  stock,
  offer,
  offerUnavailable = false,
  quantity,
  maxQuantity,
  onQuantityChange,
  onAddToCart,
  shipping,
  related,
  restockAlert = null,
  onRetry,
}: ProductPageViewProps) {
  if (status === 'error') {
    return (
      <StorefrontErrorView
        title="Não foi possível carregar este produto"
        {...(onRetry ? { onRetry } : {})}
      />
    );
  }
  const soldOut = product !== null && !product.inStock;
  const variantSoldOut = stock !== null && stock <= 0;
  // A sold-out colour can be chosen (for 'Avise-me'); nothing of it can be bought.
  const colorSoldOut =
    selectedColor !== null &&
    colors.some((choice) => choice.value === selectedColor && !choice.available);
  const cannotBuy = variantSoldOut || colorSoldOut;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      {product === null ? (
        // The crumbs' place (one 44 px line) while the product loads, so the page does not move.
        <Skeleton aria-hidden width={240} sx={{ mb: 2, height: 44 }} />
      ) : (
        <Breadcrumbs items={breadcrumbs} compactOnPhone sx={{ mb: 2 }} />
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gap: { xs: 3, md: 5 },
          alignItems: 'start',
        }}
      >
        <Box sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
          {product ? (
            <ProductGallery
              images={product.images}
              productName={product.name}
              {...(galleryIndex !== undefined ? { index: galleryIndex } : {})}
              {...(onGalleryIndexChange ? { onIndexChange: onGalleryIndexChange } : {})}
            />
          ) : (
            <Skeleton
              variant="rounded"
              sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 5' }}
            />
          )}
        </Box>

        {product === null ? (
          <InfoSkeleton />
        ) : (
          // Below md the details' box steps aside (display: contents): its parts become rows of
          // the page's grid, so the sticky buy row below can stick from the top of the page on,
          // not only once the details (under a phone-high gallery) are on screen.
          <Box sx={{ display: { xs: 'contents', md: 'grid' }, gap: 2.5, minWidth: 0 }}>
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

            {soldOut ? (
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
            )}

            <Divider />

            {soldOut ? null : colors.length > 1 ? (
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
            {!soldOut && sizes.length > 1 ? (
              <VariantPicker
                label="Tamanho"
                name="tamanho"
                options={sizes}
                value={selectedSize}
                onChange={onSizeChange}
                error={sizeError ?? null}
                soldOutChoosable
              />
            ) : null}

            {/* The stock line's room is kept before a size is chosen, so choosing one does not
            push the buy button down (issue 12, item 12). */}
            {soldOut ? null : (
              <Box sx={{ minHeight: 24 }}>
                {/* A sold-out size says so once, on the button ('Tamanho esgotado'). */}
                {stock !== null && stock > 0 ? <StockMessage stock={stock} showInStock /> : null}
              </Box>
            )}

            {soldOut ? null : (
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
                  {colorSoldOut
                    ? 'Cor esgotada'
                    : variantSoldOut
                      ? 'Tamanho esgotado'
                      : 'Adicionar à sacola'}
                </Button>
              </Box>
            )}

            {restockAlert && restockAlert.options.length > 0 ? (
              <RestockAlertForm {...restockAlert} />
            ) : null}

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

            <Box component="section" aria-labelledby="descricao">
              <Typography id="descricao" component="h2" variant="h5" sx={{ mb: 1 }}>
                Descrição
              </Typography>
              <FormattedText text={product.description} sx={{ color: 'text.secondary' }} />
            </Box>
          </Box>
        )}
      </Box>

      {related.length > 0 ? (
        <Box component="section" aria-labelledby="relacionados" sx={{ mt: { xs: 5, md: 8 } }}>
          <Typography
            id="relacionados"
            component="h2"
            variant="h3"
            sx={{ mb: 2, fontSize: { xs: '1.25rem', md: '1.5rem' } }}
          >
            Você também pode gostar
          </Typography>
          <ProductGrid products={related} eagerCount={0} label="Você também pode gostar" />
        </Box>
      ) : null}
    </Container>
  );
}
