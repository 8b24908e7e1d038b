// A record's history, newest first as the caller orders it: when (pt-BR, São Paulo time), what,
// who, and a note kept as written (line breaks too). An ordered list, named for screen readers.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { formatDateTime } from '../../../format';

export interface TimelineEntry {
  id: string;
  /** ISO instant. */
  at: string;
  /** What happened: "Pagamento confirmado". */
  title: ReactNode;
  /** Who did it: a staff member's name, "Cliente", "Sistema". */
  actor?: string | null;
  /** Free text as written (a staff note, a refund's reason). */
  note?: string | null;
}

export interface TimelineProps {
  /** The list's accessible name: "Histórico do pedido". */
  label: string;
  entries: TimelineEntry[];
  /** Shown instead of an empty list. */
  emptyText?: string;
}

export function Timeline({ label, entries, emptyText = 'Nada registrado ainda.' }: TimelineProps) {
  if (entries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' },
            gap: { xs: 0, sm: 2 },
            py: 1,
            borderTop: 1,
            borderColor: 'divider',
            '&:first-of-type': { borderTop: 0 },
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(entry.at)}
          </Typography>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {entry.title}
              {entry.actor ? (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · {entry.actor}
                </Typography>
              ) : null}
            </Typography>
            {entry.note ? (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {entry.note}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
