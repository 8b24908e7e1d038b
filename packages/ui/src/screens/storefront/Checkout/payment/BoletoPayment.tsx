// The boleto of a waiting order: due date, the typeable line with a copy button, the link to the
// slip and how long it takes to clear. Used by the confirmation and the tracking pages.
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopy from '@mui/icons-material/ContentCopy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { useCopyText } from '../../../../components/storefront/shared/useCopyText';
import { formatBRL, formatDate } from '../../../../format';

export interface BoletoPaymentProps {
  url: string | null;
  barcode: string | null;
  expiresAt: string | null;
  amountCents: number;
}

export function BoletoPayment({ url, barcode, expiresAt, amountCents }: BoletoPaymentProps) {
  const { copied, fieldRef: lineRef, copy: copyText } = useCopyText();
  const lineId = useId();

  async function copy() {
    if (barcode) await copyText(barcode);
  }

  return (
    <Box
      component="section"
      aria-label="Pagamento por boleto"
      sx={{
        display: 'grid',
        gap: 1.5,
        p: { xs: 2, sm: 3 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, textAlign: 'center' }}>
        {formatBRL(amountCents)}
      </Typography>
      {expiresAt ? (
        <Typography sx={{ textAlign: 'center' }}>
          Vence em <strong>{formatDate(expiresAt)}</strong>
        </Typography>
      ) : null}
      {barcode ? (
        <>
          <label htmlFor={lineId} style={{ fontWeight: 600, fontSize: '0.9375rem' }}>
            Linha digitável
          </label>
          <Box
            component="textarea"
            id={lineId}
            ref={lineRef}
            readOnly
            rows={2}
            value={barcode}
            sx={{
              font: 'inherit',
              fontFamily: 'monospace',
              fontSize: '0.9375rem',
              p: 1.25,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              resize: 'none',
              width: '100%',
              boxSizing: 'border-box',
            }}
          />
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={() => void copy()}
            startIcon={copied === 'yes' ? <CheckRounded /> : <ContentCopy />}
            sx={{ minHeight: 48 }}
          >
            {copied === 'yes' ? 'Linha copiada!' : 'Copiar linha digitável'}
          </Button>
          <p role="status" style={{ margin: 0, fontSize: '0.875rem' }}>
            {copied === 'yes'
              ? 'Linha digitável copiada. Cole no app do seu banco.'
              : copied === 'manual'
                ? 'Não foi possível copiar automaticamente: a linha está selecionada, copie-a.'
                : ''}
          </p>
        </>
      ) : null}
      {url ? (
        <Button
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant={barcode ? 'outlined' : 'contained'}
          size="large"
          fullWidth
          endIcon={<OpenInNew aria-hidden />}
          sx={{ minHeight: 48 }}
        >
          Abrir boleto
        </Button>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        Pague no app ou site do seu banco, em lotéricas ou agências até o vencimento. A compensação
        leva até 3 dias úteis; avisamos por e-mail quando o pagamento for confirmado.
      </Typography>
    </Box>
  );
}
