// Size or colour choice as a radio group: native radios give keyboard use (arrows skip what is
// unavailable) and screen-reader semantics; unavailable options stay visible, struck through.
// With soldOutChoosable they can be chosen too (still struck through, named 'esgotado'): the
// product page offers 'Avise-me' for the sold-out size or colour chosen.
// On a server-rendered page a shopper can tap a chip before the script has run: the browser checks
// the radio, React keeps that checked state when it hydrates but never hears of it. The picker
// adopts such a choice once, after hydration, so what is shown checked is what is chosen.
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useEffect, useId, useRef } from 'react';

import { VisuallyHidden } from '../shared/VisuallyHidden';

export interface VariantOptionChoice {
  value: string;
  /** Shown on the chip; the value by default. */
  label?: string;
  available: boolean;
  /** A CSS colour to show a swatch instead of text (colour pickers). */
  swatch?: string;
}

export interface VariantPickerProps {
  /** 'Tamanho', 'Cor'. */
  label: string;
  options: VariantOptionChoice[];
  value: string | null;
  onChange: (value: string) => void;
  /** Form field name; unique per picker by default. */
  name?: string;
  /** Shown under the chips, e.g. 'Escolha um tamanho.' after a failed add to cart. */
  error?: string | null;
  /**
   * Unavailable options can be chosen (struck through, read as 'esgotado'), e.g. to ask for a
   * notice when they come back; by default they are disabled and the arrows skip them.
   */
  soldOutChoosable?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('fieldset', { name: 'VtVariantPicker', slot: 'Root' })({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

const Legend = styled('legend', { name: 'VtVariantPicker', slot: 'Legend' })(({ theme }) => ({
  padding: 0,
  marginBottom: theme.spacing(1),
  fontSize: '0.9375rem',
  fontWeight: 600,
  color: theme.palette.text.primary,
  '& span': { fontWeight: 400, color: theme.palette.text.secondary },
}));

const Options = styled('div', { name: 'VtVariantPicker', slot: 'Options' })({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
});

const Chip = styled('span', { name: 'VtVariantPicker', slot: 'Chip' })(({ theme }) => ({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 48,
  minHeight: 44,
  padding: '0 14px',
  borderRadius: 8,
  border: `1px solid ${theme.palette.grey[400]}`,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  fontSize: '0.9375rem',
  fontWeight: 500,
  cursor: 'pointer',
  userSelect: 'none',
  overflow: 'hidden',
}));

const Swatch = styled('span', { name: 'VtVariantPicker', slot: 'Swatch' })({
  width: 26,
  height: 26,
  borderRadius: '50%',
  boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.18)',
});

const Option = styled('label', { name: 'VtVariantPicker', slot: 'Option' })(({ theme }) => ({
  position: 'relative',
  display: 'inline-flex',
  '& input': {
    position: 'absolute',
    opacity: 0,
    width: 1,
    height: 1,
    margin: 0,
  },
  // A sold-out option that can still be chosen (soldOutChoosable): the same diagonal line.
  '& input + span[data-available="false"]': {
    color: theme.palette.text.secondary,
    backgroundColor: theme.palette.grey[100],
    borderStyle: 'dashed',
    backgroundImage: `linear-gradient(to top left, transparent calc(50% - 1px), ${theme.palette.grey[500]} 50%, transparent calc(50% + 1px))`,
  },
  '& input + span[data-available="false"] > span': { opacity: 0.45 },
  '& input:checked + span': {
    borderColor: theme.palette.primary.main,
    boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
    backgroundColor: theme.palette.action.selected,
    fontWeight: 700,
  },
  '& input:focus-visible + span': {
    outline: `3px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  },
  '& input:disabled + span': {
    cursor: 'not-allowed',
    color: theme.palette.text.secondary,
    backgroundColor: theme.palette.grey[100],
    borderStyle: 'dashed',
    // A diagonal line across the chip: the universal 'sold out' mark.
    backgroundImage: `linear-gradient(to top left, transparent calc(50% - 1px), ${theme.palette.grey[500]} 50%, transparent calc(50% + 1px))`,
  },
  '& input:disabled + span > span': { opacity: 0.45 },
  '&:hover input:not(:disabled) + span': { borderColor: theme.palette.text.primary },
}));

const ErrorText = styled('p', { name: 'VtVariantPicker', slot: 'Error' })(({ theme }) => ({
  margin: theme.spacing(1, 0, 0),
  color: theme.palette.error.main,
  fontSize: '0.8125rem',
  fontWeight: 500,
}));

export function VariantPicker(inProps: VariantPickerProps) {
  const { label, options, value, onChange, name, error, soldOutChoosable, ...other } =
    useThemeProps({
      props: inProps,
      name: 'VtVariantPicker',
    });
  const generatedName = useId();
  const groupName = name ?? generatedName;
  const errorId = `${groupName}-error`;
  const selected = options.find((option) => option.value === value);
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const checked = rootRef.current?.querySelector<HTMLInputElement>('input:checked');
    if (checked && !checked.disabled && checked.value !== value) onChange(checked.value);
  }, [onChange, value]);
  return (
    <Root
      ref={rootRef}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      {...other}
    >
      <Legend>
        {label}
        {selected ? <span>: {selected.label ?? selected.value}</span> : null}
      </Legend>
      <Options>
        {options.map((option) => {
          const text = option.label ?? option.value;
          const unavailableText = `${text} (${soldOutChoosable ? 'esgotado' : 'indisponível'})`;
          return (
            <Option key={option.value} title={option.available ? text : unavailableText}>
              <input
                type="radio"
                name={groupName}
                value={option.value}
                checked={option.value === value}
                disabled={!option.available && !soldOutChoosable}
                aria-label={option.available ? undefined : unavailableText}
                onChange={() => onChange(option.value)}
              />
              <Chip data-available={option.available}>
                {option.swatch ? (
                  <>
                    <Swatch style={{ backgroundColor: option.swatch }} aria-hidden />
                    <VisuallyHidden>{text}</VisuallyHidden>
                  </>
                ) : (
                  <span>{text}</span>
                )}
              </Chip>
            </Option>
          );
        })}
      </Options>
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Root>
  );
}
