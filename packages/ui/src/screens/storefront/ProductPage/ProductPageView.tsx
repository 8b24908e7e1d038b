// The product page: gallery, price with the server's Pix and installment offer, size and colour
// pickers that show what is sold out (and let it be chosen, for 'Avise-me'), stock, quantity, add to cart, shipping by CEP, details and
// related products.
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

import {
  Breadcrumbs,
  RestockAlertForm,
  type RestockAlertFormProps,
  ProductGallery,
  StockMessage,
  type BreadcrumbItem,
  type GalleryImage,
  type InstallmentOfferData,
  type ProductCardData,
  type ShippingOptionData,
  type VariantOptionChoice,
} from '../../../components/storefront';
import { FormattedText } from '../../../components/FormattedText';
import { StorefrontErrorView } from '../shared/StorefrontErrorView';
import {
  BuyBar,
  ProductHeading,
  ProductPrice,
  ProductShippingQuote,
  RelatedProducts,
  SecurePurchaseNote,
  VariantChoices,
} from './ProductPageParts';

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
            <ProductHeading product={product} />

            <ProductPrice
              product={product}
              soldOut={soldOut}
              offer={offer}
              offerUnavailable={offerUnavailable}
            />

            <Divider />

            {soldOut ? null : (
              <VariantChoices
                colors={colors}
                sizes={sizes}
                selectedColor={selectedColor}
                selectedSize={selectedSize}
                onColorChange={onColorChange}
                onSizeChange={onSizeChange}
                sizeError={sizeError ?? null}
              />
            )}

            {/* The stock line's room is kept before a size is chosen, so choosing one does not
            push the buy button down (issue 12, item 12). */}
            {soldOut ? null : (
              <Box sx={{ minHeight: 24 }}>
                {/* A sold-out size says so once, on the button ('Tamanho esgotado'). */}
                {stock !== null && stock > 0 ? <StockMessage stock={stock} showInStock /> : null}
              </Box>
            )}

            {soldOut ? null : (
              <BuyBar
                quantity={quantity}
                maxQuantity={maxQuantity}
                onQuantityChange={onQuantityChange}
                onAddToCart={onAddToCart}
                colorSoldOut={colorSoldOut}
                variantSoldOut={variantSoldOut}
              />
            )}

            {restockAlert && restockAlert.options.length > 0 ? (
              <RestockAlertForm {...restockAlert} />
            ) : null}

            <SecurePurchaseNote />

            <ProductShippingQuote shipping={shipping} />

            <Box component="section" aria-labelledby="descricao">
              <Typography id="descricao" component="h2" variant="h5" sx={{ mb: 1 }}>
                Descrição
              </Typography>
              <FormattedText text={product.description} sx={{ color: 'text.secondary' }} />
            </Box>
          </Box>
        )}
      </Box>

      {related.length > 0 ? <RelatedProducts products={related} /> : null}
    </Container>
  );
}
