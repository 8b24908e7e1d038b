// The two-factor dialogs of Minha conta, pure: the enrolment (connect the app with the QR code or
// the key, confirm with a code, then keep the 10 recovery codes), and the code-confirmed actions
// (turn it off, get new recovery codes). The connect step is TwoFactorConnectStep; the codes'
// panel RecoveryCodesPanel; the helpers twoFactor.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { actionError, codeProblem, normalizeCode } from './twoFactor';
import { ConnectAppStep } from './TwoFactorConnectStep';

export { RecoveryCodesPanel, type RecoveryCodesPanelProps } from './RecoveryCodesPanel';
export {
  groupSecret,
  isAccountActionError,
  recoveryCodesText,
  svgDataUrl,
  type AccountActionError,
} from './twoFactor';

function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
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
  const [saved, setSaved] = useState(false);

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

  return (
    <ConnectAppStep
      enrolment={state.enrolment}
      stepper={stepper}
      onConfirm={onConfirm}
      onConfirmed={(codes) => setState({ step: 'codes', codes })}
      onCancel={onCancel}
    />
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
