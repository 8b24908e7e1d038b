// The header's search field before the Autocomplete (SearchBox) arrives: a native input drawn
// like MUI's small outlined field, so the storefront's first visit downloads no InputBase,
// OutlinedInput or TextareaAutosize (about 6 KB gzip; docs/benchmarks.md, first-visit weight).
import { styled, useThemeProps } from '@mui/material/styles';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Before the text (an icon). */
  start?: ReactNode;
  /** After the text (the submit button). */
  end?: ReactNode;
  /** The input element (the phone's search sheet focuses it). */
  ref?: Ref<HTMLInputElement>;
}

// A label, so a tap anywhere on the 44 px frame (not only on the 23 px line of text) focuses the
// input, as MUI's outlined field does.
const Root = styled('label', { name: 'VtSearchField', slot: 'Root' })(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  boxSizing: 'border-box',
  width: '100%',
  // 44 px tall, frame included; a 44 px button inside overlaps the frame by a pixel (as the
  // Autocomplete's does), so the field does not grow when the button meets the touch target.
  minHeight: 44,
  padding: 0,
  borderRadius: 999,
  border: `1px solid ${theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)'}`,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  cursor: 'text',
  '&:hover': { borderColor: theme.palette.text.primary },
  // MUI draws its focused outline 2 px wide; an inset shadow adds the second pixel without
  // moving the text.
  '&:focus-within': {
    borderColor: theme.palette.primary.main,
    boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
  },
  '& > svg': { marginLeft: 13, color: theme.palette.action.active, flexShrink: 0 },
}));

const Input = styled('input', { name: 'VtSearchField', slot: 'Input' })(({ theme }) => ({
  ...theme.typography.body1,
  flex: 1,
  minWidth: 0,
  height: '1.4375em',
  padding: '2.5px 4px 2.5px 13px',
  border: 0,
  outline: 0,
  margin: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  '&::placeholder': { color: 'currentColor', opacity: theme.palette.mode === 'light' ? 0.42 : 0.5 },
  '&::-webkit-search-cancel-button': { display: 'none' },
}));

export function SearchField(inProps: SearchFieldProps) {
  const { start, end, className, ...input } = useThemeProps({
    props: inProps,
    name: 'VtSearchField',
  });
  return (
    <Root className={className}>
      {start}
      <Input {...input} />
      {end}
    </Root>
  );
}
