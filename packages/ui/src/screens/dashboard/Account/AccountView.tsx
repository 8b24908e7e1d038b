// Minha conta, pure: the profile (name; e-mail and role read-only), the password change and the
// two-factor sign-in (status, enrol, turn off, new recovery codes). Every staff member sees it.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkStaffName } from '@vitrine/rules';
import { useState, type FormEvent, type ReactNode } from 'react';

import { PasswordField } from '../../../components/PasswordField';
import { PasswordStrength } from '../../../components/PasswordStrength';
import { newPasswordChangeProblems } from '../../../components/PasswordStrength/passwordRules';
import { LoadError } from '../Categories/PageStates';
import { ROLE_LABELS } from '../Shell/navigation';
import { DashboardPage } from '../shared/DashboardPage';
import type { MyAccount, TwoFactorEnrolment } from './AccountScreen.graphql';
import {
  isAccountActionError,
  TwoFactorCodeDialog,
  TwoFactorEnrolDialog,
  type AccountActionError,
  type TwoFactorCodeAction,
} from './TwoFactorDialogs';

export const ACCOUNT_TITLE = 'Minha conta';
export const PASSWORD_CHANGED_MESSAGE = 'Senha alterada. As outras sessões foram encerradas.';

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
}

export interface AccountViewProps {
  account: MyAccount | null;
  loading?: boolean;
  /** The account could not be loaded. */
  error?: string | null;
  onRetry?: () => void;
  /** Throws AccountActionError (field 'name'). */
  onSaveProfile: (name: string) => Promise<void>;
  /** Throws AccountActionError (fields 'currentPassword', 'newPassword'). */
  onChangePassword: (values: PasswordChangeValues) => Promise<void>;
  onEnrolStart: () => Promise<TwoFactorEnrolment>;
  onEnrolConfirm: (code: string) => Promise<string[]>;
  /** The enrolment finished (codes kept): the account is read again. */
  onEnrolDone: () => void;
  onDisable: (code: string) => Promise<void>;
  onRegenerate: (code: string) => Promise<string[]>;
}

function failure(error: unknown): AccountActionError {
  return isAccountActionError(error)
    ? error
    : { field: null, message: 'Não foi possível concluir agora. Tente novamente.' };
}

function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      ) : null}
      <Box sx={{ mt: 2.5 }}>{children}</Box>
    </Card>
  );
}

function SaveButton({
  sending,
  label,
  sendingLabel,
}: {
  sending: boolean;
  label: string;
  sendingLabel: string;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={sending}
      startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : null}
      sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
    >
      {sending ? sendingLabel : label}
    </Button>
  );
}

// ---------------------------------------------------------------------------------------------

function ProfileSection({
  account,
  onSave,
}: {
  account: MyAccount;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSaved(false);
    setFormError(null);
    // The server's name rule (@vitrine/rules checkStaffName): trimmed, one line, at most 80.
    const checked = checkStaffName(name, 'name');
    if (!checked.ok) return setError(checked.issue.message);
    const trimmed = checked.value;
    setError(null);
    setSending(true);
    try {
      await onSave(trimmed);
      setName(trimmed);
      setSaved(true);
    } catch (caught) {
      const read = failure(caught);
      if (read.field === 'name') setError(read.message);
      else setFormError(read.message);
    }
    setSending(false);
  }

  return (
    <Section
      id="conta-perfil"
      title="Perfil"
      description="Como seu nome aparece no painel e no registro de atividades."
    >
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => void handleSubmit(event)}
        aria-label="Perfil"
      >
        {formError ? (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextField
          label="Nome"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setSaved(false);
            if (error !== null) setError(null);
          }}
          autoComplete="name"
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 1,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            E-mail
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {account.email}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Perfil de acesso
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {ROLE_LABELS[account.role]}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Para mudar o e-mail ou o perfil de acesso, fale com a administração da loja.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <SaveButton sending={sending} label="Salvar nome" sendingLabel="Salvando…" />
          <Typography role="status" variant="body2" color="success.main">
            {saved ? 'Nome salvo.' : ''}
          </Typography>
        </Stack>
      </Stack>
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------

type PasswordErrors = Partial<Record<'currentPassword' | 'newPassword' | 'confirmation', string>>;

function PasswordSection({
  email,
  onChange,
}: {
  email: string;
  onChange: (values: PasswordChangeValues) => Promise<void>;
}) {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmation: '' });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  // A new form (and a fresh strength list) after each change.
  const [formKey, setFormKey] = useState(0);

  function validate(): PasswordErrors {
    const found: PasswordErrors = {};
    if (values.currentPassword === '') found.currentPassword = 'Informe a senha atual.';
    if (values.newPassword === '') found.newPassword = 'Informe a nova senha.';
    else {
      // The server's rules and words, joined as myPasswordChange answers them
      // (@vitrine/rules passwordChangeProblems, the client's short list of common passwords).
      const problems = newPasswordChangeProblems(values.currentPassword, values.newPassword, email);
      if (problems.length > 0) found.newPassword = problems.join(' ');
    }
    if (values.confirmation === '') found.confirmation = 'Repita a nova senha.';
    else if (values.confirmation !== values.newPassword) {
      found.confirmation = 'As senhas não conferem.';
    }
    return found;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setDone(false);
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await onChange({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues({ currentPassword: '', newPassword: '', confirmation: '' });
      setFormKey((key) => key + 1);
      setDone(true);
    } catch (caught) {
      const read = failure(caught);
      if (read.field === 'currentPassword' || read.field === 'newPassword') {
        setErrors({ [read.field]: read.message });
      } else setFormError(read.message);
    }
    setSending(false);
  }

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((previous) => ({ ...previous, [name]: event.target.value }));
      if (errors[name] !== undefined) setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
    error: errors[name] !== undefined,
    helperText: errors[name],
  });

  return (
    <Section
      id="conta-senha"
      title="Senha"
      description="Ao trocar a senha, as sessões abertas em outros aparelhos são encerradas."
    >
      <Stack
        key={formKey}
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => void handleSubmit(event)}
        aria-label="Trocar a senha"
        sx={{ maxWidth: 480 }}
      >
        {done ? (
          <Alert severity="success" role="status" icon={<CheckCircleRounded />}>
            {PASSWORD_CHANGED_MESSAGE}
          </Alert>
        ) : null}
        {formError ? (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        ) : null}
        {/* Lets password managers pair the new password with this account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="Senha atual"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <Box>
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            {...field('newPassword')}
            slotProps={{ htmlInput: { 'aria-describedby': 'account-password-rules' } }}
          />
          <PasswordStrength
            id="account-password-rules"
            password={values.newPassword}
            email={email}
            sx={{ mt: 1 }}
          />
        </Box>
        <PasswordField
          label="Repita a nova senha"
          autoComplete="new-password"
          {...field('confirmation')}
        />
        <SaveButton sending={sending} label="Trocar a senha" sendingLabel="Trocando…" />
      </Stack>
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------

function TwoFactorSection({
  account,
  onEnrolStart,
  onEnrolConfirm,
  onEnrolDone,
  onDisable,
  onRegenerate,
}: { account: MyAccount } & Pick<
  AccountViewProps,
  'onEnrolStart' | 'onEnrolConfirm' | 'onEnrolDone' | 'onDisable' | 'onRegenerate'
>) {
  const [enrolling, setEnrolling] = useState(false);
  const [codeAction, setCodeAction] = useState<TwoFactorCodeAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const enabled = account.twoFactorEnabled;

  return (
    <Section
      id="conta-duas-etapas"
      title="Verificação em duas etapas"
      description="Além da senha, o painel pede um código do aplicativo autenticador do seu celular ao entrar."
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ShieldOutlined color={enabled ? 'success' : 'disabled'} aria-hidden />
          <Typography>Status:</Typography>
          <Chip
            size="small"
            label={enabled ? 'Ativa' : 'Desativada'}
            color={enabled ? 'success' : 'default'}
            variant={enabled ? 'filled' : 'outlined'}
          />
        </Stack>
        {notice ? (
          <Alert severity="success" role="status" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
        {enabled ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={() => setCodeAction('regenerate')}>
              Gerar novos códigos de recuperação
            </Button>
            <Button variant="outlined" color="error" onClick={() => setCodeAction('disable')}>
              Desativar
            </Button>
          </Stack>
        ) : (
          <Box>
            <Button
              variant="contained"
              onClick={() => {
                setNotice(null);
                setEnrolling(true);
              }}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              Ativar
            </Button>
          </Box>
        )}
        <Typography variant="body2" color="text.secondary">
          Perdeu o acesso a um aparelho? Use “Sair de todos os dispositivos” no menu da sua conta,
          no topo da página.
        </Typography>
      </Stack>
      <TwoFactorEnrolDialog
        open={enrolling}
        email={account.email}
        onStart={onEnrolStart}
        onConfirm={onEnrolConfirm}
        onCancel={() => setEnrolling(false)}
        onDone={() => {
          setEnrolling(false);
          setNotice('Verificação em duas etapas ativada.');
          onEnrolDone();
        }}
      />
      <TwoFactorCodeDialog
        action={codeAction}
        email={account.email}
        onDisable={async (code) => {
          await onDisable(code);
          setNotice('Verificação em duas etapas desativada.');
        }}
        onRegenerate={async (code) => {
          const codes = await onRegenerate(code);
          setNotice('Novos códigos de recuperação gerados. Os anteriores não funcionam mais.');
          return codes;
        }}
        onClose={() => setCodeAction(null)}
      />
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------

function AccountSkeleton() {
  return (
    <Stack spacing={3} role="status" aria-label="Carregando sua conta">
      {[180, 300, 140].map((height) => (
        <Skeleton key={height} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

export function AccountView({
  account,
  loading = false,
  error = null,
  onRetry,
  onSaveProfile,
  onChangePassword,
  ...twoFactor
}: AccountViewProps) {
  return (
    <DashboardPage title={ACCOUNT_TITLE} maxWidth={760}>
      {account === null && loading ? <AccountSkeleton /> : null}
      {account === null && !loading && error !== null ? (
        <LoadError message={error} {...(onRetry ? { onRetry } : {})} />
      ) : null}
      {account !== null ? (
        <Stack spacing={3}>
          {/* While the store requires the enrolment, it comes first (keyed: moved, not remade). */}
          {(account.twoFactorSetupRequired
            ? ['twoFactor', 'profile', 'password']
            : ['profile', 'password', 'twoFactor']
          ).map((section) =>
            section === 'profile' ? (
              <ProfileSection
                key={`profile-${account.id}`}
                account={account}
                onSave={onSaveProfile}
              />
            ) : section === 'password' ? (
              <PasswordSection key="password" email={account.email} onChange={onChangePassword} />
            ) : (
              <TwoFactorSection key="twoFactor" account={account} {...twoFactor} />
            ),
          )}
        </Stack>
      ) : null}
    </DashboardPage>
  );
}
