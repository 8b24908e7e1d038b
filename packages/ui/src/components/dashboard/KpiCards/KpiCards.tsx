// Figure cards (the dashboard's home): the value, the previous period's value and the change
// (colour, arrow and a sentence for screen readers). Pure.
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';

import { describeChange, formatChange, type Kpi } from './kpi';

const GRID = {
  display: 'grid',
  gap: 2,
  // Two rows of three beside the side bar; one row of six only on wide screens.
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    xl: 'repeat(6, minmax(0, 1fr))',
  },
  mb: 3,
} as const;

function changeColor(kpi: Kpi): string {
  if (kpi.change === null || Math.round(kpi.change * 10) === 0) return 'text.secondary';
  if (!kpi.goodWhenUp) return 'text.secondary';
  return kpi.change > 0 ? 'success.main' : 'error.main';
}

function KpiCard({ kpi }: { kpi: Kpi }) {
  const up = kpi.change !== null && kpi.change > 0;
  const down = kpi.change !== null && kpi.change < 0;
  return (
    <Card component="section" aria-label={kpi.label} data-kpi={kpi.key}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography
          variant="body2"
          color="text.secondary"
          component="h3"
          sx={{ overflowWrap: 'break-word' }}
        >
          {kpi.label}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontWeight: 700, my: 0.5, overflowWrap: 'anywhere' }}
        >
          {kpi.value}
        </Typography>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: changeColor(kpi) }}
          aria-hidden
        >
          {up ? <ArrowUpwardRounded sx={{ fontSize: 16 }} /> : null}
          {down ? <ArrowDownwardRounded sx={{ fontSize: 16 }} /> : null}
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {formatChange(kpi.change)}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" aria-hidden>
          Antes: {kpi.previousValue}
        </Typography>
        <Box component="p" sx={visuallyHidden}>
          {describeChange(kpi.change, kpi.previousValue)}
        </Box>
      </CardContent>
    </Card>
  );
}

export function KpiCards({ kpis }: { kpis: Kpi[] }) {
  return (
    <Box sx={GRID} role="group" aria-label="Indicadores do período">
      {kpis.map((kpi) => (
        <KpiCard key={kpi.key} kpi={kpi} />
      ))}
    </Box>
  );
}

export function KpiCardsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <Box sx={GRID} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index}>
          <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
            <Skeleton width="60%" />
            <Skeleton width="80%" sx={{ fontSize: '1.5rem' }} />
            <Skeleton width="40%" />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
