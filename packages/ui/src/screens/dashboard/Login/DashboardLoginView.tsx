// The dashboard sign-in form, pure: everything it shows comes in through props.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';

import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordField } from '../../../components/PasswordField';
import { SubmitButton } from '../../../components/SubmitButton';
import { emailSchemaWith } from '../../../forms/br';
import { PASSWORD_RESET_REQUEST_PATH } from '../../../routes/paths';

export const dashboardLoginSchema = z.object({
  email: emailSchemaWith({ empty: 'Informe seu e-mail.', shape: 'E-mail inválido.' }),
  password: z.string().min(1, 'Informe sua senha.'),
  remember: z.boolean(),
});

export type DashboardLoginValues = z.output<typeof dashboardLoginSchema>;

export interface DashboardLoginViewProps {
  onSubmit: (values: DashboardLoginValues) => void | Promise<void>;
  /** While the login call runs: the button is disabled and shows a spinner. */
  sending?: boolean;
  /** The server's answer, in Portuguese, shown above the form. */
  errorMessage?: string | null;
  /** Messages the server gave per field. */
  fieldErrors?: Partial<Record<'email' | 'password', string>>;
  defaultValues?: Partial<DashboardLoginValues>;
  storeName?: string;
}

export function DashboardLoginView({
  onSubmit,
  sending = false,
  errorMessage = null,
  fieldErrors = {},
  defaultValues,
  storeName,
}: DashboardLoginViewProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof dashboardLoginSchema>, unknown, DashboardLoginValues>({
    resolver: zodResolver(dashboardLoginSchema),
    defaultValues: { email: '', password: '', remember: false, ...defaultValues },
  });
  const emailError = errors.email?.message ?? fieldErrors.email;
  const passwordError = errors.password?.message ?? fieldErrors.password;

  return (
    <AuthLayout
      title="Entrar no painel"
      subtitle="Acesse a área da equipe para gerenciar a loja."
      {...(storeName === undefined ? {} : { storeName })}
    >
      <Box
        component="form"
        noValidate
        aria-label="Entrar no painel"
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
          <TextField
            {...register('email')}
            label="E-mail"
            type="email"
            autoComplete="username"
            error={emailError !== undefined}
            helperText={emailError}
            slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
          />
          <Box>
            <PasswordField
              {...register('password')}
              label="Senha"
              autoComplete="current-password"
              error={passwordError !== undefined}
              helperText={passwordError}
            />
          </Box>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', mt: '8px !important' }}
          >
            <Controller
              control={control}
              name="remember"
              render={({ field }) => (
                <FormControlLabel
                  label="Lembrar de mim"
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      name={field.name}
                      size="small"
                    />
                  }
                  slotProps={{ typography: { variant: 'body2' } }}
                />
              )}
            />
            <Link
              component={RouterLink}
              to={PASSWORD_RESET_REQUEST_PATH}
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
            >
              Esqueci minha senha
            </Link>
          </Stack>
          <SubmitButton label="Entrar" sendingLabel="Entrando…" sending={sending} />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
