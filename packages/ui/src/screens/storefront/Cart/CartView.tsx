// The cart, pure: lines (with the fix when stock fell), coupon, shipping by CEP and the server's
// totals, then 'Finalizar compra'. The same view fills the full page and the header's drawer.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import {
  CartLine,
  CouponField,
  type CartLineData,
  type ShippingOptionData,
} from '../../../components/storefront';
import { pluralize } from '../../../format';
import { storefrontPaths } from '../../../routes/paths';
import { CartSummary, type CartSummaryData } from './CartSummary';
import {
  CartDrawerLayout,
  CartEmpty,
  CartLoadError,
  CartNotices,
  CartSummaryPanel,
  LoadingLines,
  PhoneCheckoutBar,
} from './CartViewParts';

export type CartViewStatus = 'loading' | 'empty' | 'ready' | 'error';

export interface CartCouponProps {
  appliedCode: string | null;
  /** The code saved in the cart: shown with 'Remover' when the server did not apply it. */
  savedCode?: string | null;
  discountCents: number;
  freeShipping: boolean;
  /** Why the server refused the code. */
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}

export interface CartShippingProps {
  postalCode: string | null;
  options: ShippingOptionData[] | null;
  selectedMethodId: string | null;
  error: string | null;
  onQuote: (postalCode: string) => void;
  onSelect: (methodId: string) => void;
}

export interface CartViewProps {
  status: CartViewStatus;
  /** 'page' at /carrinho, 'drawer' inside the header's drawer (tighter, no shipping form). */
  layout?: 'page' | 'drawer';
  lines: CartLineData[];
  summary: CartSummaryData | null;
  /** A newer price is on its way. */
  updating?: boolean;
  /** The last re-pricing failed: the figures shown are the previous ones and checkout waits. */
  stale?: boolean;
  /** Every line is available: the checkout button is enabled. */
  canCheckout: boolean;
  /** Items taken out because they are no longer for sale. */
  droppedCount?: number;
  coupon: CartCouponProps;
  shipping: CartShippingProps;
  onQuantityChange: (variantId: string, quantity: number) => void;
  onRemove: (variantId: string) => void;
  /** A line just removed: a toast offers "Desfazer" (name: the product's, when known). */
  removed?: { name: string | null } | null;
  onUndoRemove?: () => void;
  onRemovedDismiss?: () => void;
  onRetry?: () => void;
  /** Empties the cart on this device: the way out when it cannot be loaded. */
  onClear?: () => void;
  /** Called when the shopper follows a link out of the cart (the drawer closes). */
  onNavigate?: () => void;
}

/** "Produto removido" with "Desfazer", for a few seconds after a line is removed. */
function RemovedToast({
  removed,
  onUndo,
  onDismiss,
}: {
  removed: { name: string | null } | null;
  onUndo: (() => void) | undefined;
  onDismiss: (() => void) | undefined;
}) {
  return (
    <Snackbar
      open={removed !== null}
      autoHideDuration={8000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onDismiss?.();
      }}
      message={removed?.name ? `${removed.name} saiu da sacola` : 'Produto removido da sacola'}
      action={
        onUndo ? (
          <Button color="inherit" size="small" onClick={onUndo} sx={{ minHeight: 44 }}>
            Desfazer
          </Button>
        ) : null
      }
    />
  );
}

export function CartView(props: CartViewProps) {
  return (
    <>
      <CartViewContent {...props} />
      <RemovedToast
        removed={props.removed ?? null}
        onUndo={props.onUndoRemove}
        onDismiss={props.onRemovedDismiss}
      />
    </>
  );
}

function CartViewContent({
  status,
  layout = 'page',
  lines,
  summary,
  updating = false,
  stale = false,
  canCheckout,
  droppedCount = 0,
  coupon,
  shipping,
  onQuantityChange,
  onRemove,
  onRetry,
  onClear,
  onNavigate,
}: CartViewProps) {
  const drawer = layout === 'drawer';
  const itemCount = summary?.itemCount ?? lines.reduce((sum, line) => sum + line.quantity, 0);
  const problems = lines.filter((line) => line.availability !== 'AVAILABLE').length;

  if (status === 'empty') {
    return <CartEmpty drawer={drawer} droppedCount={droppedCount} onNavigate={onNavigate} />;
  }
  if (status === 'error') {
    return <CartLoadError drawer={drawer} onRetry={onRetry} onClear={onClear} />;
  }

  const checkoutEnabled = status === 'ready' && canCheckout && !updating && !stale;

  const heading = drawer ? null : (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', md: '2rem' } }}
      >
        Minha sacola
      </Typography>
      {status === 'ready' ? (
        <Typography color="text.secondary">{pluralize(itemCount, 'item', 'itens')}</Typography>
      ) : null}
    </Box>
  );

  const notices = (
    <CartNotices stale={stale} droppedCount={droppedCount} problems={problems} onRetry={onRetry} />
  );

  const lineList =
    status === 'loading' ? (
      <LoadingLines count={drawer ? 2 : 3} />
    ) : (
      <Box component="ul" aria-label="Itens da sacola" sx={{ m: 0, p: 0 }}>
        {lines.map((line, index) => (
          <CartLine
            key={line.variantId}
            line={line}
            compact={drawer}
            priority={!drawer && index === 0}
            disabled={updating}
            onQuantityChange={(quantity) => onQuantityChange(line.variantId, quantity)}
            onRemove={() => onRemove(line.variantId)}
          />
        ))}
      </Box>
    );

  const couponField = (
    <CouponField
      appliedCode={coupon.appliedCode}
      savedCode={coupon.savedCode ?? null}
      discountCents={coupon.discountCents}
      freeShipping={coupon.freeShipping}
      error={coupon.error}
      loading={updating}
      onApply={coupon.onApply}
      onRemove={coupon.onRemove}
    />
  );

  const totals =
    summary && status === 'ready' ? (
      <CartSummary summary={summary} updating={updating} />
    ) : (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Skeleton width="100%" />
        <Skeleton width="100%" />
        <Skeleton width="60%" height={36} />
      </Box>
    );

  if (drawer) {
    return (
      <CartDrawerLayout
        notices={notices}
        lineList={lineList}
        totals={totals}
        checkoutEnabled={canCheckout && !updating && !stale}
        onNavigate={onNavigate}
      />
    );
  }

  return (
    <Box>
      {heading}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-label="Itens">
          {notices}
          {lineList}
          <Button
            component={RouterLink}
            to={storefrontPaths.home}
            startIcon={<ArrowBackRounded />}
            sx={{ mt: 2, minHeight: 44 }}
          >
            Continuar comprando
          </Button>
        </Box>
        <CartSummaryPanel
          shipping={shipping}
          updating={updating}
          couponField={couponField}
          totals={totals}
          checkoutEnabled={checkoutEnabled}
        />
      </Box>
      <PhoneCheckoutBar
        totalCents={summary && status === 'ready' ? summary.totalCents : null}
        checkoutEnabled={checkoutEnabled}
      />
    </Box>
  );
}
