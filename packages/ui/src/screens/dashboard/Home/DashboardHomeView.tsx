// The dashboard's home: how the store is doing in a period beside the previous one (figures,
// revenue per day, best sellers, low stock) and what needs doing now. Pure: props only.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';

import { DashboardPage } from '../shared/DashboardPage';
import { MailDeliveryAlert } from '../shared/MailDeliveryAlert';
import type { MailDelivery } from '../shared/mailDelivery.graphql';
import type { DayRange, Period } from '../shared/period';
import {
  LowStockPanel,
  PanelCard,
  PanelSkeleton,
  TodoPanel,
  TopBrandsPanel,
  TopProductsPanel,
  type HomeTodo,
  type LowStockItem,
  type TopBrandItem,
  type TopProductItem,
} from './HomeLists';
import { kpisOf, type PeriodFigures } from './homeFigures';
import { KpiCards, KpiCardsSkeleton } from '../../../components/dashboard/KpiCards';
import { PeriodSelector } from './PeriodSelector';
import { RevenueChart, RevenueChartSkeleton, type DailyFigure } from './RevenueChart';

export interface HomeStats {
  current: PeriodFigures;
  previous: PeriodFigures;
  series: DailyFigure[];
  previousSeries: DailyFigure[];
  topProducts: TopProductItem[];
  topBrands: TopBrandItem[];
  lowStockVariants: LowStockItem[];
}

export interface DashboardHomeViewProps {
  staffName: string | null;
  period: Period;
  /** The days the period covers. */
  range: DayRange;
  /** Today in São Paulo. */
  today: string;
  onPeriodChange: (period: Period) => void;
  stats: HomeStats | null;
  loading?: boolean;
  /** A message for people when the figures failed to load. */
  error?: string | null;
  onRetry?: () => void;
  todo: HomeTodo | null;
  todoLoading?: boolean;
  todoError?: string | null;
  onRetryTodo?: () => void;
  /** The brand the page is narrowed to (links keep it). */
  brandId?: string | null;
  /** The clock expiries are counted from (ms since the epoch). */
  now: number;
  /** A discreet notice ('Novo pedido VT-10045'); null for none. */
  notice?: string | null;
  onNoticeClose?: () => void;
  /** Skips the chart's drawing animation (stories, tests). */
  skipAnimation?: boolean;
  /** Whether the store's mails go out (ADMIN; null otherwise): a warning while they do not. */
  mailDelivery?: MailDelivery | null;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function ErrorWithRetry({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 3 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Tentar de novo
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}

export function DashboardHomeView({
  staffName,
  period,
  range,
  today,
  onPeriodChange,
  stats,
  loading = false,
  error = null,
  onRetry,
  todo,
  todoLoading = false,
  todoError = null,
  onRetryTodo,
  brandId = null,
  now,
  notice = null,
  onNoticeClose,
  skipAnimation = false,
  mailDelivery = null,
}: DashboardHomeViewProps) {
  const quiet =
    stats !== null && stats.current.ordersCount === 0 && stats.previous.ordersCount === 0;
  return (
    <DashboardPage title="Visão geral">
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {staffName ? `Olá, ${firstName(staffName)}! ` : ''}Veja como a loja está indo.
      </Typography>
      <MailDeliveryAlert delivery={mailDelivery} />
      <PeriodSelector period={period} range={range} today={today} onChange={onPeriodChange} />

      {error !== null && stats === null ? (
        <ErrorWithRetry message={error} {...(onRetry ? { onRetry } : {})} />
      ) : stats === null ? (
        <Box role="status" aria-label="Carregando os números do período">
          <KpiCardsSkeleton />
          <RevenueChartSkeleton />
        </Box>
      ) : (
        <Box aria-busy={loading}>
          {quiet ? (
            <Alert severity="info" sx={{ mb: 3 }}>
              Ainda não há vendas neste período nem no anterior. Os números aparecem aqui assim que
              os primeiros pedidos forem pagos.
            </Alert>
          ) : null}
          <KpiCards kpis={kpisOf(stats.current, stats.previous)} />
          <RevenueChart
            series={stats.series}
            previousSeries={stats.previousSeries}
            skipAnimation={skipAnimation}
          />
        </Box>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        {todoError !== null && todo === null ? (
          <PanelCard title="A fazer">
            <ErrorWithRetry
              message={todoError}
              {...(onRetryTodo ? { onRetry: onRetryTodo } : {})}
            />
          </PanelCard>
        ) : todo === null || (todoLoading && todo === null) ? (
          <PanelSkeleton title="A fazer" />
        ) : (
          <TodoPanel todo={todo} brandId={brandId} now={now} />
        )}
        <Box sx={{ display: 'grid', gap: 3 }}>
          {stats === null ? (
            error === null ? (
              <>
                <PanelSkeleton title="Produtos mais vendidos" />
                <PanelSkeleton title="Marcas mais vendidas" />
              </>
            ) : null
          ) : (
            <>
              <TopProductsPanel products={stats.topProducts} />
              <TopBrandsPanel brands={stats.topBrands} />
              <LowStockPanel variants={stats.lowStockVariants} />
            </>
          )}
        </Box>
      </Box>

      <Snackbar
        open={notice !== null}
        message={notice ?? ''}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') onNoticeClose?.();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      />
    </DashboardPage>
  );
}
