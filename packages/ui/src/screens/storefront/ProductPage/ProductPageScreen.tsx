// /produto/:slug — runs the product, offer, related and shipping queries and keeps the choice.
import { useLazyQuery, useMutation, useQuery } from '@apollo/client';
import { productTitle } from '@vitrine/rules';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';

import { useCart } from '../../../cart';
import { useCartCookie } from '../../../device';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../cart/cartStore';
import { pluralize } from '../../../format';
import { breadcrumbJsonLd, productJsonLd, useSeo } from '../../../seo';
import { NotFoundView } from '../../errors/NotFound';
import { useStoreName } from '../../shared/useStoreName';
import { centsToValue, trackCommerceEvent, variantLabel } from '../shared/analytics';
import { readServerError } from '../../shared/graphqlErrors';
import { storefrontPaths } from '../../../routes/paths';
import { toProductCardData } from '../shared/productCard.graphql';
import { useCardPixDiscount } from '../shared/useCardPixDiscount';
import {
  PRODUCT_OFFER_QUERY,
  PRODUCT_PAGE_QUERY,
  RELATED_PRODUCTS_QUERY,
  SHIPPING_QUOTE_QUERY,
  type ProductPageNode,
} from './ProductPageScreen.graphql';
import { ProductPageView } from './ProductPageView';
import { REQUEST_RESTOCK_ALERT } from './restockAlert.graphql';
import { mixRelatedProducts } from './relatedProducts';
import {
  colorChoices,
  initialSelection,
  selectColor,
  selectedVariant,
  sizeChoices,
  type VariantSelection,
} from './variantChoices';

function cheapestInStock(product: ProductPageNode) {
  return (
    [...product.variants]
      .filter((variant) => variant.available && variant.stock > 0)
      .sort((a, b) => a.priceCents - b.priceCents)[0] ?? null
  );
}

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

  const [selectionFor, setSelectionFor] = useState<{
    slug: string;
    value: VariantSelection;
  } | null>(null);
  const selection =
    selectionFor?.slug === product?.slug && selectionFor
      ? selectionFor.value
      : product
        ? initialSelection(product.variants)
        : { size: null, color: null };
  const setSelection = (
    next: VariantSelection | ((previous: VariantSelection) => VariantSelection),
  ) => {
    if (!product) return;
    const initial = initialSelection(product.variants);
    setSelectionFor((current) => {
      const previous = current?.slug === product.slug ? current.value : initial;
      return { slug: product.slug, value: typeof next === 'function' ? next(previous) : next };
    });
    setSizeError(null);
  };
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [addNotice, setAddNotice] = useState<string | null>(null);
  const [galleryIndex, setGalleryIndex] = useState(0);
  const [requestRestock, restockResult] = useMutation(REQUEST_RESTOCK_ALERT);

  const variant = product ? selectedVariant(product.variants, selection) : null;
  const offerVariant = variant ?? (product ? cheapestInStock(product) : null);
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

  const breadcrumbs = useMemo(
    () =>
      product
        ? [
            { label: 'Início', href: storefrontPaths.home },
            ...product.category.path.map((item) => ({
              label: item.name,
              href: storefrontPaths.category(item.slug),
            })),
            { label: product.name },
          ]
        : [{ label: 'Início', href: storefrontPaths.home }, { label: '…' }],
    [product],
  );

  useSeo(
    product
      ? {
          title: productTitle(product.name, product.brand.name),
          siteName: storeName,
          description: product.description.slice(0, 160),
          canonicalPath: storefrontPaths.product(product.slug),
          type: 'product',
          image: product.images[0]?.url ?? null,
          jsonLd: [
            productJsonLd({
              name: product.name,
              description: product.description,
              path: storefrontPaths.product(product.slug),
              brandName: product.brand.name,
              images: product.images.map((image) => image.url),
              // The first variant's, as the server's JSON-LD says (seo.page.ts).
              sku: product.variants[0]?.sku ?? null,
              variants: product.variants.map((item) => ({
                sku: item.sku,
                priceCents: item.priceCents,
                available: item.available && item.stock > 0,
              })),
            }),
            breadcrumbJsonLd(breadcrumbs),
          ],
        }
      : null,
  );

  const productId = product?.id;
  useEffect(() => {
    if (!product) return;
    // The variant the page opens with: item_id is a SKU in every event (shared/analytics).
    const shown = offerVariant ?? product.variants[0];
    trackCommerceEvent('view_item', {
      currency: 'BRL',
      value: centsToValue(shown?.priceCents ?? product.minPriceCents),
      items: [
        {
          item_id: shown?.sku ?? product.id,
          item_name: product.name,
          item_brand: product.brand.name,
          ...(shown
            ? { item_variant: variantLabel(shown), price: centsToValue(shown.priceCents) }
            : {}),
        },
      ],
    });
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

  function addToCart() {
    if (!product) return;
    if (!variant) {
      setSizeError(selection.size === null ? 'Escolha um tamanho.' : 'Escolha uma cor.');
      return;
    }
    const units = Math.min(quantity, Math.max(1, variant.stock));
    const inCart = cart.lines.some((line) => line.variantId === variant.id);
    // What the cart really took: capped to the stock and to the line's maximum.
    const added = cart.add(variant.id, units);
    if (added === 0) {
      setAddNotice(
        inCart
          ? `Sua sacola já tem o máximo de ${MAX_LINE_QUANTITY} unidades deste produto.`
          : `Sua sacola já tem ${MAX_CART_LINES} produtos diferentes: finalize a compra ou remova algum para adicionar este.`,
      );
      return;
    }
    trackCommerceEvent('add_to_cart', {
      currency: 'BRL',
      value: centsToValue(variant.priceCents * added),
      items: [
        {
          item_id: variant.sku,
          item_name: product.name,
          item_brand: product.brand.name,
          item_variant: variantLabel(variant),
          price: centsToValue(variant.priceCents),
          quantity: added,
        },
      ],
    });
    // One confirmation, not two (issue 12, item 12): the bag's drawer shows what was added; a
    // toast only says what the drawer would not (fewer units than asked).
    if (added < units) {
      setAddNotice(
        `Adicionamos ${pluralize(added, 'unidade', 'unidades')}: a sacola tem no máximo ${MAX_LINE_QUANTITY} deste produto.`,
      );
      return;
    }
    setAddNotice(null);
    cart.openDrawer();
  }

  // 'Avise-me quando chegar': the chosen variant when it is sold out (a sold-out size or colour
  // can be chosen in the pickers), else the sold-out ones of the chosen colour (all its sizes
  // when the colour is sold out; every variant when the whole product is).
  const manySizes = product ? new Set(product.variants.map((item) => item.size)).size > 1 : false;
  const restockOptions = !product
    ? []
    : (variant && (variant.stock <= 0 || !variant.available)
        ? [variant]
        : variant
          ? []
          : product.variants.filter(
              (item) =>
                (item.stock <= 0 || !item.available) &&
                (!product.inStock || selection.color === null || item.color === selection.color),
            )
      ).map((item) => ({
        variantId: item.id,
        label:
          item.size && manySizes
            ? `${!product.inStock && item.color && selection.color === null ? `${item.color}, t` : 'T'}amanho ${item.size}`
            : (item.color ?? (item.size ? `Tamanho ${item.size}` : 'Este produto')),
      }));

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
        product={
          product
            ? {
                name: product.name,
                description: product.description,
                brand: product.brand,
                images: product.images,
                priceCents: variant?.priceCents ?? product.minPriceCents,
                compareAtPriceCents: variant
                  ? variant.compareAtPriceCents
                  : product.compareAtPriceCents,
                startingAt: !variant && product.maxPriceCents > product.minPriceCents,
                sku: variant?.sku ?? null,
                inStock: product.inStock,
              }
            : null
        }
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
        onClose={() => setAddNotice(null)}
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
