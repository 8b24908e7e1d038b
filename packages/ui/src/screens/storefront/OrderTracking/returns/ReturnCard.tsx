// One return as the shopper follows it: its status, the units, the refund, and — once issued —
// the code to give at the agency with how to post; refused, the store's reason. Pure.
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopy from '@mui/icons-material/ContentCopy';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReturnStatus } from '@vitrine/rules';
import { Link as RouterLink } from 'react-router-dom';

import { VisuallyHidden } from '../../../../components/storefront';
import { useCopyText } from '../../../../components/storefront/shared/useCopyText';
import { formatBRL, formatDate } from '../../../../format';
import { storefrontPaths } from '../../../../routes/paths';
import type { CustomerReturnNode } from './OrderReturns.graphql';

// Dark text on a pale tint: every pair passes WCAG AA contrast.
const STATUS_COLORS: Record<ReturnStatus, { bg: string; fg: string }> = {
  REQUESTED: { bg: '#fff4e5', fg: '#7a3e00' },
  LABEL_ISSUED: { bg: '#e6f0fa', fg: '#0b4a80' },
  RECEIVED: { bg: '#e7f5ea', fg: '#1b5e20' },
  REFUNDED: { bg: '#e7f5ea', fg: '#1b5e20' },
  REJECTED: { bg: '#fdecea', fg: '#9b1c1c' },
};

export function ReturnStatusChip({
  ret,
}: {
  ret: Pick<CustomerReturnNode, 'status' | 'statusLabel'>;
}) {
  return (
    <Chip
      size="small"
      label={ret.statusLabel}
      sx={{
        fontWeight: 600,
        bgcolor: STATUS_COLORS[ret.status].bg,
        color: STATUS_COLORS[ret.status].fg,
      }}
    />
  );
}

function refundText(ret: CustomerReturnNode): string {
  return ret.shippingRefundCents > 0
    ? `${formatBRL(ret.refundCents)} (frete incluído)`
    : formatBRL(ret.refundCents);
}

function PostingCode({ ret }: { ret: CustomerReturnNode }) {
  const { copied, copy } = useCopyText();
  const code = ret.authorizationCode!;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        p: 2,
        borderRadius: 2,
        bgcolor: '#f4f7fb',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Código de autorização de postagem
        {ret.carrierLabel && ret.carrierLabel !== 'Informado pela loja'
          ? ` (${ret.carrierLabel})`
          : ''}
      </Typography>
      <Typography
        component="p"
        sx={{
          fontFamily: 'ui-monospace, monospace',
          fontSize: '1.375rem',
          fontWeight: 700,
          letterSpacing: '0.06em',
          overflowWrap: 'anywhere',
        }}
      >
        {code}
      </Typography>
      {ret.authorizationExpiresAt ? (
        <Typography variant="body2">
          Poste até <strong>{formatDate(ret.authorizationExpiresAt)}</strong>.
        </Typography>
      ) : null}
      {ret.instructions ? <Typography variant="body2">{ret.instructions}</Typography> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          onClick={() => void copy(code)}
          startIcon={copied === 'yes' ? <CheckRounded /> : <ContentCopy />}
          sx={{ minHeight: 44 }}
        >
          {copied === 'yes' ? 'Código copiado!' : 'Copiar código'}
        </Button>
        {ret.labelUrl ? (
          <Button
            href={ret.labelUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            endIcon={<OpenInNewRounded />}
            sx={{ minHeight: 44 }}
          >
            Imprimir etiqueta
            <VisuallyHidden> (abre em nova aba)</VisuallyHidden>
          </Button>
        ) : null}
      </Box>
      <Typography role="status" variant="body2" sx={{ minHeight: '1em' }}>
        {copied === 'manual' ? 'Não foi possível copiar: anote o código acima.' : ''}
      </Typography>
    </Box>
  );
}

/** What happens next, or what happened, in one sentence. */
function stepText(ret: CustomerReturnNode): string | null {
  switch (ret.status) {
    case 'REQUESTED':
      return ret.carrierLabel && ret.carrierLabel !== 'Informado pela loja'
        ? `Estamos gerando o código de postagem dos ${ret.carrierLabel}: ele chega por e-mail e aparece aqui.`
        : 'A loja envia o código de postagem por e-mail em até 2 dias úteis; ele também aparece aqui.';
    case 'LABEL_ISSUED':
      return `Quando os produtos chegarem à loja, devolvemos ${refundText(ret)}.`;
    case 'RECEIVED':
      return `Recebemos os produtos em ${formatDate(ret.receivedAt ?? ret.requestedAt)}.`;
    case 'REFUNDED':
      return `Recebemos os produtos e devolvemos ${refundText(ret)} em ${formatDate(
        ret.refundedAt ?? ret.requestedAt,
      )}, pela mesma forma de pagamento da compra.`;
    case 'REJECTED':
      return null;
  }
}

export function ReturnCard({ ret }: { ret: CustomerReturnNode }) {
  const headingId = `return-${ret.id}-title`;
  const step = stepText(ret);
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 1.5, py: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Devolução {ret.number}
        </Typography>
        <ReturnStatusChip ret={ret} />
        <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
          Pedida em {formatDate(ret.requestedAt)} · Motivo: {ret.reason}
        </Typography>
      </Box>
      <Box component="ul" aria-label={`Produtos da devolução ${ret.number}`} sx={{ m: 0, pl: 2.5 }}>
        {ret.lines.map((line) => (
          <Typography component="li" variant="body2" key={line.lineId}>
            {line.quantity} × {line.productName}
            {line.variantLabel ? ` (${line.variantLabel})` : ''}
          </Typography>
        ))}
      </Box>
      {ret.status === 'REQUESTED' ? (
        <Typography variant="body2">
          Valor a devolver: <strong>{refundText(ret)}</strong>
        </Typography>
      ) : null}
      {ret.status === 'LABEL_ISSUED' && ret.authorizationCode ? <PostingCode ret={ret} /> : null}
      {step ? <Typography variant="body2">{step}</Typography> : null}
      {ret.status === 'REJECTED' ? (
        <Alert severity="warning">
          A loja não aceitou esta devolução
          {ret.rejectionReason ? `: ${ret.rejectionReason}` : '.'} Dúvidas? Veja a{' '}
          <Link component={RouterLink} to={storefrontPaths.exchangesAndReturns}>
            política de trocas e devoluções
          </Link>{' '}
          ou responda o e-mail que enviamos.
        </Alert>
      ) : null}
    </Box>
  );
}
