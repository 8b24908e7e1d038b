// The coupons list (Cupons, ADMIN): code and description, value, status, validity, usage and
// scope; search by code, status filter and order (all in the URL, applied here: the API answers
// every coupon); a table on a desktop, cards on a phone; loading, empty, no-match, error and
// no-permission states. Pure.
import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { pluralize } from '../../../format';
import { FilterBar, FilterSelect, filterOptions } from '../../../components/dashboard/FilterBar';
import { DashboardPage } from '../shared';
import {
  ListEmptyState,
  ListErrorAlert,
  type ListError,
} from '../../../components/dashboard/ListStates';
import {
  COUPON_SORT_LABELS,
  COUPON_STATUS_LABELS,
  EMPTY_COUPONS_STATE,
  couponScopeLabel,
  couponStatus,
  couponUsageLabel,
  couponValidityLabel,
  couponValueLabel,
  visibleCoupons,
  type CouponSort,
  type CouponStatus,
  type CouponsListState,
} from './couponFormat';
import type { CouponBrand, CouponCategory, CouponNode } from './CouponsScreen.graphql';

export const COUPONS_FORBIDDEN = 'Somente administradores podem ver e gerenciar os cupons.';

export interface CouponsViewProps {
  state: CouponsListState;
  onStateChange(next: CouponsListState): void;
  /** null until the first answer. */
  coupons: CouponNode[] | null;
  brands: CouponBrand[];
  categories: CouponCategory[];
  loading: boolean;
  error?: ListError | null;
  onRetry?(): void;
  couponHref(id: string): string;
  createHref: string;
  /** A message from the page the staff member came from ("Cupom X excluído."). */
  notice?: string | null;
  onNoticeClose?(): void;
  /** Now, for the statuses (a prop so screenshots and tests are stable). */
  now?: number;
}

const STATUS_COLORS: Record<CouponStatus, ChipProps['color']> = {
  ativo: 'success',
  agendado: 'primary',
  expirado: 'default',
  esgotado: 'warning',
  inativo: 'default',
};

export function CouponStatusChip({ status }: { status: CouponStatus }) {
  return (
    <Chip
      size="small"
      label={COUPON_STATUS_LABELS[status]}
      color={STATUS_COLORS[status]}
      variant={status === 'ativo' ? 'filled' : 'outlined'}
    />
  );
}

interface CouponRow extends CouponNode {
  status: CouponStatus;
  value: string;
  validity: string;
  usage: string;
  scope: string;
}

function CouponTable({ rows, couponHref }: { rows: CouponRow[]; couponHref(id: string): string }) {
  const head = ['Código', 'Desconto', 'Situação', 'Validade', 'Usos', 'Vale para'];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Cupons" size="small">
        <TableHead>
          <TableRow>
            {head.map((label) => (
              <TableCell key={label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell sx={{ maxWidth: 260, py: 1.25 }}>
                <Link
                  component={RouterLink}
                  to={couponHref(row.id)}
                  sx={{ fontWeight: 700, fontFamily: 'monospace', fontSize: '0.95rem' }}
                >
                  {row.code}
                </Link>
                {row.description ? (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    title={row.description}
                  >
                    {row.description}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{row.value}</TableCell>
              <TableCell>
                <CouponStatusChip status={row.status} />
              </TableCell>
              <TableCell sx={{ minWidth: 150 }}>{row.validity}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.usage}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>{row.scope}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CouponCards({ rows, couponHref }: { rows: CouponRow[]; couponHref(id: string): string }) {
  return (
    <Box
      component="ul"
      aria-label="Cupons"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {rows.map((row) => (
        <Card component="li" key={row.id} variant="outlined" aria-label={row.code} sx={{ p: 1.5 }}>
          <Box
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}
          >
            <Link
              component={RouterLink}
              to={couponHref(row.id)}
              sx={{
                fontWeight: 700,
                fontFamily: 'monospace',
                fontSize: '1rem',
                minHeight: 44,
                display: 'inline-flex',
                alignItems: 'center',
                minWidth: 0,
                overflowWrap: 'anywhere',
              }}
            >
              {row.code}
            </Link>
            <CouponStatusChip status={row.status} />
          </Box>
          {row.description ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.description}
            </Typography>
          ) : null}
          <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{row.value}</Typography>
          <Typography variant="body2" color="text.secondary">
            {row.validity} · {row.usage}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.scope}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

/** Search by code, the status filter, the order, and how many coupons are shown. */
function CouponsFilterBar({
  state,
  onStateChange,
  count,
}: {
  state: CouponsListState;
  onStateChange(next: CouponsListState): void;
  /** The coupons shown; null hides the count (loading, or none at all). */
  count: number | null;
}) {
  const change = (patch: Partial<CouponsListState>) => onStateChange({ ...state, ...patch });
  const filtered = state.search.trim() !== '' || state.status !== null;
  const clear = () => onStateChange({ ...EMPTY_COUPONS_STATE, sort: state.sort });
  return (
    <FilterBar
      label="Filtrar cupons"
      search={{
        value: state.search,
        label: 'Buscar por código',
        onSearch: (search) => change({ search }),
      }}
      activeCount={state.status ? 1 : 0}
      canClear={filtered}
      onClear={clear}
      columns={4}
    >
      <FilterSelect<CouponStatus>
        label="Situação"
        value={state.status}
        allLabel="Todas"
        options={filterOptions(COUPON_STATUS_LABELS)}
        onChange={(status) => change({ status })}
      />
      <TextField
        select
        size="small"
        label="Ordenar por"
        value={state.sort}
        onChange={(event) => change({ sort: event.target.value as CouponSort })}
      >
        {Object.entries(COUPON_SORT_LABELS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      {count !== null ? (
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          sx={{ alignSelf: 'center' }}
        >
          {pluralize(count, 'cupom', 'cupons')}
        </Typography>
      ) : null}
    </FilterBar>
  );
}

export function CouponsView({
  state,
  onStateChange,
  coupons,
  brands,
  categories,
  loading,
  error = null,
  onRetry,
  couponHref,
  createHref,
  notice = null,
  onNoticeClose,
  now: fixedNow,
}: CouponsViewProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [mountedAt] = useState(() => Date.now());
  const now = fixedNow ?? mountedAt;
  const clear = () => onStateChange({ ...EMPTY_COUPONS_STATE, sort: state.sort });

  const createButton = (
    <Button component={RouterLink} to={createHref} variant="contained" startIcon={<AddRounded />}>
      Criar cupom
    </Button>
  );

  if (error?.kind === 'forbidden') {
    return (
      <DashboardPage title="Cupons">
        <ListErrorAlert error={error} what="os cupons" />
      </DashboardPage>
    );
  }

  const brandName = new Map(brands.map((brand) => [brand.id, brand.name]));
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  const rows: CouponRow[] | null =
    coupons === null
      ? null
      : visibleCoupons(coupons, state, now).map((coupon) => ({
          ...coupon,
          status: couponStatus(coupon, now),
          value: couponValueLabel(coupon),
          validity: couponValidityLabel(coupon),
          usage: couponUsageLabel(coupon),
          scope: couponScopeLabel(
            coupon.brandIds.map((id) => brandName.get(id) ?? id),
            coupon.categoryIds.map((id) => categoryName.get(id) ?? id),
          ),
        }));

  let body;
  if (error && coupons === null) {
    body = <ListErrorAlert error={error} what="os cupons" onRetry={onRetry} />;
  } else if (rows === null) {
    body = (
      <Box
        sx={{ display: 'grid', gap: 1.5 }}
        role="status"
        aria-busy="true"
        aria-label="Carregando cupons"
      >
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={phone ? 112 : 52} />
        ))}
      </Box>
    );
  } else if (coupons !== null && coupons.length === 0) {
    body = (
      <ListEmptyState
        title="Nenhum cupom ainda"
        text="Crie um cupom de desconto ou de frete grátis para divulgar nas redes, no e-mail ou na loja."
        action={createButton}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <ListEmptyState
        title="Nenhum cupom encontrado"
        text="Nenhum cupom corresponde à busca e à situação escolhidas."
        action={
          <Button variant="contained" onClick={clear}>
            Limpar filtros
          </Button>
        }
      />
    );
  } else if (phone) {
    body = <CouponCards rows={rows} couponHref={couponHref} />;
  } else {
    body = <CouponTable rows={rows} couponHref={couponHref} />;
  }

  return (
    <DashboardPage title="Cupons" maxWidth={false} actions={createButton}>
      {error && coupons !== null ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      ) : null}
      <CouponsFilterBar
        state={state}
        onStateChange={onStateChange}
        count={rows !== null && coupons !== null && coupons.length > 0 ? rows.length : null}
      />
      <Box aria-busy={loading || undefined}>{body}</Box>
      <Snackbar
        open={notice !== null}
        message={notice}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') onNoticeClose?.();
        }}
      />
    </DashboardPage>
  );
}
