// The orders grid's search and filters (status, payment, fulfilment, method, brand, period, and
// the "Problema na entrega" chip: shipped orders the carrier could not deliver or that go back)
// and "Limpar filtros", on the dashboard's FilterBar. Pure: every change goes to onChange; the
// search waits for a pause in typing.
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Chip from '@mui/material/Chip';

import {
  FilterBar,
  FilterSelect,
  PeriodFilter,
  filterOptions,
} from '../../../components/dashboard/FilterBar';
import {
  FULFILMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from './orderLabels';
import { hasFilters, type OrdersListState } from './ordersUrlState';

export interface OrdersToolbarProps {
  state: OrdersListState;
  /** A filter changed: the new state (back to the first page). */
  onChange(next: OrdersListState): void;
  onClear(): void;
  brands: { id: string; name: string }[];
  /** A BRAND_MANAGER searches by number or name only. */
  contactSearch: boolean;
  /** A phone: the filters fold into a sheet under "Filtros", the search stays. */
  compact?: boolean;
}

export function OrdersToolbar({
  state,
  onChange,
  onClear,
  brands,
  contactSearch,
  compact = false,
}: OrdersToolbarProps) {
  const change = (patch: Partial<OrdersListState>) => onChange({ ...state, ...patch, page: 0 });
  const active = [
    state.status,
    state.paymentStatus,
    state.fulfilmentStatus,
    state.paymentMethod,
    state.deliveryProblem,
    brands.length > 1 ? state.brandId : null,
    state.dateFrom,
    state.dateTo,
  ].filter(Boolean).length;
  return (
    <FilterBar
      label="Filtrar pedidos"
      search={{
        value: state.search,
        label: contactSearch
          ? 'Buscar por número, nome, e-mail ou CPF'
          : 'Buscar por número ou nome',
        onSearch: (search) => change({ search }),
      }}
      activeCount={active}
      canClear={hasFilters(state)}
      onClear={onClear}
      compact={compact}
      showResultsLabel="Ver pedidos"
    >
      <FilterSelect
        label="Status"
        value={state.status}
        options={filterOptions(ORDER_STATUS_LABELS)}
        onChange={(status) => change({ status })}
      />
      <FilterSelect
        label="Pagamento"
        value={state.paymentStatus}
        options={filterOptions(PAYMENT_STATUS_LABELS)}
        onChange={(paymentStatus) => change({ paymentStatus })}
      />
      <FilterSelect
        label="Envio"
        value={state.fulfilmentStatus}
        options={filterOptions(FULFILMENT_STATUS_LABELS)}
        onChange={(fulfilmentStatus) => change({ fulfilmentStatus })}
      />
      <FilterSelect
        label="Método"
        value={state.paymentMethod}
        options={filterOptions(PAYMENT_METHOD_LABELS)}
        onChange={(paymentMethod) => change({ paymentMethod })}
      />
      {brands.length > 1 ? (
        <FilterSelect
          label="Marca"
          value={state.brandId}
          allLabel="Todas"
          options={brands.map((brand) => ({ value: brand.id, label: brand.name }))}
          onChange={(brandId) => change({ brandId })}
        />
      ) : null}
      <PeriodFilter
        from={state.dateFrom}
        to={state.dateTo}
        onChange={({ from, to }) => change({ dateFrom: from, dateTo: to })}
      />
      <Chip
        label="Problema na entrega"
        icon={<WarningAmberRounded />}
        color={state.deliveryProblem ? 'warning' : 'default'}
        variant={state.deliveryProblem ? 'filled' : 'outlined'}
        aria-pressed={state.deliveryProblem}
        title="Pedidos enviados que a transportadora não conseguiu entregar ou que voltam para a loja"
        onClick={() => change({ deliveryProblem: !state.deliveryProblem })}
        sx={{
          minHeight: 44,
          justifySelf: 'start',
          alignSelf: 'center',
          borderRadius: 22,
          // Its label is wider than one column of the bar on a computer: two, so it is read whole.
          ...(compact ? {} : { gridColumn: { md: 'span 2' } }),
        }}
      />
    </FilterBar>
  );
}
