// One option of a radio group drawn as a card (a shipping option, a way to pay): the radio, an
// icon, a title, a detail line and, for shipping, the price.
import Box from '@mui/material/Box';
import { useId, type ReactNode, type Ref } from 'react';

export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  onBlur,
  icon,
  title,
  detail,
  more,
  price,
  highlight = false,
  inputRef,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  onBlur: () => void;
  icon: ReactNode;
  title: string;
  detail: string;
  /** More about the option under its line, across the card's text and price (a pickup point). */
  more?: ReactNode;
  price?: ReactNode;
  highlight?: boolean;
  /** The form's handle on the group (focused on an error or by 'Alterar'). */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <Box
      component="label"
      sx={{
        display: 'grid',
        gridTemplateColumns: price === undefined ? 'auto auto 1fr' : 'auto auto 1fr auto',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 60,
        px: 2,
        py: 1.25,
        border: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        boxShadow: (theme) => (checked ? `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none'),
        bgcolor: checked ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        cursor: 'pointer',
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '& input': {
          width: 18,
          height: 18,
          m: 0,
          accentColor: (theme) => theme.palette.primary.main,
        },
        '& > svg': { color: 'text.secondary' },
      }}
    >
      <input
        ref={inputRef}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        onBlur={onBlur}
        // With more to say, the name stays the title and its line; the rest describes it.
        {...(more
          ? {
              'aria-labelledby': `${id}-title ${id}-detail`,
              'aria-describedby': `${id}-more`,
            }
          : {})}
      />
      {icon}
      <span>
        <Box component="span" id={`${id}-title`} sx={{ display: 'block', fontWeight: 600 }}>
          {title}
        </Box>
        <Box
          component="span"
          id={`${id}-detail`}
          sx={{
            display: 'block',
            fontSize: '0.8125rem',
            color: highlight ? 'success.dark' : 'text.secondary',
            fontWeight: highlight ? 600 : 400,
          }}
        >
          {detail}
        </Box>
      </span>
      {price === undefined ? null : (
        <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {price}
        </Box>
      )}
      {more ? (
        <Box
          component="span"
          id={`${id}-more`}
          sx={{
            gridColumn: '3 / -1',
            mt: -0.75,
            fontSize: '0.8125rem',
            color: 'text.secondary',
            overflowWrap: 'anywhere',
          }}
        >
          {more}
        </Box>
      ) : null}
    </Box>
  );
}
