// Asks for the e-mail that receives the reset link; pure, driven by props.
import { zodResolver } from '@hookform/resolvers/zod';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';

import { AuthLayout } from '../../../components/AuthLayout';
import { SubmitButton } from '../../../components/SubmitButton';
import { emailSchemaWith } from '../../../forms/br';
import { LOGIN_PATH } from '../../../routes/paths';

export const RESET_REQUEST_CONFIRMATION =
  'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.';

/** When the request did not get through (no connection, the server failed): nothing was sent. */
export const RESET_REQUEST_UNAVAILABLE_MESSAGE =
  'Não foi possível enviar agora. Tente novamente em instantes.';

export const passwordResetRequestSchema = z.object({
  email: emailSchemaWith({ empty: 'Informe seu e-mail.', shape: 'E-mail inválido.' }),
});

export type PasswordResetRequestValues = z.output<typeof passwordResetRequestSchema>;

export interface PasswordResetRequestViewProps {
  onSubmit: (values: PasswordResetRequestValues) => void | Promise<void>;
  sending?: boolean;
  /** Only for failures the person can act on (no connection, server failure, too many attempts). */
  errorMessage?: string | null;
  /** Offers "Tentar novamente" with the error (not for rate limiting: waiting is the answer). */
  retryable?: boolean;
  /** After any answer: the same neutral confirmation, whether or not the account exists. */
  sent?: boolean;
  defaultValues?: Partial<PasswordResetRequestValues>;
  storeName?: string;
}

function BackToLogin() {
  return (
    <Link
      component={RouterLink}
      to={LOGIN_PATH}
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
    >
      Voltar para o login
    </Link>
  );
}

export function PasswordResetRequestView({
  onSubmit,
  sending = false,
  errorMessage = null,
  retryable = false,
  sent = false,
  defaultValues,
  storeName,
}: PasswordResetRequestViewProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof passwordResetRequestSchema>, unknown, PasswordResetRequestValues>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '', ...defaultValues },
  });
  const layoutProps = storeName === undefined ? {} : { storeName };

  if (sent) {
    return (
      <AuthLayout title="Verifique seu e-mail" {...layoutProps}>
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'success.main',
              color: 'success.contrastText',
            }}
          >
            <MarkEmailReadOutlined aria-hidden />
          </Box>
          <Typography role="status">{RESET_REQUEST_CONFIRMATION}</Typography>
          <Typography variant="body2" color="text.secondary">
            O link vale por 30 minutos. Se não encontrar a mensagem, confira a caixa de spam.
          </Typography>
          <Button component={RouterLink} to={LOGIN_PATH} variant="outlined" fullWidth>
            Voltar para o login
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Recuperar senha"
      subtitle="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
      footer={<BackToLogin />}
      {...layoutProps}
    >
      <Box
        component="form"
        noValidate
        aria-label="Recuperar senha"
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
            <Alert
              severity="error"
              role="alert"
              action={
                retryable ? (
                  // Submits the form again, with the address still in the field.
                  <Button type="submit" color="inherit" size="small" disabled={sending}>
                    Tentar novamente
                  </Button>
                ) : undefined
              }
            >
              {errorMessage}
            </Alert>
          ) : null}
          <TextField
            {...register('email')}
            label="E-mail"
            type="email"
            autoComplete="email"
            error={errors.email !== undefined}
            helperText={errors.email?.message}
            slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
          />
          <SubmitButton label="Enviar link" sendingLabel="Enviando…" sending={sending} />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
