// 4 Revisão do pedido, beside the form (sticky from md up): the choices with 'Alterar', the order's
// lines and totals, why the order waits, and 'Finalizar pedido'.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { storefrontPaths } from '../../shared/paths';
import type { PaymentMethodValue } from '../checkoutForm';

export interface OrderReviewProps {
  /** The totals are not there yet: skeletons stand in for the choices and the summary. */
  loading: boolean;
  /** The choices and the summary, shown once there are totals. */
  children: ReactNode;
  /** The last re-pricing failed (shown once the checkout is ready). */
  pricingError: boolean;
  onRetryPricing?: () => void;
  /** The server's refusal that belongs to no field. */
  serverAlert: ReactNode;
  canSubmit: boolean;
  /** Why 'Finalizar pedido' waits, if it does. */
  waitingReason: string | null;
  sending: boolean;
  paymentMethod: PaymentMethodValue | undefined;
}

export function OrderReview({
  loading,
  children,
  pricingError,
  onRetryPricing,
  serverAlert,
  canSubmit,
  waitingReason,
  sending,
  paymentMethod,
}: OrderReviewProps) {
  return (
    <Box
      component="section"
      aria-labelledby="checkout-review-title"
      sx={{
        position: { md: 'sticky' },
        top: { md: 96 },
        display: 'grid',
        gap: 2,
        p: { xs: 2, sm: 3 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Typography id="checkout-review-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 28,
            height: 28,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.875rem',
            mr: 1.25,
          }}
        >
          4
        </Box>
        Revisão do pedido
      </Typography>
      {loading ? (
        <Box role="status" aria-busy="true" aria-label="Carregando o resumo">
          <Skeleton height={72} />
          <Skeleton height={72} />
          <Skeleton width="60%" height={36} />
        </Box>
      ) : (
        children
      )}
      {pricingError ? (
        <Alert
          severity="warning"
          role="alert"
          action={
            onRetryPricing ? (
              <Button color="inherit" onClick={onRetryPricing} sx={{ minHeight: 44 }}>
                Tentar novamente
              </Button>
            ) : undefined
          }
        >
          Não foi possível atualizar os valores do pedido. Os valores acima podem estar
          desatualizados: tente novamente para finalizar.
        </Alert>
      ) : null}
      {serverAlert}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!canSubmit}
        aria-disabled={!canSubmit}
        aria-describedby={waitingReason ? 'checkout-submit-reason' : undefined}
        startIcon={
          sending || waitingReason ? (
            <CircularProgress size={18} color="inherit" aria-hidden />
          ) : (
            <LockOutlined />
          )
        }
        sx={{ minHeight: 52, fontSize: '1rem' }}
      >
        {sending
          ? paymentMethod === 'PIX'
            ? 'Enviando pedido…'
            : 'Processando pagamento…'
          : paymentMethod === 'CARD'
            ? 'Finalizar e pagar'
            : 'Finalizar pedido'}
      </Button>
      <Typography
        id="checkout-submit-reason"
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', '&:empty': { display: 'none' } }}
      >
        {waitingReason}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        Ao finalizar, você concorda com as condições de compra. Você pode desistir em até 7 dias
        após o recebimento.
      </Typography>
      <Button
        component={RouterLink}
        to={storefrontPaths.cart}
        startIcon={<ArrowBackRounded />}
        sx={{ minHeight: 44, justifySelf: 'center' }}
      >
        Voltar para a sacola
      </Button>
    </Box>
  );
}
