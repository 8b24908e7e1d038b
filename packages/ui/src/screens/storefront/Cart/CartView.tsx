// The cart, pure: lines (with the fix when stock fell), coupon, shipping by CEP and the server's
// totals, then 'Finalizar compra'. The same view fills the full page and the header's drawer.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import {
  CartLine,
  CouponField,
  EmptyState,
  ShippingQuoteForm,
  type CartLineData,
  type ShippingOptionData,
} from '../../../components/storefront';
import { formatBRL, pluralize } from '../../../format';
import { storefrontPaths } from '../../../routes/paths';
import { CartSummary, type CartSummaryData } from './CartSummary';

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

function LoadingLines({ count }: { count: number }) {
  return (
    <Box
      role="status"
      aria-busy="true"
      aria-label="Carregando a sacola"
      sx={{ display: 'grid', gap: 2, py: 2 }}
    >
      {Array.from({ length: count }, (_, index) => (
        <Box key={index} sx={{ display: 'grid', gridTemplateColumns: '80px 1fr', gap: 2 }}>
          <Skeleton variant="rounded" height={100} />
          <Box>
            <Skeleton width="40%" />
            <Skeleton width="80%" />
            <Skeleton width="30%" />
            <Skeleton variant="rounded" width={132} height={44} sx={{ mt: 1 }} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function CheckoutButton({
  enabled,
  onNavigate,
}: {
  enabled: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  return enabled ? (
    <Button
      component={RouterLink}
      to={storefrontPaths.checkout}
      onClick={onNavigate}
      variant="contained"
      size="large"
      fullWidth
      startIcon={<LockOutlined />}
      sx={{ minHeight: 52, fontSize: '1rem' }}
    >
      Finalizar compra
    </Button>
  ) : (
    <Button variant="contained" size="large" fullWidth disabled sx={{ minHeight: 52 }}>
      Finalizar compra
    </Button>
  );
}

/** 'Esvaziar sacola', asking first: the items are gone from this device once confirmed. */
function ClearCartButton({ onClear }: { onClear: () => void }) {
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <>
      <Button variant="outlined" size="large" color="error" onClick={() => setAsking(true)}>
        Esvaziar sacola
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <DialogTitle id={titleId}>Esvaziar a sacola?</DialogTitle>
        <DialogContent>
          <DialogContentText id={descriptionId}>
            Todos os itens e o cupom guardados neste aparelho serão removidos. Você pode adicionar
            os produtos de novo depois.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} sx={{ minHeight: 44 }}>
            Cancelar
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setAsking(false);
              onClear();
            }}
            sx={{ minHeight: 44 }}
          >
            Esvaziar sacola
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
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
  // Phones: the total and 'Finalizar compra' in a bar stuck to the bottom of the screen (issue 12,
  // item 6: the button sat below the fold), instead of at the end of the summary. Chosen by the
  // style sheet, not a media query in JavaScript: the server renders the bag (from the device's
  // cookie) without knowing the screen, and the browser hydrates the same markup.
  // (The phone's value outside any media query, as the tests' DOM, which applies none, sees it.)
  const phoneOnly = (theme: Theme) => ({
    display: 'flex',
    [theme.breakpoints.up('md')]: { display: 'none' },
  });
  const largerOnly = (theme: Theme) => ({
    display: 'none',
    [theme.breakpoints.up('md')]: { display: 'block' },
  });
  const itemCount = summary?.itemCount ?? lines.reduce((sum, line) => sum + line.quantity, 0);
  const problems = lines.filter((line) => line.availability !== 'AVAILABLE').length;

  if (status === 'empty') {
    return (
      <EmptyState
        icon={<ShoppingBagOutlined />}
        title="Sua sacola está vazia"
        headingLevel={drawer ? 'h2' : 'h1'}
        description={
          <p>
            {droppedCount > 0
              ? 'Os itens que estavam aqui não estão mais à venda. '
              : 'Que tal dar uma olhada nas novidades? '}
            Os produtos que você adicionar ficam guardados neste aparelho.
          </p>
        }
        actions={
          <Button
            component={RouterLink}
            to={storefrontPaths.home}
            onClick={onNavigate}
            variant="contained"
            size="large"
          >
            Continuar comprando
          </Button>
        }
      />
    );
  }

  if (status === 'error') {
    return (
      <EmptyState
        title="Não foi possível carregar sua sacola"
        headingLevel={drawer ? 'h2' : 'h1'}
        description={
          <p>
            Seus itens continuam guardados. Verifique sua conexão e tente de novo em instantes.
            {onClear
              ? ' Se o problema continuar, esvazie a sacola e adicione os produtos de novo.'
              : ''}
          </p>
        }
        actions={
          onRetry || onClear ? (
            <>
              {onRetry ? (
                <Button variant="contained" size="large" onClick={onRetry}>
                  Tentar novamente
                </Button>
              ) : null}
              {onClear ? <ClearCartButton onClear={onClear} /> : null}
            </>
          ) : null
        }
      />
    );
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
    <>
      {stale ? (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            onRetry ? (
              <Button
                color="inherit"
                size="small"
                onClick={onRetry}
                sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
              >
                Tentar novamente
              </Button>
            ) : null
          }
        >
          Não foi possível atualizar os valores da sacola. Seus itens continuam guardados; os
          valores abaixo podem ter mudado.
        </Alert>
      ) : null}
      {droppedCount > 0 ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {droppedCount === 1
            ? 'Um item que não está mais à venda foi retirado da sacola.'
            : `${droppedCount} itens que não estão mais à venda foram retirados da sacola.`}
        </Alert>
      ) : null}
      {problems > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {problems === 1
            ? 'O estoque de um item mudou. Ajuste a quantidade ou remova-o para finalizar a compra.'
            : `O estoque de ${problems} itens mudou. Ajuste as quantidades ou remova-os para finalizar a compra.`}
        </Alert>
      ) : null}
    </>
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
      <Box sx={{ display: 'grid', gridTemplateRows: '1fr auto', height: '100%', minHeight: 0 }}>
        <Box sx={{ overflowY: 'auto', px: 2.5 }}>
          {notices}
          {lineList}
        </Box>
        <Box
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            px: 2.5,
            pt: 2,
            pb: 2.5,
            display: 'grid',
            gap: 1.5,
            bgcolor: 'background.paper',
          }}
        >
          {totals}
          <CheckoutButton enabled={canCheckout && !updating && !stale} onNavigate={onNavigate} />
          <Button
            component={RouterLink}
            to={storefrontPaths.cart}
            onClick={onNavigate}
            variant="outlined"
            size="large"
            fullWidth
            sx={{ minHeight: 48 }}
          >
            Ver sacola completa
          </Button>
        </Box>
      </Box>
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
        <Box
          component="aside"
          aria-label="Resumo da compra"
          sx={{
            position: { md: 'sticky' },
            top: { md: 96 },
            display: 'grid',
            gap: 2.5,
            p: { xs: 2, sm: 3 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
          }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Resumo da compra
          </Typography>
          <ShippingQuoteForm
            title="Frete e prazo"
            postalCode={shipping.postalCode}
            options={shipping.options}
            selectedMethodId={shipping.selectedMethodId}
            onQuote={shipping.onQuote}
            onSelect={shipping.onSelect}
            loading={updating}
            error={shipping.error}
          />
          <Divider />
          {couponField}
          <Divider />
          {totals}
          <Box sx={largerOnly}>
            <CheckoutButton enabled={checkoutEnabled} />
          </Box>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, justifyContent: 'center' }}
          >
            <LockOutlined sx={{ fontSize: 16 }} aria-hidden />
            Pagamento seguro · 7 dias para desistir da compra
          </Typography>
        </Box>
      </Box>
      <Box
        data-testid="checkout-bar"
        sx={(theme) => ({
          ...phoneOnly(theme),
          position: 'sticky',
          bottom: 0,
          zIndex: theme.zIndex.appBar - 1,
          alignItems: 'center',
          gap: 2,
          mt: 3,
          mx: -2,
          px: 2,
          py: 1.25,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.08)',
        })}
      >
        <Box sx={{ flexShrink: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            Total
          </Typography>
          {summary && status === 'ready' ? (
            <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', lineHeight: 1.2 }}>
              {formatBRL(summary.totalCents)}
            </Typography>
          ) : (
            <Skeleton width={90} />
          )}
        </Box>
        <Box sx={{ flexGrow: 1 }}>
          <CheckoutButton enabled={checkoutEnabled} />
        </Box>
      </Box>
    </Box>
  );
}
