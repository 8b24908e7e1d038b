// Sets a new password from the link's token; pure, driven by props.
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';

import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordField } from '../../../components/PasswordField';
import { SubmitButton } from '../../../components/SubmitButton';
import { PasswordStrength } from '../../../components/PasswordStrength';
import { newPasswordProblems } from '../../../components/PasswordStrength/passwordRules';
import { LOGIN_PATH, PASSWORD_RESET_REQUEST_PATH } from '../../../routes/paths';

export const PASSWORDS_DO_NOT_MATCH = 'As senhas não conferem.';

/**
 * The new password and its confirmation. The password's rules are the server's, in its words
 * (@vitrine/rules passwordProblems, the client's short list of common passwords); with the
 * account's e-mail (an invitation) its rule is checked here too, else the server checks it.
 */
export function newPasswordFormSchema(email?: string | null) {
  return z
    .object({
      password: z
        .string()
        .min(1, 'Informe a nova senha.')
        .superRefine((value, context) => {
          if (value === '') return;
          for (const message of newPasswordProblems(value, email)) {
            context.addIssue({ code: 'custom', message });
          }
        }),
      confirmation: z.string().min(1, 'Repita a nova senha.'),
    })
    .refine((values) => values.password === values.confirmation, {
      message: PASSWORDS_DO_NOT_MATCH,
      path: ['confirmation'],
    });
}

/** The reset's form: no e-mail is known before the link is used. */
export const passwordResetConfirmSchema = newPasswordFormSchema();

export type PasswordResetConfirmValues = z.output<typeof passwordResetConfirmSchema>;

/** checking: the link is being checked (the page just opened); the form only once it works. */
export type PasswordResetConfirmStatus = 'checking' | 'form' | 'success' | 'invalid_token';

export interface PasswordResetConfirmViewProps {
  onSubmit: (values: PasswordResetConfirmValues) => void | Promise<void>;
  status?: PasswordResetConfirmStatus;
  sending?: boolean;
  /** A failure not tied to a field (no connection, server error). */
  errorMessage?: string | null;
  /** The server's message for the password field (e.g. a too common password). */
  passwordError?: string | null;
  /** Why the link cannot be used, for status 'invalid_token'. */
  invalidTokenMessage?: string | null;
  defaultValues?: Partial<PasswordResetConfirmValues>;
  storeName?: string;
}

function StatusIcon({ color, children }: { color: 'success' | 'warning'; children: ReactNode }) {
  return (
    <Box
      sx={{
        width: 48,
        height: 48,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: `${color}.main`,
        color: `${color}.contrastText`,
      }}
    >
      {children}
    </Box>
  );
}

export function PasswordResetConfirmView({
  onSubmit,
  status = 'form',
  sending = false,
  errorMessage = null,
  passwordError = null,
  invalidTokenMessage = null,
  defaultValues,
  storeName,
}: PasswordResetConfirmViewProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof passwordResetConfirmSchema>, unknown, PasswordResetConfirmValues>({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { password: '', confirmation: '', ...defaultValues },
  });
  const password = useWatch({ control, name: 'password' });
  const layoutProps = storeName === undefined ? {} : { storeName };

  if (status === 'success') {
    return (
      <AuthLayout title="Senha redefinida" {...layoutProps}>
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <StatusIcon color="success">
            <CheckCircleOutlineRounded aria-hidden />
          </StatusIcon>
          <Typography role="status">
            Sua senha foi alterada. Use a nova senha para entrar no painel.
          </Typography>
          <Button component={RouterLink} to={LOGIN_PATH} variant="contained" fullWidth size="large">
            Entrar no painel
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (status === 'checking') {
    return (
      <AuthLayout title="Criar nova senha" {...layoutProps}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Verificando o link de redefinição…</Typography>
        </Stack>
      </AuthLayout>
    );
  }

  if (status === 'invalid_token') {
    return (
      <AuthLayout title="Link inválido ou expirado" {...layoutProps}>
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <StatusIcon color="warning">
            <LinkOffRounded aria-hidden />
          </StatusIcon>
          <Typography role="alert">
            {invalidTokenMessage ??
              'Este link de redefinição não pode mais ser usado. Os links valem por 30 minutos e só funcionam uma vez.'}
          </Typography>
          <Button
            component={RouterLink}
            to={PASSWORD_RESET_REQUEST_PATH}
            variant="contained"
            fullWidth
            size="large"
          >
            Pedir um novo link
          </Button>
          <Link
            component={RouterLink}
            to={LOGIN_PATH}
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            Voltar para o login
          </Link>
        </Stack>
      </AuthLayout>
    );
  }

  const passwordMessage = errors.password?.message ?? passwordError ?? undefined;
  return (
    <AuthLayout
      title="Criar nova senha"
      subtitle="Escolha uma senha que você não usa em outros sites."
      footer={
        <Link
          component={RouterLink}
          to={LOGIN_PATH}
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
        >
          Voltar para o login
        </Link>
      }
      {...layoutProps}
    >
      <Box
        component="form"
        noValidate
        aria-label="Criar nova senha"
        onSubmit={(event) => {
          if (sending) {
            event.preventDefault();
            return;
          }
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack spacing={2.5}>
          {errorMessage ? (
            <Alert severity="error" role="alert">
              {errorMessage}
            </Alert>
          ) : null}
          <PasswordField
            {...register('password')}
            label="Nova senha"
            autoComplete="new-password"
            error={passwordMessage !== undefined}
            helperText={passwordMessage}
            slotProps={{ htmlInput: { 'aria-describedby': 'password-rules' } }}
          />
          <PasswordStrength id="password-rules" password={password} />
          <PasswordField
            {...register('confirmation')}
            label="Repita a nova senha"
            autoComplete="new-password"
            error={errors.confirmation !== undefined}
            helperText={errors.confirmation?.message}
          />
          <SubmitButton label="Salvar nova senha" sendingLabel="Salvando…" sending={sending} />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
