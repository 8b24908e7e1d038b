// The login's second step for an account with two-factor sign-in: the 6-digit code of the
// authenticator app, or one of the recovery codes. Pure: everything comes in through props.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { AuthLayout } from '../../../components/AuthLayout';
import { SubmitButton } from '../../../components/SubmitButton';

export type LoginCodeKind = 'totp' | 'recovery';

export const TOTP_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** The code as the server takes it: digits only for the app's code; lower case for a recovery code. */
export function normalizeLoginCode(kind: LoginCodeKind, value: string): string {
  return kind === 'totp' ? value.replace(/\D/g, '') : value.trim().toLowerCase();
}

/** Why the typed code cannot be sent yet, or null. */
export function loginCodeProblem(kind: LoginCodeKind, value: string): string | null {
  const code = normalizeLoginCode(kind, value);
  if (kind === 'totp') {
    if (code === '') return 'Informe o código de 6 dígitos.';
    return TOTP_PATTERN.test(code) ? null : 'O código tem 6 dígitos.';
  }
  if (code === '') return 'Informe um código de recuperação.';
  return RECOVERY_CODE_PATTERN.test(code)
    ? null
    : 'O código de recuperação tem o formato xxxxx-xxxxx.';
}

export interface DashboardLoginCodeViewProps {
  /** The account being signed in to, shown so the person knows which app entry to open. */
  email: string;
  onSubmit: (code: string, kind: LoginCodeKind) => void | Promise<void>;
  onBack: () => void;
  sending?: boolean;
  /** The server's message about the code (wrong, already used): shown at the field. */
  codeError?: string | null;
  /** A failure not about the code (too many attempts, no connection). */
  errorMessage?: string | null;
  /** Start on the recovery code (stories). */
  initialKind?: LoginCodeKind;
  storeName?: string;
}

export function DashboardLoginCodeView({
  email,
  onSubmit,
  onBack,
  sending = false,
  codeError = null,
  errorMessage = null,
  initialKind = 'totp',
  storeName,
}: DashboardLoginCodeViewProps) {
  const [kind, setKind] = useState<LoginCodeKind>(initialKind);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? codeError;
  const recovery = kind === 'recovery';
  const fieldRef = useRef<HTMLInputElement>(null);
  // The step (and each switch of code kind) starts at its field, for keyboards and screen readers.
  useEffect(() => {
    fieldRef.current?.focus();
  }, [kind]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = loginCodeProblem(kind, value);
    setProblem(found);
    if (found === null) void onSubmit(normalizeLoginCode(kind, value), kind);
  }

  function switchKind() {
    setKind(recovery ? 'totp' : 'recovery');
    setValue('');
    setProblem(null);
  }

  return (
    <AuthLayout
      title="Verificação em duas etapas"
      subtitle={
        recovery
          ? 'Digite um dos códigos de recuperação que você guardou. Cada código funciona uma vez.'
          : 'Abra o aplicativo autenticador e digite o código de 6 dígitos desta conta.'
      }
      {...(storeName === undefined ? {} : { storeName })}
    >
      <Box
        component="form"
        noValidate
        aria-label="Verificação em duas etapas"
        onSubmit={handleSubmit}
      >
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            Entrando como <strong>{email}</strong>
          </Typography>
          {errorMessage ? (
            <Alert severity="error" role="alert">
              {errorMessage}
            </Alert>
          ) : null}
          <TextField
            key={kind}
            label={recovery ? 'Código de recuperação' : 'Código de verificação'}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (problem !== null) setProblem(null);
            }}
            inputRef={fieldRef}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            placeholder={recovery ? 'xxxxx-xxxxx' : '000000'}
            error={shownError !== null}
            helperText={shownError ?? (recovery ? 'Formato xxxxx-xxxxx.' : ' ')}
            slotProps={{
              htmlInput: recovery
                ? { spellCheck: false, autoCapitalize: 'none', maxLength: 11 }
                : { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
            }}
          />
          <SubmitButton label="Verificar" sendingLabel="Verificando…" sending={sending} />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Button onClick={switchKind} disabled={sending} sx={{ minHeight: 44 }}>
              {recovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
            </Button>
            <Button onClick={onBack} disabled={sending} color="inherit" sx={{ minHeight: 44 }}>
              Voltar
            </Button>
          </Stack>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
