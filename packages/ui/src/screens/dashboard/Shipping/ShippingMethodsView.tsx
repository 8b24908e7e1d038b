// The shipping methods page (Frete, ADMIN): the methods in the order the checkout lists them,
// each with its kind, the carrier quoting it, regions covered, price range, days, free-shipping
// rule and status; move
// up and down to reorder; "Criar forma de entrega"; the store's boxes below the list
// (ShippingBoxesSection); the simulator beside the list (below it on narrow screens). Pure: props
// in, callbacks out.
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { ListSkeleton, LoadError, NoPermission } from '../Categories/PageStates';
import { DashboardPage } from '../shared/DashboardPage';
import { ShippingBoxesSection, type ShippingBoxesSectionProps } from './ShippingBoxesSection';
import { ShippingSimulator, type ShippingSimulatorProps } from './ShippingSimulator';
import {
  carrierSummary,
  daysRange,
  freeShippingRule,
  KIND_LABELS,
  priceRange,
  regionsCovered,
} from './shippingForm';
import type { ShippingMethodSummary } from './ShippingScreen.graphql';

export const SHIPPING_FORBIDDEN =
  'Somente administradores podem ver e alterar as formas de entrega.';

export interface ShippingMethodsViewProps {
  methods: ShippingMethodSummary[] | null;
  /** The store-wide free-shipping threshold (Configurações), null: none. */
  storeThresholdCents: number | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The caller is not an ADMIN. */
  forbidden?: boolean;
  /** Moves the method at `index` one place up (-1) or down (1); rejects with a message. */
  onMove: (index: number, direction: -1 | 1) => Promise<void>;
  simulator: ShippingSimulatorProps;
  /** The store's boxes (Caixas); absent: the section is not shown. */
  boxes?: ShippingBoxesSectionProps;
}

const COLUMNS = {
  xs: 'minmax(0, 1fr)',
  md: 'minmax(0, 1.6fr) minmax(0, 1.3fr) minmax(0, 1.3fr) minmax(0, 1.4fr) 96px',
};

function HeaderRow() {
  return (
    <Box
      aria-hidden
      sx={{
        display: { xs: 'none', md: 'grid' },
        gridTemplateColumns: COLUMNS.md,
        columnGap: 2,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'caption',
        fontWeight: 600,
        textTransform: 'uppercase',
        letterSpacing: 0.4,
      }}
    >
      <span>Forma de entrega</span>
      <span>Onde atende</span>
      <span>Preço e prazo</span>
      <span>Frete grátis</span>
      <span>Ordem</span>
    </Box>
  );
}

function MethodRow({
  method,
  index,
  count,
  storeThresholdCents,
  busy,
  onMove,
}: {
  method: ShippingMethodSummary;
  index: number;
  count: number;
  storeThresholdCents: number | null;
  busy: boolean;
  onMove: (index: number, direction: -1 | 1) => void;
}) {
  const carrier = carrierSummary(method);
  const label = (text: string) => (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ display: { xs: 'block', md: 'none' }, fontWeight: 600 }}
    >
      {text}
    </Typography>
  );
  return (
    <Box
      component="li"
      aria-label={method.name}
      sx={{
        display: 'grid',
        gridTemplateColumns: COLUMNS,
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        py: 1.5,
        borderTop: index === 0 ? 0 : 1,
        borderColor: 'divider',
        bgcolor: method.active ? undefined : 'action.hover',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={dashboardPaths.shippingMethod(method.id)}
          underline="hover"
          sx={{
            fontWeight: 600,
            overflowWrap: 'anywhere',
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 44,
            minWidth: 44,
          }}
        >
          {method.name}
        </Link>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          <Chip size="small" variant="outlined" label={KIND_LABELS[method.kind]} />
          {carrier !== null ? (
            <Chip
              size="small"
              variant="outlined"
              label={carrier}
              title={`Cotada por ${carrier}; a tabela vale se a transportadora não responder.`}
              // The name column is narrow: the carrier's name wraps rather than being cut.
              sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
            />
          ) : null}
          <Chip
            size="small"
            label={method.active ? 'Ativa' : 'Inativa'}
            color={method.active ? 'success' : 'default'}
            variant={method.active ? 'filled' : 'outlined'}
          />
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {label('Onde atende')}
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {regionsCovered(method)}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {label('Preço e prazo')}
        <Typography variant="body2">{priceRange(method)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {daysRange(method)}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {label('Frete grátis')}
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {freeShippingRule(method, storeThresholdCents)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, justifySelf: { xs: 'start', md: 'end' } }}>
        <IconButton
          aria-label={`Mover ${method.name} para cima`}
          disabled={busy || index === 0}
          onClick={() => onMove(index, -1)}
          sx={{ width: 44, height: 44 }}
        >
          <ArrowUpwardRounded />
        </IconButton>
        <IconButton
          aria-label={`Mover ${method.name} para baixo`}
          disabled={busy || index === count - 1}
          onClick={() => onMove(index, 1)}
          sx={{ width: 44, height: 44 }}
        >
          <ArrowDownwardRounded />
        </IconButton>
      </Box>
    </Box>
  );
}

export function ShippingMethodsView(props: ShippingMethodsViewProps) {
  const { methods, loading = false, error = null, onRetry, forbidden = false } = props;
  const [moving, setMoving] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );

  if (forbidden) {
    return (
      <DashboardPage title="Frete">
        <NoPermission message={SHIPPING_FORBIDDEN} />
      </DashboardPage>
    );
  }

  async function move(index: number, direction: -1 | 1) {
    const method = methods?.[index];
    if (!method) return;
    setMoving(true);
    setNotice(null);
    try {
      await props.onMove(index, direction);
      setNotice({
        severity: 'success',
        text: `${method.name} agora é a ${index + direction + 1}ª opção.`,
      });
    } catch (failure) {
      setNotice({
        severity: 'error',
        text: failure instanceof Error ? failure.message : 'Não foi possível mudar a ordem.',
      });
    } finally {
      setMoving(false);
    }
  }

  return (
    <DashboardPage
      title="Frete"
      breadcrumbs={[{ label: 'Painel', to: dashboardPaths.home }, { label: 'Frete' }]}
      actions={
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          component={RouterLink}
          to={dashboardPaths.shippingMethodNew}
        >
          Criar forma de entrega
        </Button>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0, display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            O checkout lista as opções do frete mais barato ao mais caro; a ordem abaixo desempata e
            organiza esta lista.
          </Typography>
          {error !== null && methods === null ? (
            <LoadError message={error} {...(onRetry ? { onRetry } : {})} />
          ) : methods === null || (loading && methods.length === 0) ? (
            <ListSkeleton label="Carregando as formas de entrega" />
          ) : methods.length === 0 ? (
            <Card sx={{ p: 3, textAlign: 'center' }}>
              <Typography sx={{ mb: 2 }}>
                Nenhuma forma de entrega ainda: sem elas, o cliente não consegue fechar o pedido.
              </Typography>
              <Button
                variant="outlined"
                component={RouterLink}
                to={dashboardPaths.shippingMethodNew}
              >
                Criar a primeira
              </Button>
            </Card>
          ) : (
            <Card variant="outlined">
              <HeaderRow />
              <Box
                component="ul"
                aria-label="Formas de entrega"
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {methods.map((method, index) => (
                  <MethodRow
                    key={method.id}
                    method={method}
                    index={index}
                    count={methods.length}
                    storeThresholdCents={props.storeThresholdCents}
                    busy={moving}
                    onMove={(at, direction) => void move(at, direction)}
                  />
                ))}
              </Box>
            </Card>
          )}
          <Box role="status" aria-live="polite">
            {notice ? <Alert severity={notice.severity}>{notice.text}</Alert> : null}
          </Box>
          {/* While the page itself failed to load, its one error (and retry) stands alone. */}
          {props.boxes && !(error !== null && methods === null) ? (
            <ShippingBoxesSection {...props.boxes} />
          ) : null}
        </Box>
        <ShippingSimulator {...props.simulator} />
      </Box>
    </DashboardPage>
  );
}
