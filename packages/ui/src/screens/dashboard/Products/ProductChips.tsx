// The grid's small marks: stock (esgotado / baixo), status (Publicado / Rascunho). Pure.
import Chip from '@mui/material/Chip';

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

export function PublishedChip({ published }: { published: boolean }) {
  return published ? (
    <Chip size="small" color="success" variant="outlined" label="Publicado" />
  ) : (
    <Chip size="small" variant="outlined" label="Rascunho" />
  );
}
