// A dashboard list on a phone: a card per row (the screen draws its content), skeleton cards while
// the first page loads, and, where the staff may act on several rows, a checkbox on each card.
// Orders, products, customers, mail and invoices share it. Pure.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface PhoneCardSelection<Row> {
  selectedIds: readonly string[];
  onChange(ids: string[]): void;
  /** The checkbox's accessible name ("Selecionar o pedido VT-10023"). */
  label(row: Row): string;
}

export interface PhoneCardListProps<Row extends { id: string }> {
  rows: readonly Row[];
  loading: boolean;
  /** The list's accessible name ("Pedidos"). */
  label: string;
  /** The loading state's accessible name ("Carregando pedidos"). */
  loadingLabel: string;
  /** The skeleton cards' height (px), about a card's. */
  skeletonHeight: number;
  /** Checkboxes on the cards; null or absent: none (staff who may not act on rows). */
  selection?: PhoneCardSelection<Row> | null;
  /** The card's layout (beside its padding): e.g. a row of checkbox, photo and text. */
  cardSx?: SxProps<Theme>;
  /** The card's content, after its checkbox. */
  children(row: Row): ReactNode;
}

/** The ids with `id` added, or taken out when it was there. */
export function toggledIds(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id];
}

export function PhoneCardList<Row extends { id: string }>({
  rows,
  loading,
  label,
  loadingLabel,
  skeletonHeight,
  selection = null,
  cardSx,
  children,
}: PhoneCardListProps<Row>) {
  if (loading && rows.length === 0) {
    return (
      <Box
        sx={{ display: 'grid', gap: 1.5 }}
        role="status"
        aria-busy="true"
        aria-label={loadingLabel}
      >
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={skeletonHeight} />
        ))}
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {rows.map((row) => (
        <Card
          component="li"
          key={row.id}
          variant="outlined"
          sx={[{ p: 1.5 }, ...(Array.isArray(cardSx) ? cardSx : [cardSx])]}
        >
          {selection ? (
            <Checkbox
              checked={selection.selectedIds.includes(row.id)}
              onChange={() => selection.onChange(toggledIds(selection.selectedIds, row.id))}
              slotProps={{ input: { 'aria-label': selection.label(row) } }}
              sx={{ alignSelf: 'flex-start', m: -0.5 }}
            />
          ) : null}
          {children(row)}
        </Card>
      ))}
    </Box>
  );
}
