// A price edited where it is shown (a grid cell, a row of the variants dialog): the price as a
// button; Enter or "Salvar" sends it, Escape gives up. Refused: the server's reason beside it and
// the saved price back. Pure.
import CheckIcon from '@mui/icons-material/Check';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatBRL } from '@vitrine/rules';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { moneyInputText, parseBRL } from '../../../format';

const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface InlinePriceFieldProps {
  valueCents: number;
  /** Names the field for screen readers: 'Preço de Camiseta (M / Branco)'. */
  label: string;
  /** Resolves to the refusal's message, or null when saved. */
  onSave(cents: number): Promise<string | null>;
  readOnly?: boolean;
  /** 'cell': fits a grid row; 'field': a roomier row of a dialog. */
  size?: 'cell' | 'field';
}

export function InlinePriceField({
  valueCents,
  label,
  onSave,
  readOnly = false,
  size = 'cell',
}: InlinePriceFieldProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Clicking the price is asking to type one: the field takes the focus.
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  if (readOnly) return <Typography variant="body2">{formatBRL(valueCents)}</Typography>;

  async function save() {
    const cents = parseBRL(text);
    if (cents === null) {
      setError('Digite um preço como 129,90.');
      return;
    }
    if (cents === valueCents) {
      setEditing(false);
      return;
    }
    setSaving(true);
    const refusal = await onSave(cents);
    setSaving(false);
    setEditing(false);
    setError(refusal);
    setSaved(refusal === null);
  }

  function onKeyDown(event: KeyboardEvent) {
    // The grid's own keys (space selects, arrows move) must not act while typing a price.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      setEditing(false);
      setError(null);
    }
  }

  if (editing) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, width: '100%' }}>
        <InputBase
          inputRef={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={saving}
          inputProps={{ 'aria-label': label, inputMode: 'decimal' }}
          startAdornment={<Typography variant="body2">R$&nbsp;</Typography>}
          sx={{
            flex: 1,
            minWidth: 0,
            px: 1,
            border: 1,
            borderColor: error ? 'error.main' : 'primary.main',
            borderRadius: 1,
            bgcolor: 'background.paper',
            fontSize: 14,
          }}
        />
        {saving ? (
          <CircularProgress size={18} aria-label="Salvando" />
        ) : (
          <IconButton size="small" aria-label="Salvar preço" onClick={() => void save()}>
            <CheckIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
    );
  }

  return (
    <>
      <Tooltip
        open={error !== null}
        title={error ?? ''}
        arrow
        placement="bottom-start"
        slotProps={{ popper: { disablePortal: false } }}
      >
        <ButtonBase
          onClick={() => {
            setText(moneyInputText(valueCents));
            setEditing(true);
            setSaved(false);
          }}
          onBlur={() => setError(null)}
          aria-label={`${label}: ${formatBRL(valueCents)}. Alterar`}
          sx={{
            justifyContent: 'flex-start',
            gap: 0.5,
            px: 1,
            py: size === 'field' ? 1 : 0.5,
            borderRadius: 1,
            border: 1,
            borderColor: error ? 'error.main' : 'transparent',
            '&:hover': { borderColor: 'divider' },
            fontSize: 14,
          }}
        >
          {formatBRL(valueCents)}
          {error ? <ErrorOutline color="error" fontSize="small" /> : null}
          {saved ? <CheckIcon color="success" fontSize="small" titleAccess="Salvo" /> : null}
        </ButtonBase>
      </Tooltip>
      <Box component="span" role="status" sx={HIDDEN}>
        {error ?? (saved ? 'Preço salvo.' : '')}
      </Box>
    </>
  );
}
