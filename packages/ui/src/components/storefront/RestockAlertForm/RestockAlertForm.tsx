// 'Avise-me quando chegar': on a sold-out product or size, an e-mail field; the server mails a
// confirmation link first (double opt-in), then one mail when the stock is back.
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { checkEmail } from '@vitrine/rules';
import { useId, useState, type FormEvent } from 'react';

export type RestockAlertStatus = 'idle' | 'sending' | 'sent';

export interface RestockAlertOption {
  variantId: string;
  /** 'Tamanho 39', 'Azul, tamanho M'. */
  label: string;
}

export interface RestockAlertFormProps {
  status: RestockAlertStatus;
  /** The server's message (bad e-mail, too many requests, no connection). */
  error?: string | null;
  /**
   * The sold-out variants the shopper may ask about: with more than one, a 'Tamanho' select
   * (required); with one, that one.
   */
  options: RestockAlertOption[];
  onSubmit: (email: string, variantId: string) => void;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('section', { name: 'VtRestockAlertForm', slot: 'Root' })(({ theme }) => ({
  display: 'grid',
  gap: 8,
  padding: 16,
  borderRadius: 8,
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
  '& h2': {
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: 8,
    fontSize: '0.9375rem',
    fontWeight: 700,
  },
  '& p': { margin: 0, fontSize: '0.875rem', color: theme.palette.text.secondary },
  '& form': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: 8,
    alignItems: 'start',
  },
  '& .MuiButton-root': { minHeight: 44 },
}));

export function RestockAlertForm(inProps: RestockAlertFormProps) {
  const { status, error, options, onSubmit, ...other } = useThemeProps({
    props: inProps,
    name: 'VtRestockAlertForm',
  });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const titleId = useId();
  const single = options.length === 1 ? options[0]! : null;
  const variantId =
    single?.variantId ?? (options.some((o) => o.variantId === chosen) ? chosen : '');

  function submit(event: FormEvent) {
    event.preventDefault();
    // The store's one e-mail rule, the server's (@vitrine/rules): quotes and invisible
    // characters get their own message.
    const checked = checkEmail(email);
    const value = checked.ok ? checked.email : '';
    const emailProblem = checked.ok
      ? null
      : checked.problem === 'EMPTY'
        ? 'Informe seu e-mail.'
        : checked.message;
    const choiceProblem = variantId ? null : 'Escolha o tamanho.';
    setFieldError(emailProblem);
    setChoiceError(choiceProblem);
    if (emailProblem || choiceProblem) return;
    onSubmit(value, variantId);
  }

  if (status === 'sent') {
    return (
      <Root aria-labelledby={titleId} {...other}>
        <h2 id={titleId}>
          <MarkEmailReadOutlined aria-hidden fontSize="small" color="success" />
          Enviamos um e-mail para confirmar
        </h2>
        <p role="status">
          Abra o link que enviamos para {email.trim()} (válido por 48 horas). Depois disso, avisamos
          uma única vez quando chegar.
        </p>
      </Root>
    );
  }
  const message = fieldError ?? error ?? null;
  return (
    <Root aria-labelledby={titleId} {...other}>
      <h2 id={titleId}>
        <NotificationsOutlined aria-hidden fontSize="small" />
        Avise-me quando chegar
      </h2>
      <p>
        {single
          ? `${single.label}: deixe seu e-mail e avisamos quando chegar. `
          : 'Esgotou o seu tamanho? Deixe seu e-mail e avisamos quando chegar. '}
        Usamos seu e-mail só para este aviso e o apagamos depois.
      </p>
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        {single ? null : (
          <TextField
            select
            size="small"
            label="Tamanho"
            value={variantId}
            onChange={(event) => {
              setChosen(event.target.value);
              setChoiceError(null);
            }}
            error={choiceError !== null}
            helperText={choiceError ?? undefined}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ gridColumn: '1 / -1' }}
          >
            <option value="">Escolha</option>
            {options.map((option) => (
              <option key={option.variantId} value={option.variantId}>
                {option.label}
              </option>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label="E-mail"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={message !== null}
          helperText={message ?? undefined}
          slotProps={{ htmlInput: { autoComplete: 'email', inputMode: 'email' } }}
        />
        <Button type="submit" variant="outlined" disabled={status === 'sending'}>
          {status === 'sending' ? 'Enviando…' : 'Avise-me'}
        </Button>
      </form>
    </Root>
  );
}
