// The listing's parts: the bar above the grid (the count, 'Filtrar' on phones, the sort), the
// applied filters as chips, the empty result that says what to do next, and the phone's filter
// panel.
import CloseRounded from '@mui/icons-material/CloseRounded';
import SearchOff from '@mui/icons-material/SearchOff';
import Tune from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import {
  EMPTY_FILTER_SELECTION,
  EmptyState,
  SortSelect,
  type ListingFilterSelection,
  type ListingSort,
} from '../../../components/storefront';
import { pluralize } from '../../../format';
import { storefrontPaths } from '../../../routes/paths';
import type { ListingViewProps } from './ListingView';

export interface FilterChip {
  key: string;
  label: string;
  remove: (f: ListingFilterSelection) => ListingFilterSelection;
}

/** How many products, 'Filtrar' (phones: the filters are in a panel) and the sort. */
export function ListingToolbar({
  status,
  totalCount,
  active,
  onOpenFilters,
  sort,
  onSortChange,
  searchQuery,
}: {
  status: ListingViewProps['status'];
  totalCount: number;
  /** How many filters are applied. */
  active: number;
  onOpenFilters: () => void;
  sort: ListingSort;
  onSortChange: (sort: ListingSort) => void;
  searchQuery: string | undefined;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1.5,
        mb: 2,
      }}
    >
      <Typography role="status" color="text.secondary" sx={{ fontSize: '0.9375rem' }}>
        {status === 'ready'
          ? `${pluralize(totalCount, 'produto encontrado', 'produtos encontrados')}`
          : status === 'loading'
            ? 'Carregando produtos…'
            : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<Tune />}
          onClick={onOpenFilters}
          // On a 320 px phone the button keeps its own width and the sort field the rest.
          sx={{ display: { md: 'none' }, minHeight: 44, flex: { xs: '0 1 auto', sm: 1 } }}
        >
          Filtrar{active > 0 ? ` (${active})` : ''}
        </Button>
        <SortSelect
          value={sort}
          onChange={onSortChange}
          allowRelevance={Boolean(searchQuery)}
          sx={{ flex: { xs: 1, sm: '0 0 auto' } }}
        />
      </Box>
    </Box>
  );
}

/** The filters applied, each a chip that removes it. */
export function ActiveFilterChips({
  chips,
  filters,
  onFiltersChange,
}: {
  chips: FilterChip[];
  filters: ListingFilterSelection;
  onFiltersChange: (next: ListingFilterSelection) => void;
}) {
  if (chips.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Filtros aplicados"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
      }}
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <Chip
            label={chip.label}
            aria-label={`Remover filtro ${chip.label}`}
            onClick={() => onFiltersChange(chip.remove(filters))}
            onDelete={() => onFiltersChange(chip.remove(filters))}
            sx={{ minHeight: 36 }}
          />
        </li>
      ))}
    </Box>
  );
}

/** No product to show: what to try next (the search's tips, fewer filters, the novelties). */
export function ListingEmpty({
  searchQuery,
  active,
  onFiltersChange,
}: {
  searchQuery: string | undefined;
  active: number;
  onFiltersChange: (next: ListingFilterSelection) => void;
}) {
  return (
    <EmptyState
      icon={<SearchOff />}
      title={
        searchQuery
          ? `Nenhum resultado para “${searchQuery}”`
          : active > 0
            ? 'Nenhum produto com esses filtros'
            : 'Nenhum produto por aqui ainda'
      }
      description={
        searchQuery ? (
          <>
            <p>Que tal tentar de outro jeito?</p>
            <ul>
              <li>Confira se a palavra está escrita corretamente.</li>
              <li>Use termos mais gerais, como “camiseta” ou “tênis”.</li>
              {active > 0 ? <li>Tire alguns filtros.</li> : null}
            </ul>
          </>
        ) : active > 0 ? (
          <p>Tire alguns filtros ou veja as novidades da loja.</p>
        ) : (
          <p>Novos produtos chegam sempre: enquanto isso, veja as novidades da loja.</p>
        )
      }
      actions={
        <>
          {active > 0 ? (
            <Button variant="contained" onClick={() => onFiltersChange(EMPTY_FILTER_SELECTION)}>
              Limpar filtros
            </Button>
          ) : null}
          <Button component={RouterLink} to={storefrontPaths.home} variant="outlined">
            Ver novidades
          </Button>
        </>
      }
    />
  );
}

/** The phone's filter panel, from the bottom: the filters, 'Limpar' and 'Ver N produtos'. */
export function FiltersDrawer({
  open,
  onClose,
  filterPanel,
  active,
  onFiltersChange,
  status,
  totalCount,
}: {
  open: boolean;
  onClose: () => void;
  filterPanel: ReactNode;
  active: number;
  onFiltersChange: (next: ListingFilterSelection) => void;
  status: ListingViewProps['status'];
  totalCount: number;
}) {
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { maxHeight: '88vh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
          'aria-label': 'Filtros',
        } as object,
      }}
    >
      <Box sx={{ p: 2, pb: 0, overflowY: 'auto' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 2,
          }}
        >
          <Typography component="h2" variant="h5">
            Filtrar produtos
          </Typography>
          <IconButton aria-label="Fechar filtros" edge="end" onClick={onClose}>
            <CloseRounded />
          </IconButton>
        </Box>
        {filterPanel}
      </Box>
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          p: 2,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {/* "Limpar" beside the results button: start over without closing the panel. */}
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button
            variant="outlined"
            size="large"
            disabled={active === 0}
            onClick={() => onFiltersChange(EMPTY_FILTER_SELECTION)}
            sx={{ flexShrink: 0, minHeight: 48 }}
          >
            Limpar
          </Button>
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={onClose}
            sx={{ minHeight: 48 }}
          >
            {status === 'ready'
              ? `Ver ${pluralize(totalCount, 'produto', 'produtos')}`
              : 'Ver produtos'}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
