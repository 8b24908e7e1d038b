// Paying by Pix: the QR code to scan, the 'copia e cola' code with a copy button, the amount
// and how long the code is still valid. On a phone the shopper pays from that same phone, so the
// code and its copy button come first and the QR code below; from md up the QR code leads.
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useEffect, useId, useState } from 'react';

import { daysFromToday, formatBRL, formatDate, formatTime } from '../../../format';
import { useCopyText } from '../shared/useCopyText';

export interface PixPaymentProps {
  /** The BR Code ('copia e cola'). */
  code: string;
  /**
   * The same code as a QR code image: the server's link (drawn when the browser loads it, cached
   * for a year) or a data: URL.
   */
  qrCodeUrl: string;
  amountCents: number;
  /** ISO date-time after which the code is no longer accepted. */
  expiresAt: string;
  /** The clock (ms); stories and tests pass a fixed one. */
  now?: () => number;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('section', { name: 'VtPixPayment', slot: 'Root' })(({ theme }) => ({
  display: 'grid',
  gap: 16,
  justifyItems: 'center',
  textAlign: 'center',
  padding: theme.spacing(3),
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
}));

const Qr = styled('img', { name: 'VtPixPayment', slot: 'Qr' })({
  width: 220,
  height: 220,
  maxWidth: '100%',
  imageRendering: 'pixelated',
  padding: 8,
  backgroundColor: '#fff',
  borderRadius: 8,
  border: '1px solid #e5e7eb',
});

const Amount = styled('p', { name: 'VtPixPayment', slot: 'Amount' })({
  margin: 0,
  fontSize: '1.5rem',
  fontWeight: 700,
});

const Countdown = styled('p', { name: 'VtPixPayment', slot: 'Countdown' })(({ theme }) => ({
  margin: 0,
  fontSize: '0.9375rem',
  color: theme.palette.text.secondary,
  '& strong': { color: theme.palette.text.primary, fontVariantNumeric: 'tabular-nums' },
  '&[data-expired="true"]': { color: theme.palette.error.main, fontWeight: 600 },
}));

const CodeBox = styled('textarea', { name: 'VtPixPayment', slot: 'Code' })(({ theme }) => ({
  width: '100%',
  minHeight: 88,
  resize: 'none',
  padding: theme.spacing(1.5),
  borderRadius: 8,
  border: `1px solid ${theme.palette.grey[300]}`,
  backgroundColor: theme.palette.grey[50],
  color: theme.palette.text.primary,
  font: '0.8125rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  wordBreak: 'break-all',
}));

const Steps = styled('ol', { name: 'VtPixPayment', slot: 'Steps' })(({ theme }) => ({
  margin: 0,
  paddingLeft: 20,
  textAlign: 'left',
  color: theme.palette.text.secondary,
  fontSize: '0.875rem',
  lineHeight: 1.7,
}));

/** 'Expira em 23 h 59 min': the time left in words, never read as a time of day. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return `${minutes} min`;
  return `${total} s`;
}

/** 'até 14:32', 'até amanhã, 14:32' or 'até 28/11/2026, 14:32', in São Paulo time. */
export function formatDeadline(expiresAt: number, now: number): string {
  const days = daysFromToday(expiresAt, now);
  const time = formatTime(expiresAt);
  if (days <= 0) return `até ${time}`;
  if (days === 1) return `até amanhã, ${time}`;
  return `até ${formatDate(expiresAt)}, ${time}`;
}

/** The code to copy first on phones; the QR code first from md up (paying from another device). */
const CopyBlock = styled('div', { name: 'VtPixPayment', slot: 'Copy' })({
  display: 'grid',
  gap: 16,
  width: '100%',
  justifyItems: 'center',
});

const QrBlock = styled('div', { name: 'VtPixPayment', slot: 'QrBlock' })(({ theme }) => ({
  display: 'grid',
  gap: 8,
  justifyItems: 'center',
  [theme.breakpoints.up('md')]: { order: -1 },
}));

const QrHint = styled('p', { name: 'VtPixPayment', slot: 'QrHint' })(({ theme }) => ({
  margin: 0,
  fontSize: '0.875rem',
  color: theme.palette.text.secondary,
  [theme.breakpoints.up('md')]: { display: 'none' },
}));

const Payment = styled('div', { name: 'VtPixPayment', slot: 'Payment' })({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 16,
  width: '100%',
});

export function PixPayment(inProps: PixPaymentProps) {
  const {
    code,
    qrCodeUrl,
    amountCents,
    expiresAt,
    now = Date.now,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtPixPayment' });
  const expiry = new Date(expiresAt).getTime();
  const [remaining, setRemaining] = useState(() => expiry - now());
  const { copied, fieldRef: codeRef, copy: copyText } = useCopyText();
  const codeId = useId();

  useEffect(() => {
    const tick = () => setRemaining(expiry - now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiry, now]);

  async function copy() {
    await copyText(code);
  }

  const expired = remaining <= 0;
  return (
    <Root aria-label="Pagamento por Pix" {...other}>
      <Amount>{formatBRL(amountCents)}</Amount>
      <Countdown data-expired={expired} role="timer" aria-live="off">
        {expired ? (
          'O código Pix expirou. Faça o pedido novamente para gerar outro.'
        ) : (
          <>
            {/* A server-rendered page counted from the server's clock: the browser's tick follows. */}
            Expira em <strong suppressHydrationWarning>{formatRemaining(remaining)}</strong> (
            {formatDeadline(expiry, expiry - remaining)})
          </>
        )}
      </Countdown>
      {expired ? null : (
        <>
          <Payment>
            <CopyBlock>
              <label htmlFor={codeId} style={{ fontWeight: 600, fontSize: '0.9375rem' }}>
                Pix copia e cola
              </label>
              <CodeBox id={codeId} ref={codeRef} readOnly value={code} rows={3} />
              <Button
                variant="contained"
                size="large"
                fullWidth
                onClick={() => void copy()}
                startIcon={copied === 'yes' ? <CheckRounded /> : <ContentCopy />}
              >
                {copied === 'yes' ? 'Código copiado!' : 'Copiar código Pix'}
              </Button>
              <p role="status" style={{ margin: 0, fontSize: '0.875rem' }}>
                {copied === 'yes'
                  ? 'Código Pix copiado. Cole no app do seu banco.'
                  : copied === 'manual'
                    ? 'Não foi possível copiar automaticamente: o código está selecionado, copie-o.'
                    : ''}
              </p>
            </CopyBlock>
            <QrBlock>
              <QrHint>Pagando de outro aparelho? Escaneie o QR Code:</QrHint>
              <Qr
                src={qrCodeUrl}
                alt="QR Code do Pix para pagar o pedido"
                width={220}
                height={220}
                // The page's largest paint: fetched before the scripts (the server preloads it).
                fetchPriority="high"
              />
            </QrBlock>
          </Payment>
          <Steps>
            <li>Abra o app do seu banco e escolha pagar com Pix.</li>
            <li>Cole o código copiado ou escaneie o QR Code.</li>
            <li>
              Confira o valor e confirme. Avisamos por e-mail quando o pagamento for aprovado.
            </li>
          </Steps>
        </>
      )}
    </Root>
  );
}
