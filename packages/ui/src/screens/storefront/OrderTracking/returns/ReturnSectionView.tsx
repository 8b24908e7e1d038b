// 'Devolver produtos' on the tracking page of a delivered order: inside the 7 days (direito de
// arrependimento) until when and a button that opens the form; after a request, the confirmation
// and each return's status with the code to post the parcel; past the 7 days, the store's own
// exchange policy (the institutional page) instead of the form. Pure.
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDate } from '../../../../format';
import { storefrontPaths } from '../../../../routes/paths';
import type {
  CustomerReturnNode,
  OrderReturnsInfo,
  ReturnRequestInputNode,
} from './OrderReturns.graphql';
import { ReturnCard } from './ReturnCard';
import { ReturnForm, type ReturnFormError } from './ReturnForm';

export interface ReturnSectionViewProps {
  status: 'loading' | 'error' | 'ready';
  info: OrderReturnsInfo | null;
  /** The return just asked for: the confirmation at the top. */
  requested?: CustomerReturnNode | null;
  submitting?: boolean;
  /** The server's refusal of the last request. */
  error?: ReturnFormError | null;
  onSubmit(input: ReturnRequestInputNode): void;
  onRetry?(): void;
  /** The form open from the start (stories). */
  initialOpen?: boolean;
}

const card = {
  p: { xs: 2, sm: 3 },
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
} as const;

function ExchangePolicy({ endsAt }: { endsAt: string | null }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">
        {endsAt
          ? `O prazo de 7 dias para desistir da compra terminou em ${formatDate(endsAt)}.`
          : 'O prazo de 7 dias para desistir da compra já terminou.'}{' '}
        Trocas de tamanho ou cor e produtos com defeito seguem a política de trocas da loja.
      </Typography>
      <Button
        component={RouterLink}
        to={storefrontPaths.exchangesAndReturns}
        variant="outlined"
        sx={{ justifySelf: 'start', minHeight: 44 }}
      >
        Ver a política de trocas e devoluções
      </Button>
    </Box>
  );
}

export function ReturnSectionView({
  status,
  info,
  requested = null,
  submitting = false,
  error = null,
  onSubmit,
  onRetry,
  initialOpen = false,
}: ReturnSectionViewProps) {
  // The form belongs to the request it was opened after: a new confirmation closes it.
  const [openAfter, setOpenAfter] = useState<CustomerReturnNode | null | undefined>(
    initialOpen ? requested : undefined,
  );
  const open = openAfter !== undefined && openAfter === requested;
  const setOpen = (value: boolean) => setOpenAfter(value ? requested : undefined);
  const confirmationRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (requested) confirmationRef.current?.focus();
  }, [requested]);

  const returns = info?.returns ?? [];
  const underWay = returns.some(
    (ret) => ret.status === 'REQUESTED' || ret.status === 'LABEL_ISSUED',
  );
  const allBack =
    info !== null && info.returnableLines.every((line) => line.returnableQuantity === 0);

  return (
    <Box
      component="section"
      aria-labelledby="returns-title"
      sx={{ ...card, display: 'grid', gap: 2 }}
    >
      <Typography
        id="returns-title"
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <AssignmentReturnOutlined aria-hidden /> Devolver produtos
      </Typography>
      {status === 'loading' ? (
        <Box role="status" aria-busy="true" aria-label="Carregando as devoluções">
          <Skeleton width="80%" />
          <Skeleton width="50%" />
        </Box>
      ) : status === 'error' || !info ? (
        <Alert
          severity="warning"
          action={
            onRetry ? (
              <Button color="inherit" onClick={onRetry}>
                Tentar de novo
              </Button>
            ) : null
          }
        >
          Não foi possível ver as devoluções deste pedido agora.
        </Alert>
      ) : (
        <>
          {requested ? (
            <Alert ref={confirmationRef} tabIndex={-1} severity="success" sx={{ outline: 'none' }}>
              Recebemos seu pedido de devolução {requested.number}.{' '}
              {returns.some((ret) => ret.id === requested.id && ret.authorizationCode)
                ? 'O código para postar o pacote está logo abaixo e também foi para o seu e-mail.'
                : 'Enviamos a confirmação para o seu e-mail; o código para postar o pacote chega por e-mail e aparece logo abaixo.'}
            </Alert>
          ) : null}
          {error && !error.field && !(info.returnable && open) ? (
            <Alert severity="error" role="alert">
              {error.message}
            </Alert>
          ) : null}
          {info.returnable ? (
            <>
              <Typography variant="body2">
                Você pode desistir da compra até{' '}
                <strong>{formatDate(info.returnWindowEndsAt!)}</strong> (7 dias após a entrega,
                direito de arrependimento), sem custo: a postagem é por nossa conta.
              </Typography>
              {open ? (
                <ReturnForm
                  lines={info.returnableLines}
                  submitting={submitting}
                  error={error}
                  onSubmit={onSubmit}
                  onCancel={() => setOpen(false)}
                />
              ) : (
                <Button
                  variant="contained"
                  onClick={() => setOpen(true)}
                  sx={{ justifySelf: 'start', minHeight: 48 }}
                >
                  Devolver produtos
                </Button>
              )}
            </>
          ) : underWay ? (
            <Typography variant="body2">
              Sua devolução está em andamento: acompanhe abaixo. Quer devolver outro produto? Depois
              que esta terminar, você pode pedir outra dentro do prazo.
            </Typography>
          ) : allBack ? (
            <Typography variant="body2">
              Todos os produtos deste pedido já foram devolvidos.
            </Typography>
          ) : (
            <ExchangePolicy endsAt={info.returnWindowEndsAt} />
          )}
          {returns.length > 0 ? (
            <Box aria-label="Devoluções do pedido" role="list" sx={{ display: 'grid' }}>
              {[...returns].reverse().map((ret) => (
                <Box role="listitem" key={ret.id}>
                  <ReturnCard ret={ret} />
                </Box>
              ))}
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}
