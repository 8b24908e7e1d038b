// The enrolment's first step: scan the QR code (or type the key) in an authenticator app, then
// confirm with the 6-digit code it shows; the server answers the recovery codes.
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';

import type { TwoFactorEnrolment } from './AccountScreen.graphql';
import {
  actionError,
  codeProblem,
  copyText,
  groupSecret,
  normalizeCode,
  svgDataUrl,
} from './twoFactor';

export interface ConnectAppStepProps {
  enrolment: TwoFactorEnrolment;
  /** The steps above the content. */
  stepper: ReactNode;
  /** Confirms with the app's code; answers the recovery codes. Throws AccountActionError. */
  onConfirm: (code: string) => Promise<string[]>;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}

export function ConnectAppStep({
  enrolment,
  stepper,
  onConfirm,
  onConfirmed,
  onCancel,
}: ConnectAppStepProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [secretCopied, setSecretCopied] = useState(false);

  async function handleConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problem = codeProblem(code, false);
    setCodeError(problem);
    setFormError(null);
    if (problem !== null) return;
    setSending(true);
    try {
      const codes = await onConfirm(normalizeCode(code));
      onConfirmed(codes);
    } catch (error) {
      const read = actionError(error);
      if (read.field === 'code') setCodeError(read.message);
      else setFormError(read.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleConfirm(event)}
      aria-label="Conectar o aplicativo"
    >
      <DialogContent>
        {stepper}
        <Stack spacing={2.5}>
          <Typography>
            1. No celular, abra um aplicativo autenticador (Google Authenticator, Microsoft
            Authenticator, 1Password…) e escaneie o QR code.
          </Typography>
          <Box
            component="img"
            src={svgDataUrl(enrolment.qrCodeSvg)}
            alt="QR code para adicionar a conta ao aplicativo autenticador"
            sx={{
              width: 200,
              height: 200,
              alignSelf: 'center',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
          <Box>
            <Typography variant="body2" color="text.secondary">
              Não consegue escanear? Digite esta chave no aplicativo:
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography
                component="code"
                aria-label="Chave do aplicativo"
                sx={{
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: '1rem',
                  letterSpacing: '0.06em',
                  wordBreak: 'break-word',
                }}
              >
                {groupSecret(enrolment.secret)}
              </Typography>
              <Button
                size="small"
                startIcon={<ContentCopyRounded />}
                onClick={() => void copyText(enrolment.secret).then((ok) => setSecretCopied(ok))}
              >
                {secretCopied ? 'Chave copiada' : 'Copiar chave'}
              </Button>
            </Stack>
          </Box>
          <Typography>2. Digite o código de 6 dígitos que o aplicativo mostra.</Typography>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextField
            label="Código do aplicativo"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (codeError !== null) setCodeError(null);
            }}
            autoComplete="one-time-code"
            placeholder="000000"
            error={codeError !== null}
            helperText={codeError ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={sending}>
          Cancelar
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={sending}
          startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : null}
        >
          {sending ? 'Confirmando…' : 'Confirmar'}
        </Button>
      </DialogActions>
    </Box>
  );
}
