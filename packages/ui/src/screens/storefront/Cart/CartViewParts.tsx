// The cart view's parts: the loading lines, the checkout and clear buttons, the empty and error
// states, the notices above the lines, the drawer's layout, the page's summary column and the
// phone's checkout bar.
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
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyState, ShippingQuoteForm } from '../../../components/storefront';
import { formatBRL } from '../../../format';
import { storefrontPaths } from '../../../routes/paths';
import type { CartShippingProps } from './CartView';

export function LoadingLines({ count }: { count: number }) {
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

export function CheckoutButton({
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
export function ClearCartButton({ onClear }: { onClear: () => void }) {
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

/** Nothing in the bag (or only items no longer sold): the way back to the shop. */
export function CartEmpty({
  drawer,
  droppedCount,
  onNavigate,
}: {
  drawer: boolean;
  droppedCount: number;
  onNavigate: (() => void) | undefined;
}) {
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

/** The bag could not be priced at all: try again, or empty it as the last way out. */
export function CartLoadError({
  drawer,
  onRetry,
  onClear,
}: {
  drawer: boolean;
  onRetry: (() => void) | undefined;
  onClear: (() => void) | undefined;
}) {
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

/** Above the lines: figures not current, items taken out, stock that fell. */
export function CartNotices({
  stale,
  droppedCount,
  problems,
  onRetry,
}: {
  stale: boolean;
  droppedCount: number;
  /** Lines not available as asked. */
  problems: number;
  onRetry: (() => void) | undefined;
}) {
  return (
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
}

/** The drawer: the lines scroll, the totals and the buttons stay at the bottom. */
export function CartDrawerLayout({
  notices,
  lineList,
  totals,
  checkoutEnabled,
  onNavigate,
}: {
  notices: ReactNode;
  lineList: ReactNode;
  totals: ReactNode;
  checkoutEnabled: boolean;
  onNavigate: (() => void) | undefined;
}) {
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
        <CheckoutButton enabled={checkoutEnabled} onNavigate={onNavigate} />
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

/** The phone's bar at the bottom of the screen: the total and 'Finalizar compra'. */
export function PhoneCheckoutBar({
  totalCents,
  checkoutEnabled,
}: {
  /** null while the totals are not known. */
  totalCents: number | null;
  checkoutEnabled: boolean;
}) {
  return (
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
        {totalCents !== null ? (
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', lineHeight: 1.2 }}>
            {formatBRL(totalCents)}
          </Typography>
        ) : (
          <Skeleton width={90} />
        )}
      </Box>
      <Box sx={{ flexGrow: 1 }}>
        <CheckoutButton enabled={checkoutEnabled} />
      </Box>
    </Box>
  );
}

/** The page's summary column: shipping by CEP, the coupon, the totals and 'Finalizar compra'. */
export function CartSummaryPanel({
  shipping,
  updating,
  couponField,
  totals,
  checkoutEnabled,
}: {
  shipping: CartShippingProps;
  updating: boolean;
  couponField: ReactNode;
  totals: ReactNode;
  checkoutEnabled: boolean;
}) {
  return (
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
  );
}
