// A numbered section of the checkout form (1 Identificação, 2 Entrega, 3 Pagamento) and the grid
// its fields sit on.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function CheckoutSection({
  number,
  title,
  children,
  id,
  onFocus,
}: {
  number: number;
  title: string;
  children: ReactNode;
  id: string;
  onFocus?: () => void;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      onFocus={onFocus}
      sx={{
        p: { xs: 2, sm: 3 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Typography
        id={`${id}-title`}
        variant="h6"
        component="h2"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.25, fontWeight: 700, mb: 2.5 }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 28,
            height: 28,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.875rem',
          }}
        >
          {number}
        </Box>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Six columns from the small breakpoint up, one below. */
export const fieldGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' },
} as const;

/** A field's width on the grid, in columns of six. */
export function span(columns: number) {
  return { gridColumn: { sm: `span ${columns}` } };
}
