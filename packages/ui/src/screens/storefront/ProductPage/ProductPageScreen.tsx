// /produto/:slug — runs the product, offer, related and shipping queries and keeps the choice.
import { useLazyQuery, useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';

import { useCart } from '../../../cart';
import { useCartCookie } from '../../../device';
import { MAX_LINE_QUANTITY } from '../../../cart/cartStore';
import { useSeo } from '../../../seo';
import { NotFoundView } from '../../errors/NotFound';
import { useStoreName } from '../../shared/useStoreName';
import { readServerError } from '../../shared/graphqlErrors';
import { storefrontPaths } from '../../../routes/paths';
import { toProductCardData } from '../shared/productCard.graphql';
import { useCardPixDiscount } from '../shared/useCardPixDiscount';
import {
  PRODUCT_OFFER_QUERY,
  PRODUCT_PAGE_QUERY,
  RELATED_PRODUCTS_QUERY,
  SHIPPING_QUOTE_QUERY,
} from './ProductPageScreen.graphql';
import {
  cheapestInStock,
  productBreadcrumbs,
  productSeo,
  restockOptionsFor,
  toProductPageData,
  trackViewItem,
} from './productPageData';
import { ProductPageView } from './ProductPageView';
import { REQUEST_RESTOCK_ALERT } from './restockAlert.graphql';
import { useAddToCart } from './useAddToCart';
import { useVariantSelection } from './useVariantSelection';
import { mixRelatedProducts } from './relatedProducts';
import { colorChoices, selectColor, selectedVariant, sizeChoices } from './variantChoices';

export function ProductPageScreen() {
  const { slug = '' } = useParams();
  // A new product is a new page: picture, quantity, choice and notices start afresh.
  return <ProductPage key={slug} slug={slug} />;
}

function ProductPage({ slug }: { slug: string }) {
  const pixDiscountPercent = useCardPixDiscount();
  const storeName = useStoreName();
  const cart = useCart();
  // 'Adicionar à sacola': the server renders the bag from the cart's cookie.
  useCartCookie();
  const { data, error, refetch } = useQuery(PRODUCT_PAGE_QUERY, { variables: { slug } });
  const product = data?.product ?? null;

  const [sizeError, setSizeError] = useState<string | null>(null);
  const [selection, setSelection] = useVariantSelection(product, () => setSizeError(null));
  const [quantity, setQuantity] = useState(1);
  const [galleryIndex, setGalleryIndex] = useState(0);
  const [requestRestock, restockResult] = useMutation(REQUEST_RESTOCK_ALERT);

  const variant = product ? selectedVariant(product.variants, selection) : null;
  const offerVariant = variant ?? (product ? cheapestInStock(product) : null);
  const { addToCart, addNotice, dismissAddNotice } = useAddToCart({
    product,
    variant,
    selection,
    quantity,
    onMissingChoice: setSizeError,
  });
  const offerQuery = useQuery(PRODUCT_OFFER_QUERY, {
    variables: { items: offerVariant ? [{ variantId: offerVariant.id, quantity: 1 }] : [] },
    skip: offerVariant === null,
  });
  const related = useQuery(RELATED_PRODUCTS_QUERY, {
    variables: {
      categorySlug: product?.category.slug ?? '',
      brandSlugs: product ? [product.brand.slug] : [],
    },
    skip: product === null,
  });
  const [quote, quoteResult] = useLazyQuery(SHIPPING_QUOTE_QUERY);

  const breadcrumbs = useMemo(() => productBreadcrumbs(product), [product]);

  useSeo(product ? productSeo(product, storeName, breadcrumbs) : null);

  const productId = product?.id;
  useEffect(() => {
    if (!product) return;
    trackViewItem(product, offerVariant ?? product.variants[0]);
    // Once per product, not on every selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);

  if (data && product === null) {
    return (
      <NotFoundView homePath={storefrontPaths.home} homeLabel="Voltar para a página inicial" />
    );
  }

  const offer = offerQuery.data?.cartPreview;
  const maxQuantity = Math.min(MAX_LINE_QUANTITY, variant ? variant.stock : MAX_LINE_QUANTITY);
  // No offer will come (it failed, or no variant can be offered): no eternal skeleton.
  const offerUnavailable = offer === undefined && (offerQuery.error !== undefined || !offerVariant);
  const relatedCards =
    related.data && product
      ? mixRelatedProducts(
          product.slug,
          related.data.sameCategory.nodes,
          related.data.sameBrand.nodes,
        ).map((node) => toProductCardData(node, { pixDiscountPercent }))
      : [];

  const restockOptions = restockOptionsFor(product, variant, selection);

  function quoteShipping(postalCode: string) {
    cart.setPostalCode(postalCode);
    const item = variant ?? offerVariant;
    if (!item) return;
    void quote({ variables: { postalCode, items: [{ variantId: item.id, quantity }] } });
  }

  return (
    <>
      <ProductPageView
        status={error && !data ? 'error' : product ? 'ready' : 'loading'}
        product={product ? toProductPageData(product, variant) : null}
        breadcrumbs={breadcrumbs}
        galleryIndex={galleryIndex}
        onGalleryIndexChange={setGalleryIndex}
        colors={product ? colorChoices(product.variants, selection) : []}
        sizes={product ? sizeChoices(product.variants, selection) : []}
        selectedColor={selection.color}
        selectedSize={selection.size}
        onColorChange={(color) => {
          if (!product) return;
          // Updates from the previous selection: both pickers can report a choice made before
          // hydration in the same commit.
          setSelection((previous) => selectColor(product.variants, previous, color));
          // Show the first picture of that colour.
          const index = product.images.findIndex((image) => image.alt.includes(color));
          if (index >= 0) setGalleryIndex(index);
        }}
        onSizeChange={(size) => setSelection((previous) => ({ ...previous, size }))}
        sizeError={sizeError}
        stock={variant ? variant.stock : null}
        offer={
          offer
            ? {
                pixPriceCents: offer.pixTotalCents,
                pixDiscountPercent: offer.pixDiscountPercent,
                installments: offer.installments,
                installmentsWithInterest: offer.installmentsWithInterest,
              }
            : null
        }
        offerUnavailable={offerUnavailable}
        quantity={Math.min(quantity, Math.max(1, maxQuantity))}
        maxQuantity={maxQuantity}
        onQuantityChange={setQuantity}
        onAddToCart={addToCart}
        shipping={{
          postalCode: cart.postalCode,
          options: quoteResult.data?.shippingQuote ?? null,
          loading: quoteResult.loading,
          error: quoteResult.error ? readServerError(quoteResult.error).message : null,
          onQuote: quoteShipping,
        }}
        related={relatedCards}
        restockAlert={{
          status: restockResult.data ? 'sent' : restockResult.loading ? 'sending' : 'idle',
          error: restockResult.error ? readServerError(restockResult.error).message : null,
          options: restockOptions,
          onSubmit: (email, variantId) =>
            void requestRestock({ variables: { email, variantId } }).catch(() => undefined),
        }}
        onRetry={() => void refetch()}
      />
      <Snackbar
        open={addNotice !== null}
        autoHideDuration={6000}
        onClose={dismissAddNotice}
        message={addNotice}
        action={
          <Button component={RouterLink} to={storefrontPaths.cart} color="inherit" size="small">
            Ver sacola
          </Button>
        }
      />
    </>
  );
}
