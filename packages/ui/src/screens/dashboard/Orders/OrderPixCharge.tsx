// The order page's Pix through the bank's API (a PSP): the "Pix pelo banco" block with the
// charge's state in Portuguese, and how each payment says where it came from (staff, the static
// Pix, the bank's API or a card gateway). Pure.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { formatBRL, formatDateTime } from '../../../format';
import type { OrderDetail, OrderPixChargeNode } from './OrderScreen.graphql';

/** The payment provider of a Pix confirmed by the bank's API (the API's PIX_PSP_PROVIDER). */
export const PIX_PSP_PROVIDER = 'pix-psp';

type Payment = OrderDetail['payments'][number];

const monospace = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** The charge's state as staff read it, and whether it is a problem. */
export function pixChargeText(charge: OrderPixChargeNode): { text: string; error: boolean } {
  switch (charge.status) {
    case 'TO_CREATE':
      return { text: 'Criando cobrança…', error: false };
    case 'ATIVA':
      return { text: 'Aguardando pagamento', error: false };
    case 'CONCLUIDA':
      return {
        text: `Pago pelo banco${charge.paidAt ? ` em ${formatDateTime(charge.paidAt)}` : ''}${
          charge.endToEndId ? ` (E2E ${charge.endToEndId})` : ''
        }`,
        error: false,
      };
    case 'REMOVIDA_PELO_USUARIO_RECEBEDOR':
      return { text: 'Removida pela loja', error: false };
    case 'REMOVIDA_PELO_PSP':
      return { text: 'Removida pelo banco', error: false };
    case 'EXPIRED':
      return { text: 'Expirada', error: false };
    case 'FAILED':
      return {
        text: `Recusada pelo banco${charge.lastError ? `: ${charge.lastError}` : ''}`,
        error: true,
      };
    default:
      return { text: charge.status, error: false };
  }
}

/** While the PSP has not created the charge yet (it was unavailable: retried with backoff). */
function creatingText(charge: OrderPixChargeNode): string {
  const tries =
    charge.attempts > 0
      ? `O banco não respondeu (${charge.attempts} ${charge.attempts === 1 ? 'tentativa' : 'tentativas'}${
          charge.lastError ? `: ${charge.lastError}` : ''
        }); a loja tenta de novo. `
      : '';
  return `${tries}Enquanto isso, o Pix copia e cola da loja continua valendo.`;
}

/** "Pix pelo banco": the order's charge at the PSP. */
export function OrderPixCharge({
  charge,
  totalCents,
}: {
  charge: OrderPixChargeNode;
  totalCents: number;
}) {
  const { text, error } = pixChargeText(charge);
  const received = charge.receivedCents;
  return (
    <Box
      component="section"
      aria-labelledby="order-pix-bank"
      sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id="order-pix-bank" component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        Pix pelo banco
      </Typography>
      <Typography
        variant="body2"
        color={error ? 'error' : 'text.primary'}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {text}
      </Typography>
      {charge.status === 'TO_CREATE' ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {creatingText(charge)}
        </Typography>
      ) : null}
      {received !== null && charge.status === 'CONCLUIDA' ? (
        <Typography variant="body2" color="text.secondary">
          Recebido: {formatBRL(received)}
          {received !== totalCents ? ` (o total do pedido é ${formatBRL(totalCents)})` : ''}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        txid:{' '}
        <Box component="span" sx={monospace}>
          {charge.txid}
        </Box>
      </Typography>
    </Box>
  );
}

/** Where a payment came from: who confirmed it, or the Pix's or the gateway's id. */
export function PaymentSource({ payment }: { payment: Payment }) {
  // A manual payment's id (manual-<order>) is a key, not a txid: say who confirmed it.
  if (payment.provider === 'manual') return <>{payment.confirmation ?? 'Confirmado pela equipe'}</>;
  const [source, idLabel] =
    payment.provider === PIX_PSP_PROVIDER
      ? [payment.confirmation ?? 'Confirmado pelo banco (Pix)', 'E2E']
      : payment.provider === 'pix'
        ? ['Pix', 'txid']
        : [`Gateway: ${payment.provider}`, payment.method === 'PIX' ? 'txid' : 'ID no gateway'];
  return (
    <>
      {source} · {idLabel}:{' '}
      <Box component="span" sx={monospace}>
        {payment.providerPaymentId}
      </Box>
    </>
  );
}
