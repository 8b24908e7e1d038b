// The bar over the products list while some are selected: how many (or every product of the
// filter), widening the selection to the whole filter, the bulk actions' menu and clearing it.
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { BULK_ACTION_LABELS, type ProductBulkAction } from './BulkActionDialog';
import { countText } from './productsList';

export interface ProductsSelectionBarProps {
  selected: number;
  totalCount: number;
  allOfFilter: boolean;
  /** Every row of the page is selected (the whole filter may then be). */
  wholePageSelected: boolean;
  onSelectAllOfFilter(): void;
  onBulkAction(action: ProductBulkAction): void;
  onClear(): void;
}

export function ProductsSelectionBar({
  selected,
  totalCount,
  allOfFilter,
  wholePageSelected,
  onSelectAllOfFilter,
  onBulkAction,
  onClear,
}: ProductsSelectionBarProps) {
  const [bulkMenu, setBulkMenu] = useState<HTMLElement | null>(null);
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Ações dos selecionados"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        mb: 1.5,
      }}
    >
      <Typography sx={{ mr: 'auto' }}>
        {allOfFilter
          ? `Todos os ${countText(totalCount)} do filtro selecionados`
          : selected === 1
            ? '1 produto selecionado'
            : `${selected} produtos selecionados`}
      </Typography>
      {!allOfFilter && wholePageSelected && totalCount > selected ? (
        <Button onClick={onSelectAllOfFilter}>
          Selecionar todos os {countText(totalCount)} do filtro
        </Button>
      ) : null}
      <Button
        variant="contained"
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-expanded={bulkMenu ? 'true' : undefined}
        onClick={(event) => setBulkMenu(event.currentTarget)}
      >
        Ações em massa
      </Button>
      <Menu anchorEl={bulkMenu} open={bulkMenu !== null} onClose={() => setBulkMenu(null)}>
        {(Object.keys(BULK_ACTION_LABELS) as ProductBulkAction[]).map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setBulkMenu(null);
              onBulkAction(action);
            }}
            sx={action === 'DELETE' ? { color: 'error.main' } : undefined}
          >
            {BULK_ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
      <Button onClick={onClear}>Limpar seleção</Button>
    </Paper>
  );
}
