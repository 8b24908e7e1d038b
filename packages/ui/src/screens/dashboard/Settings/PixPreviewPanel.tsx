// The live Pix preview beside the Pix settings: the QR (the server's SVG as an image, never as
// markup), the copia-e-cola code and how a shopper sees a R$ 100,00 order. Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { formatBRL } from '../../../format/formatBRL';
import type { PixPreview } from './SettingsScreen.graphql';

export type PixPreviewState =
  | { kind: 'off' }
  | { kind: 'invalid' }
  | { kind: 'loading' }
  | { kind: 'ready'; preview: PixPreview }
  | { kind: 'failed'; message: string };

export const EXAMPLE_SUBTOTAL_CENTS = 10000;

/** The example order's Pix total: R$ 100,00 of products minus the Pix discount. */
export function exampleAmountCents(discountPercent: number | null): number {
  const percent =
    discountPercent === null || discountPercent < 0 ? 0 : Math.min(discountPercent, 50);
  return EXAMPLE_SUBTOTAL_CENTS - Math.round((EXAMPLE_SUBTOTAL_CENTS * percent) / 100);
}

export interface PixPreviewPanelProps {
  state: PixPreviewState;
  discountPercent: number | null;
  expiryText: string | null;
}

export function PixPreviewPanel({ state, discountPercent, expiryText }: PixPreviewPanelProps) {
  const [copied, setCopied] = useState(false);
  const total = exampleAmountCents(discountPercent);
  const discount = EXAMPLE_SUBTOTAL_CENTS - total;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="pix-previa-titulo"
      sx={{ p: 2, bgcolor: 'grey.50', display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <Typography
        id="pix-previa-titulo"
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 600 }}
      >
        Como o cliente verá
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5 }}>
        <Typography component="dt" variant="body2">
          Produtos (exemplo)
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
          {formatBRL(EXAMPLE_SUBTOTAL_CENTS)}
        </Typography>
        <Typography component="dt" variant="body2">
          Desconto no Pix
          {discountPercent !== null ? ` (${String(discountPercent).replace('.', ',')}%)` : ''}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
          {discount > 0 ? `− ${formatBRL(discount)}` : formatBRL(0)}
        </Typography>
        <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
          Total no Pix
        </Typography>
        <Typography
          component="dd"
          variant="body2"
          sx={{ fontWeight: 600, m: 0, textAlign: 'right' }}
        >
          {formatBRL(total)}
        </Typography>
      </Box>
      <Divider />
      {state.kind === 'off' ? (
        <Alert severity="warning">Sem chave Pix, a loja não oferece Pix no checkout.</Alert>
      ) : state.kind === 'invalid' ? (
        <Typography variant="body2" color="text.secondary">
          Corrija a chave, o nome e a cidade do recebedor para ver o QR Code.
        </Typography>
      ) : state.kind === 'failed' ? (
        <Alert severity="error">{state.message}</Alert>
      ) : state.kind === 'loading' ? (
        <Box role="status" aria-label="Gerando a prévia do Pix" sx={{ display: 'grid', gap: 1 }}>
          <Skeleton variant="rectangular" width={180} height={180} sx={{ mx: 'auto' }} />
          <Skeleton height={72} />
        </Box>
      ) : (
        <>
          <Box
            component="img"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.preview.qrCodeSvg)}`}
            alt={`QR Code Pix de ${formatBRL(state.preview.amountCents)}`}
            width={180}
            height={180}
            sx={{ mx: 'auto', display: 'block', bgcolor: 'common.white' }}
          />
          <TextField
            label="Pix copia e cola"
            value={state.preview.code}
            multiline
            minRows={3}
            fullWidth
            size="small"
            slotProps={{
              htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 12 } },
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(state.preview.code)
                  .then(() => setCopied(true))
                  .catch(() => setCopied(false));
              }}
            >
              Copiar código
            </Button>
            <Typography variant="body2" color="text.secondary" role="status">
              {copied ? 'Código copiado.' : ''}
            </Typography>
          </Box>
        </>
      )}
      {expiryText ? (
        <Typography variant="body2" color="text.secondary">
          O cliente tem {expiryText} para pagar; depois o pedido é cancelado e o estoque volta.
        </Typography>
      ) : null}
    </Paper>
  );
}
