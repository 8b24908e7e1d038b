// Accepting a staff invitation (/convite?token=...): the link is checked as the page opens, then
// the invited person, greeted by name, chooses a password with the same rules and strength
// feedback as a password reset. Pure, driven by props.
import { zodResolver } from '@hookform/resolvers/zod';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';

import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordField } from '../../../components/PasswordField';
import { PasswordStrength } from '../../../components/PasswordStrength';
import { SubmitButton } from '../../../components/SubmitButton';
import { LOGIN_PATH } from '../../../routes/paths';
import {
  newPasswordFormSchema,
  type passwordResetConfirmSchema,
  type PasswordResetConfirmValues,
} from '../PasswordResetConfirm/PasswordResetConfirmView';
import type { InvitationDetails } from './invitationApi';

export type InvitationAcceptValues = PasswordResetConfirmValues;

/** checking: the link is being checked; the form once it works (or could not be checked). */
export type InvitationAcceptStatus = 'checking' | 'form' | 'invalid_token';

export interface InvitationAcceptViewProps {
  onSubmit: (values: InvitationAcceptValues) => void | Promise<void>;
  status?: InvitationAcceptStatus;
  /** Who the invitation is for (null when the check could not answer). */
  invitation?: InvitationDetails | null;
  sending?: boolean;
  /** A failure not tied to a field (no connection, server error). */
  errorMessage?: string | null;
  /** The server's message for the password field. */
  passwordError?: string | null;
  /** Why the link cannot be used, for status 'invalid_token'. */
  invalidTokenMessage?: string | null;
  defaultValues?: Partial<InvitationAcceptValues>;
  storeName?: string;
}

const INVALID_DEFAULT =
  'Este convite não pode mais ser usado. Os convites valem por 72 horas e só funcionam uma vez.';

/** The link is used, expired or unknown: how to get a new one, and the way to the login. */
function InvalidInvitation({
  message,
  storeName,
}: {
  message: string | null;
  storeName: string | undefined;
}) {
  const layoutProps = storeName === undefined ? {} : { storeName };
  return (
    <AuthLayout title="Convite inválido ou expirado" {...layoutProps}>
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'warning.main',
            color: 'warning.contrastText',
          }}
        >
          <LinkOffRounded aria-hidden />
        </Box>
        <Typography role="alert">{message ?? INVALID_DEFAULT}</Typography>
        <Typography color="text.secondary">
          Quem administra a loja pode reenviar o convite na página Equipe do painel: o novo link
          chega por e-mail e o anterior deixa de funcionar. Se você já criou sua senha, é só entrar.
        </Typography>
        <Button component={RouterLink} to={LOGIN_PATH} variant="outlined" fullWidth size="large">
          Ir para o login
        </Button>
      </Stack>
    </AuthLayout>
  );
}

export function InvitationAcceptView({
  onSubmit,
  status = 'form',
  invitation = null,
  sending = false,
  errorMessage = null,
  passwordError = null,
  invalidTokenMessage = null,
  defaultValues,
  storeName,
}: InvitationAcceptViewProps) {
  // The invitee's e-mail is known: its rule is checked before sending, as the server will.
  const email = invitation?.email ?? null;
  const resolver = useMemo(() => zodResolver(newPasswordFormSchema(email)), [email]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof passwordResetConfirmSchema>, unknown, InvitationAcceptValues>({
    resolver,
    defaultValues: { password: '', confirmation: '', ...defaultValues },
  });
  const password = useWatch({ control, name: 'password' });
  const layoutProps = storeName === undefined ? {} : { storeName };
  const backToLogin = (
    <Link
      component={RouterLink}
      to={LOGIN_PATH}
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
    >
      Já tenho uma senha: entrar
    </Link>
  );

  if (status === 'checking') {
    return (
      <AuthLayout title="Convite para a equipe" {...layoutProps}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Verificando o convite…</Typography>
        </Stack>
      </AuthLayout>
    );
  }

  if (status === 'invalid_token') {
    return <InvalidInvitation message={invalidTokenMessage} storeName={storeName} />;
  }

  const firstName = invitation?.name?.trim().split(/\s+/)[0] ?? null;
  const passwordMessage = errors.password?.message ?? passwordError ?? undefined;
  return (
    <AuthLayout
      title={firstName ? `Olá, ${firstName}` : 'Convite para a equipe'}
      subtitle={
        invitation?.email ? (
          <>
            Crie uma senha para entrar no painel com o e-mail{' '}
            <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
              {invitation.email}
            </Box>
            .
          </>
        ) : (
          'Crie uma senha para entrar no painel.'
        )
      }
      footer={backToLogin}
      {...layoutProps}
    >
      <Box
        component="form"
        noValidate
        aria-label="Criar senha"
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
          {invitation?.email ? (
            // For password managers: the account the new password belongs to.
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={invitation.email}
              readOnly
              hidden
            />
          ) : null}
          <PasswordField
            {...register('password')}
            label="Senha"
            autoComplete="new-password"
            error={passwordMessage !== undefined}
            helperText={passwordMessage}
            slotProps={{ htmlInput: { 'aria-describedby': 'password-rules' } }}
          />
          <PasswordStrength
            id="password-rules"
            password={password}
            {...(invitation?.email ? { email: invitation.email } : {})}
          />
          <PasswordField
            {...register('confirmation')}
            label="Repita a senha"
            autoComplete="new-password"
            error={errors.confirmation !== undefined}
            helperText={errors.confirmation?.message}
          />
          <SubmitButton label="Criar senha e entrar" sendingLabel="Criando…" sending={sending} />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
