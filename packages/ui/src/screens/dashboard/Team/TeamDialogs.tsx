// The team page's dialogs: invite a person, change someone's access (role and brands), and the
// confirmation of deactivating or reactivating an account. Pure: props in, callbacks out; a
// callback rejects with a TeamActionError and the dialog shows it at its field.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { checkStaffAccess, checkStaffInvite } from '@vitrine/rules';
import { useId, useState, type FormEvent } from 'react';

import { ROLE_LABELS } from '../Shell/navigation';
import { ROLE_DESCRIPTIONS, ROLE_ORDER } from './teamFormat';
import type { StaffRoleValue, TeamBrand, TeamMember } from './TeamScreen.graphql';

/** Why a team action failed: the input field the server named ('email', 'brandIds'...), if any. */
export interface TeamActionError {
  field: string | null;
  message: string;
}

export interface InviteValues {
  email: string;
  name: string;
  role: StaffRoleValue;
  brandIds: string[];
}

export interface AccessValues {
  role: StaffRoleValue;
  brandIds: string[];
}

function asActionError(error: unknown): TeamActionError {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { field, message } = error as { field?: unknown; message: unknown };
    return {
      field: typeof field === 'string' ? field : null,
      message: typeof message === 'string' ? message : 'Não foi possível concluir.',
    };
  }
  return { field: null, message: 'Não foi possível concluir.' };
}

function RoleField({
  value,
  onChange,
  error,
}: {
  value: StaffRoleValue;
  onChange: (role: StaffRoleValue) => void;
  error: string | null;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" error={error !== null}>
      <FormLabel component="legend" id={labelId}>
        Papel
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as StaffRoleValue)}
      >
        {ROLE_ORDER.map((role) => (
          <FormControlLabel
            key={role}
            value={role}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { mt: -0.5 } }}
            label={
              <Box>
                <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {ROLE_LABELS[role]}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {ROLE_DESCRIPTIONS[role]}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {error !== null ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}

function BrandsField({
  brands,
  value,
  onChange,
  error,
}: {
  brands: TeamBrand[];
  value: string[];
  onChange: (brandIds: string[]) => void;
  error: string | null;
}) {
  const selected = brands.filter((brand) => value.includes(brand.id));
  return (
    <Autocomplete
      multiple
      options={brands}
      value={selected}
      getOptionLabel={(brand) => (brand.active ? brand.name : `${brand.name} (inativa)`)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => onChange(chosen.map((brand) => brand.id))}
      noOptionsText="Nenhuma marca encontrada"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Marcas"
          required
          error={error !== null}
          helperText={error ?? 'As marcas cujos produtos e pedidos esta pessoa gerencia.'}
        />
      )}
    />
  );
}

function ErrorAlert({ error }: { error: TeamActionError | null }) {
  return error !== null ? (
    <Alert severity="error" role="alert">
      {error.message}
    </Alert>
  ) : null;
}

function useFullScreen(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

/** The input fields a dialog shows errors at; anything else goes above the form. */
const FIELDS = new Set(['email', 'name', 'role', 'brandIds']);

function fieldOf(error: TeamActionError | null): string | null {
  if (error === null || error.field === null) return null;
  const last = error.field.replace(/^input\./, '').replace(/\[\d+\]$/, '');
  return FIELDS.has(last) ? last : null;
}

export function InviteDialog({
  brands,
  onClose,
  onInvite,
}: {
  brands: TeamBrand[];
  onClose: () => void;
  /** Resolves once the invitation is sent; rejects with a TeamActionError. */
  onInvite: (values: InviteValues) => Promise<void>;
}) {
  const fullScreen = useFullScreen();
  const [values, setValues] = useState<InviteValues>({
    email: '',
    name: '',
    role: 'SUPPORT',
    brandIds: [],
  });
  const [error, setError] = useState<TeamActionError | null>(null);
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const field = fieldOf(error);
  const at = (name: string) => (field === name && error ? error.message : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    // The server's rule for an invitation (@vitrine/rules checkStaffInvite), in its order.
    const checked = checkStaffInvite(values);
    if (!checked.ok) return setError(checked.issue);
    setSending(true);
    setError(null);
    onInvite({ ...values, email: values.email.trim(), name: checked.value.name }).then(
      onClose,
      (rejected: unknown) => {
        setError(asActionError(rejected));
        setSending(false);
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Convidar pessoa</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <DialogContentText>
              A pessoa recebe por e-mail um link, válido por 72 horas, para criar a própria senha.
            </DialogContentText>
            {field === null ? <ErrorAlert error={error} /> : null}
            <TextField
              label="E-mail"
              type="email"
              required
              autoComplete="off"
              value={values.email}
              onChange={(event) => setValues({ ...values, email: event.target.value })}
              error={at('email') !== null}
              helperText={at('email')}
            />
            <TextField
              label="Nome"
              required
              autoComplete="off"
              value={values.name}
              onChange={(event) => setValues({ ...values, name: event.target.value })}
              error={at('name') !== null}
              helperText={at('name')}
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <RoleField
              value={values.role}
              onChange={(role) => setValues({ ...values, role, brandIds: [] })}
              error={at('role')}
            />
            {values.role === 'BRAND_MANAGER' ? (
              <BrandsField
                brands={brands}
                value={values.brandIds}
                onChange={(brandIds) => setValues({ ...values, brandIds })}
                error={at('brandIds')}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" loading={sending}>
            Enviar convite
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function AccessDialog({
  member,
  brands,
  onClose,
  onSave,
}: {
  member: TeamMember;
  brands: TeamBrand[];
  onClose: () => void;
  /** Resolves once saved; rejects with a TeamActionError. */
  onSave: (values: AccessValues) => Promise<void>;
}) {
  const fullScreen = useFullScreen();
  const [values, setValues] = useState<AccessValues>({
    role: member.role,
    brandIds: member.role === 'BRAND_MANAGER' ? member.brandIds : [],
  });
  const [error, setError] = useState<TeamActionError | null>(null);
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const field = fieldOf(error);
  const at = (name: string) => (field === name && error ? error.message : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    // The server's rule for a role's brands (@vitrine/rules checkStaffAccess).
    const checked = checkStaffAccess(values);
    if (!checked.ok) return setError(checked.issue);
    setSending(true);
    setError(null);
    onSave(values).then(onClose, (rejected: unknown) => {
      setError(asActionError(rejected));
      setSending(false);
    });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{`Alterar acesso de ${member.name}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <DialogContentText>
              A mudança vale a partir da próxima ação de {member.name}; as sessões abertas são
              encerradas.
            </DialogContentText>
            {field === null || field === 'role' ? <ErrorAlert error={error} /> : null}
            <RoleField
              value={values.role}
              onChange={(role) =>
                setValues({ role, brandIds: role === 'BRAND_MANAGER' ? values.brandIds : [] })
              }
              error={null}
            />
            {values.role === 'BRAND_MANAGER' ? (
              <BrandsField
                brands={brands}
                value={values.brandIds}
                onChange={(brandIds) => setValues({ ...values, brandIds })}
                error={at('brandIds')}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" loading={sending}>
            Salvar acesso
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function deactivateWarning(name: string): string {
  return `${name} não poderá mais entrar, e todas as sessões abertas com essa conta serão encerradas agora.`;
}

export function ActiveDialog({
  member,
  onClose,
  onConfirm,
}: {
  member: TeamMember;
  onClose: () => void;
  /** Resolves once done; rejects with a TeamActionError. */
  onConfirm: () => Promise<void>;
}) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<TeamActionError | null>(null);
  const deactivating = member.active;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {deactivating ? `Desativar ${member.name}?` : `Reativar ${member.name}?`}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {deactivating
              ? `${deactivateWarning(member.name)} Você pode reativar a conta depois.`
              : `${member.name} volta a poder entrar no painel com o mesmo acesso de antes.`}
          </DialogContentText>
          <ErrorAlert error={error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          variant="contained"
          color={deactivating ? 'error' : 'primary'}
          loading={sending}
          onClick={() => {
            setSending(true);
            setError(null);
            onConfirm().then(onClose, (rejected: unknown) => {
              setError(asActionError(rejected));
              setSending(false);
            });
          }}
        >
          {deactivating ? 'Desativar' : 'Reativar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
