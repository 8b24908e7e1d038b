// The two-factor dialogs of Minha conta, pure: the enrolment (connect the app with the QR code or
// the key, confirm with a code, then keep the 10 recovery codes), and the code-confirmed actions
// (turn it off, get new recovery codes).
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useState, type FormEvent } from 'react';

import type { TwoFactorEnrolment } from './AccountScreen.graphql';

/** What a failed account action says: at a field (e.g. 'code') or above the form. */
export interface AccountActionError {
  field: string | null;
  message: string;
}

export function isAccountActionError(value: unknown): value is AccountActionError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    'field' in value
  );
}

function actionError(error: unknown): AccountActionError {
  return isAccountActionError(error)
    ? error
    : { field: null, message: 'Não foi possível concluir agora. Tente novamente.' };
}

/** The SVG the server made, as an image: never inserted as markup. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Códigos de recuperação do painel (${email})`,
    'Cada código funciona uma vez, no lugar do código do aplicativo.',
    '',
    ...codes,
    '',
  ].join('\n');
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function downloadText(text: string, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/** A code typed for a check: digits only when it looks like the app's, else a recovery code. */
function normalizeCode(value: string): string {
  const trimmed = value.trim();
  return /^[\d\s]+$/.test(trimmed) ? trimmed.replace(/\s/g, '') : trimmed.toLowerCase();
}

function codeProblem(value: string, allowRecovery: boolean): string | null {
  const code = normalizeCode(value);
  if (code === '') return 'Informe o código.';
  if (/^\d{6}$/.test(code)) return null;
  if (allowRecovery && /^[a-z2-7]{5}-[a-z2-7]{5}$/.test(code)) return null;
  return allowRecovery
    ? 'Digite os 6 dígitos do aplicativo ou um código de recuperação (xxxxx-xxxxx).'
    : 'O código tem 6 dígitos.';
}

// ---------------------------------------------------------------------------------------------
// The recovery codes, shown once.

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  email: string;
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
}

export function RecoveryCodesPanel({
  codes,
  email,
  saved,
  onSavedChange,
}: RecoveryCodesPanelProps) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const text = recoveryCodesText(codes, email);
  const listId = useId();
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Guarde estes códigos agora: eles não serão mostrados de novo. Se perder o celular, cada
        código permite entrar uma vez no lugar do código do aplicativo.
      </Alert>
      <Box
        component="ol"
        id={listId}
        aria-label="Códigos de recuperação"
        sx={{
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, max-content)' },
          columnGap: { xs: 2, sm: 4 },
          whiteSpace: 'nowrap',
          rowGap: 1,
          justifyContent: 'center',
          listStyle: 'none',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: { xs: '0.9rem', sm: '1.05rem' },
          letterSpacing: '0.04em',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyRounded />}
          onClick={() => void copyText(codes.join('\n')).then((ok) => setCopied(ok ? 'yes' : 'no'))}
        >
          Copiar todos
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          onClick={() => downloadText(text, 'codigos-de-recuperacao.txt')}
        >
          Baixar .txt
        </Button>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
        {copied === 'yes'
          ? 'Códigos copiados.'
          : copied === 'no'
            ? 'Não foi possível copiar: selecione os códigos e copie manualmente.'
            : ''}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox checked={saved} onChange={(event) => onSavedChange(event.target.checked)} />
        }
        label="Guardei os códigos em lugar seguro"
      />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// The enrolment.

export interface TwoFactorEnrolDialogProps {
  open: boolean;
  email: string;
  /** Starts (or restarts) the enrolment: the secret and the QR code. */
  onStart: () => Promise<TwoFactorEnrolment>;
  /** Confirms with the app's code; answers the recovery codes. Throws AccountActionError. */
  onConfirm: (code: string) => Promise<string[]>;
  /** Closed without finishing (before the code was confirmed). */
  onCancel: () => void;
  /** Finished: enabled, and the codes were kept. */
  onDone: () => void;
}

type EnrolState =
  | { step: 'starting' }
  | { step: 'start_failed'; message: string }
  | { step: 'connect'; enrolment: TwoFactorEnrolment }
  | { step: 'codes'; codes: string[] };

export function TwoFactorEnrolDialog(props: TwoFactorEnrolDialogProps) {
  const phone = usePhone();
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      // Closing by Escape or the backdrop is only offered before the codes are shown.
      onClose={() => undefined}
    >
      <DialogTitle id={titleId}>Ativar a verificação em duas etapas</DialogTitle>
      {props.open ? <EnrolContent {...props} /> : null}
    </Dialog>
  );
}

function EnrolContent({ email, onStart, onConfirm, onCancel, onDone }: TwoFactorEnrolDialogProps) {
  const [state, setState] = useState<EnrolState>({ step: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [secretCopied, setSecretCopied] = useState(false);

  useEffect(() => {
    let live = true;
    onStart().then(
      (enrolment) => {
        if (live) setState({ step: 'connect', enrolment });
      },
      (error: unknown) => {
        if (live) setState({ step: 'start_failed', message: actionError(error).message });
      },
    );
    return () => {
      live = false;
    };
    // onStart is called once per attempt (a new one on "Tentar de novo").
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

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
      setState({ step: 'codes', codes });
    } catch (error) {
      const read = actionError(error);
      if (read.field === 'code') setCodeError(read.message);
      else setFormError(read.message);
    } finally {
      setSending(false);
    }
  }

  const activeStep = state.step === 'codes' ? 1 : 0;
  const stepper = (
    <Stepper activeStep={activeStep} alternativeLabel sx={{ mb: 3 }}>
      <Step>
        <StepLabel>Conectar o aplicativo</StepLabel>
      </Step>
      <Step>
        <StepLabel>Guardar os códigos</StepLabel>
      </Step>
    </Stepper>
  );

  if (state.step === 'starting' || state.step === 'start_failed') {
    return (
      <>
        <DialogContent>
          {stepper}
          {state.step === 'starting' ? (
            <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
              <CircularProgress size={24} aria-hidden />
              <Typography>Preparando a chave do aplicativo…</Typography>
            </Stack>
          ) : (
            <Alert
              severity="error"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    setState({ step: 'starting' });
                    setAttempt((value) => value + 1);
                  }}
                >
                  Tentar de novo
                </Button>
              }
            >
              {state.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancelar</Button>
        </DialogActions>
      </>
    );
  }

  if (state.step === 'codes') {
    return (
      <>
        <DialogContent>
          {stepper}
          <Typography sx={{ mb: 2 }} role="status">
            Pronto: a verificação em duas etapas está ativa. A partir do próximo acesso, o painel
            vai pedir o código do aplicativo.
          </Typography>
          <RecoveryCodesPanel
            codes={state.codes}
            email={email}
            saved={saved}
            onSavedChange={setSaved}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" disabled={!saved} onClick={onDone}>
            Concluir
          </Button>
        </DialogActions>
      </>
    );
  }

  const { enrolment } = state;
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

// ---------------------------------------------------------------------------------------------
// Actions confirmed with a code: turning it off, new recovery codes.

export type TwoFactorCodeAction = 'disable' | 'regenerate';

export interface TwoFactorCodeDialogProps {
  action: TwoFactorCodeAction | null;
  email: string;
  onDisable: (code: string) => Promise<void>;
  onRegenerate: (code: string) => Promise<string[]>;
  onClose: () => void;
}

const CODE_ACTION_TEXT: Record<
  TwoFactorCodeAction,
  { title: string; text: string; submit: string; sending: string }
> = {
  disable: {
    title: 'Desativar a verificação em duas etapas',
    text: 'Sua conta voltará a pedir só o e-mail e a senha para entrar, e os códigos de recuperação deixarão de funcionar. Para confirmar, digite o código do aplicativo ou um código de recuperação.',
    submit: 'Desativar',
    sending: 'Desativando…',
  },
  regenerate: {
    title: 'Gerar novos códigos de recuperação',
    text: 'Os códigos de recuperação atuais deixarão de funcionar. Para confirmar, digite o código do aplicativo ou um código de recuperação.',
    submit: 'Gerar novos códigos',
    sending: 'Gerando…',
  },
};

export function TwoFactorCodeDialog(props: TwoFactorCodeDialogProps) {
  const phone = usePhone();
  const titleId = useId();
  const { action } = props;
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Dialog
      open={action !== null}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      onClose={codes === null ? props.onClose : () => undefined}
      slotProps={{ transition: { onExited: () => setCodes(null) } }}
    >
      {action !== null ? (
        <>
          <DialogTitle id={titleId}>
            {codes === null ? CODE_ACTION_TEXT[action].title : 'Novos códigos de recuperação'}
          </DialogTitle>
          <CodeContent {...props} action={action} codes={codes} onCodes={setCodes} />
        </>
      ) : null}
    </Dialog>
  );
}

function CodeContent({
  action,
  email,
  onDisable,
  onRegenerate,
  onClose,
  codes,
  onCodes,
}: TwoFactorCodeDialogProps & {
  action: TwoFactorCodeAction;
  codes: string[] | null;
  onCodes: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);
  const text = CODE_ACTION_TEXT[action];

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problem = codeProblem(code, true);
    setCodeError(problem);
    setFormError(null);
    if (problem !== null) return;
    setSending(true);
    try {
      if (action === 'disable') {
        await onDisable(normalizeCode(code));
        setSending(false);
        onClose();
        return;
      }
      onCodes(await onRegenerate(normalizeCode(code)));
    } catch (error) {
      const read = actionError(error);
      if (read.field === 'code') setCodeError(read.message);
      else setFormError(read.message);
    }
    setSending(false);
  }

  if (codes !== null) {
    return (
      <>
        <DialogContent>
          <RecoveryCodesPanel codes={codes} email={email} saved={saved} onSavedChange={setSaved} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" disabled={!saved} onClick={onClose}>
            Concluir
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={text.title}
    >
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography>{text.text}</Typography>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextField
            label="Código de verificação"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (codeError !== null) setCodeError(null);
            }}
            autoComplete="one-time-code"
            placeholder="000000 ou xxxxx-xxxxx"
            error={codeError !== null}
            helperText={codeError ?? ' '}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: 11 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          Cancelar
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={action === 'disable' ? 'error' : 'primary'}
          disabled={sending}
          startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : null}
        >
          {sending ? text.sending : text.submit}
        </Button>
      </DialogActions>
    </Box>
  );
}
