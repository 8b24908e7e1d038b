// A quantity with − and + buttons (44 px targets) around a number field.
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useState } from 'react';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  min?: number;
  max?: number;
  /** What is counted, for the accessible names: 'Quantidade de Camiseta básica'. */
  label?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('div', { name: 'VtQuantityStepper', slot: 'Root' })(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  border: `1px solid ${theme.palette.grey[400]}`,
  borderRadius: 8,
  backgroundColor: theme.palette.background.paper,
  '& .MuiIconButton-root': { width: 44, height: 44, borderRadius: 7 },
}));

const Input = styled('input', { name: 'VtQuantityStepper', slot: 'Input' })(({ theme }) => ({
  width: 44,
  height: 44,
  border: 0,
  padding: 0,
  textAlign: 'center',
  font: 'inherit',
  fontWeight: 600,
  color: theme.palette.text.primary,
  backgroundColor: 'transparent',
  MozAppearance: 'textfield',
  '&::-webkit-outer-spin-button, &::-webkit-inner-spin-button': { WebkitAppearance: 'none' },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, borderRadius: 4 },
}));

export function QuantityStepper(inProps: QuantityStepperProps) {
  const {
    value,
    onChange,
    min = 1,
    max = 99,
    label = 'Quantidade',
    disabled = false,
    size: _size,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtQuantityStepper' });
  const [draft, setDraft] = useState(String(value));
  // Follow a new value from outside (the cart re-priced, another tab) without an effect.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(String(value));
  }

  function commit(text: string) {
    const parsed = Number.parseInt(text, 10);
    if (Number.isNaN(parsed)) {
      setDraft(String(value));
      return;
    }
    const next = Math.max(min, Math.min(max, parsed));
    setDraft(String(next));
    if (next !== value) onChange(next);
  }

  return (
    <Root role="group" aria-label={label} {...other}>
      <IconButton
        aria-label="Diminuir quantidade"
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={disabled || value <= min}
      >
        <Remove fontSize="small" />
      </IconButton>
      <Input
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={max}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
      <IconButton
        aria-label="Aumentar quantidade"
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={disabled || value >= max}
      >
        <Add fontSize="small" />
      </IconButton>
    </Root>
  );
}
