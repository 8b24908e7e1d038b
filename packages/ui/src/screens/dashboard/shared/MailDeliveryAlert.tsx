// The warning staff see while the store's mails go nowhere (no mail server configured): on the
// home, in Settings and on the E-mails screen, with a link to the mails held meanwhile.
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { DASHBOARD_MAIL_DELIVERY_QUERY, type MailDelivery } from './mailDelivery.graphql';

/** The mail server's state for an ADMIN (null for the other roles, while loading, or on error). */
export function useMailDelivery(isAdmin: boolean): MailDelivery | null {
  const { data } = useQuery(DASHBOARD_MAIL_DELIVERY_QUERY, {
    skip: !isAdmin,
    fetchPolicy: 'cache-and-network',
    errorPolicy: 'ignore',
  });
  return isAdmin ? (data?.mailDelivery ?? null) : null;
}

export interface MailDeliveryAlertProps {
  delivery: MailDelivery | null;
  /** Shows the link to the held mails (not on the E-mails screen itself). */
  linkToHeld?: boolean;
}

function heldText(count: number): string {
  if (count === 0) return 'Nenhum e-mail ficou retido até agora.';
  return count === 1
    ? '1 e-mail está retido esperando o envio.'
    : `${count.toLocaleString('pt-BR')} e-mails estão retidos esperando o envio.`;
}

/** Nothing while mail is configured (or unknown); a warning while it is not. */
export function MailDeliveryAlert({ delivery, linkToHeld = true }: MailDeliveryAlertProps) {
  if (!delivery || delivery.configured) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        linkToHeld ? (
          <Button
            component={RouterLink}
            to={`${dashboardPaths.mail}?status=NOT_CONFIGURED`}
            color="inherit"
            size="small"
          >
            Ver retidos
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Os e-mails da loja não estão sendo enviados</AlertTitle>
      Nenhum servidor de e-mail está configurado (variável SMTP_URL do servidor): confirmações de
      pedido, códigos Pix, convites e redefinições de senha não chegam a ninguém.{' '}
      {heldText(delivery.heldCount)} Depois de configurar, reenvie-os em E-mails.
    </Alert>
  );
}
