// Revenue per day (orders per day for SUPPORT, who sees no money) beside the previous period,
// drawn dashed and grey; with a summary for screen readers and the numbers as a table. Pure.
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { ptBR as chartsPtBR } from '@mui/x-charts/locales';
import { useId, useState } from 'react';

import { formatBRL } from '../../../format';

export interface DailyFigure {
  date: string;
  revenueCents: number | null;
  ordersCount: number;
}

export interface RevenueChartProps {
  series: DailyFigure[];
  previousSeries: DailyFigure[];
  /** Skips the drawing animation (stories, tests). */
  skipAnimation?: boolean;
}

const chartLocaleText = chartsPtBR.components.MuiChartsLocalizationProvider.defaultProps.localeText;

/** '2026-11-05' -> '05/11'. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

export function RevenueChart({ series, previousSeries, skipAnimation = false }: RevenueChartProps) {
  const headingId = useId();
  const tableId = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const money = series.some((day) => day.revenueCents !== null);
  const valueOf = (day: DailyFigure | undefined) =>
    day === undefined ? null : money ? (day.revenueCents ?? 0) / 100 : day.ordersCount;
  const format = (value: number | null) =>
    value === null
      ? '—'
      : money
        ? formatBRL(Math.round(value * 100))
        : value.toLocaleString('pt-BR');
  const current = series.map(valueOf);
  const previous = series.map((_, index) => valueOf(previousSeries[index]));
  const total = (values: (number | null)[]) => values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
  const title = money ? 'Receita por dia' : 'Pedidos por dia';
  // One day (Hoje, Ontem, a one-day range) compares with the day before: two marks, not a line
  // that one point cannot draw.
  const oneDay = series.length === 1;
  const currentLabel = oneDay ? 'Dia escolhido' : 'Período atual';
  const previousLabel = oneDay ? 'Dia anterior' : 'Período anterior';
  const summary = oneDay
    ? `${title}: ${format(total(current))} em ${dayMonth(series[0]?.date ?? '')}, contra ${format(total(previous))} no dia anterior${previousSeries[0] ? ` (${dayMonth(previousSeries[0].date)})` : ''}.`
    : `${title}: ${format(total(current))} no período, contra ${format(total(previous))} no período anterior.`;

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {summary}
        </Typography>
        <Box
          role="img"
          aria-label={summary}
          sx={{
            height: 280,
            '& path.MuiLineChart-line[data-series="previous"]': { strokeDasharray: '6 4' },
          }}
        >
          <LineChart
            height={280}
            skipAnimation={skipAnimation}
            localeText={chartLocaleText}
            xAxis={[{ scaleType: 'point', data: series.map((day) => dayMonth(day.date)) }]}
            yAxis={[
              { min: 0, valueFormatter: (value: number) => format(value), width: money ? 84 : 40 },
            ]}
            series={[
              {
                id: 'current',
                label: currentLabel,
                data: current,
                valueFormatter: (value) => format(value),
                showMark: series.length <= 31,
                color: '#2563eb',
              },
              {
                id: 'previous',
                label: previousLabel,
                data: previous,
                valueFormatter: (value) => format(value),
                // A line needs two points: a lone day shows its mark.
                showMark: series.length <= 2,
                color: '#9e9e9e',
              },
            ]}
            margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
          />
        </Box>
        <Button
          size="small"
          sx={{ mt: 1, minHeight: 44 }}
          aria-expanded={tableOpen}
          aria-controls={tableId}
          onClick={() => setTableOpen((open) => !open)}
          endIcon={
            <ExpandMoreRounded
              sx={{
                transform: tableOpen ? 'rotate(180deg)' : 'none',
                transition: 'transform 150ms',
              }}
            />
          }
        >
          {tableOpen ? 'Ocultar a tabela' : 'Ver os números em uma tabela'}
        </Button>
        <Collapse in={tableOpen} id={tableId} unmountOnExit>
          <Table size="small" aria-label={`${title} em tabela`}>
            <TableHead>
              <TableRow>
                <TableCell>Dia</TableCell>
                <TableCell align="right">{currentLabel}</TableCell>
                <TableCell align="right">{previousLabel}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {series.map((day, index) => (
                <TableRow key={day.date}>
                  <TableCell>{dayMonth(day.date)}</TableCell>
                  <TableCell align="right">{format(current[index] ?? null)}</TableCell>
                  <TableCell align="right">{format(previous[index] ?? null)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Collapse>
      </CardContent>
    </Card>
  );
}

export function RevenueChartSkeleton() {
  return (
    <Card sx={{ mb: 3 }} aria-hidden>
      <CardContent>
        <Skeleton width={180} sx={{ fontSize: '1.25rem' }} />
        <Skeleton width="60%" />
        <Skeleton variant="rounded" height={280} sx={{ mt: 1 }} />
      </CardContent>
    </Card>
  );
}
