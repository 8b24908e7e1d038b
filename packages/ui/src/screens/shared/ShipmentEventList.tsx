// The carrier's events of a parcel, newest first, as carriers' own sites show them: what (in plain
// Portuguese), the carrier's words, when and where. The shopper's tracking page and the staff's
// order page both list them with it.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isShipmentProblem, type ShipmentStatus } from '@vitrine/rules';

import { formatDateTime } from '../../format';

export interface ShipmentEventItem {
  status: ShipmentStatus;
  label: string;
  description: string;
  location: string | null;
  occurredAt: string;
}

/** Oldest first in, newest first out; the latest is marked (in warning colours for a problem). */
export function ShipmentEventList({ events }: { events: readonly ShipmentEventItem[] }) {
  return (
    <Box
      component="ol"
      aria-label="Eventos da transportadora"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {[...events].reverse().map((event, index) => (
        <Box
          component="li"
          key={`${event.occurredAt}-${event.status}-${index}`}
          sx={{
            display: 'grid',
            gap: 0.25,
            pl: 2,
            borderLeft: 2,
            borderColor:
              index === 0
                ? isShipmentProblem(event.status)
                  ? 'warning.main'
                  : 'primary.main'
                : 'divider',
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {event.label}
          </Typography>
          <Typography variant="body2">{event.description}</Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(event.occurredAt)}
            {event.location ? ` · ${event.location}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
