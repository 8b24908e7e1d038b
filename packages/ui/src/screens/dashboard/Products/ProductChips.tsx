// The grid's small marks: stock (esgotado / baixo), status (Publicado / Rascunho). Pure.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { visuallyHidden } from '@mui/utils';

import type { StockLevel } from './productsUrlState';

/** The store's low-stock threshold when a variant has none (the server's default). */
export const LOW_STOCK_DEFAULT = 5;

export function StockLevelChip({ level }: { level: StockLevel }) {
  if (level === 'OUT') return <Chip size="small" color="error" label="Esgotado" />;
  if (level === 'LOW') return <Chip size="small" color="warning" label="Baixo" />;
  return null;
}

/** A variant's own mark, by its threshold. */
export function LowStockMark({
  variant,
}: {
  variant: { stock: number; lowStockThreshold: number | null };
}) {
  if (variant.stock <= 0) return <StockLevelChip level="OUT" />;
  if (variant.stock <= (variant.lowStockThreshold ?? LOW_STOCK_DEFAULT)) {
    return <StockLevelChip level="LOW" />;
  }
  return null;
}

/** Publicado / Rascunho, read out (and on hover) as the editor says it: on the site or not. */
export function PublishedChip({ published }: { published: boolean }) {
  const [label, rest] = published
    ? ['Publicado', ' no site']
    : ['Rascunho', ' — não aparece no site'];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={published ? 'success' : 'default'}
      title={`${label}${rest}`}
      label={
        <>
          {label}
          <Box component="span" sx={visuallyHidden}>
            {rest}
          </Box>
        </>
      }
    />
  );
}
