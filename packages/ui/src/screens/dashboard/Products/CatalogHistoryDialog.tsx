// The catalog's history from the grid: who changed what, when (newest first). Pure.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

import { Timeline } from '../../../components/dashboard/Timeline';
import type { CatalogHistoryNode } from './ProductsScreen.graphql';

export interface CatalogHistoryDialogProps {
  entries: CatalogHistoryNode[] | null;
  loading: boolean;
  error: string | null;
  onClose(): void;
}

export function CatalogHistoryDialog({
  entries,
  loading,
  error,
  onClose,
}: CatalogHistoryDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="catalog-history-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id="catalog-history-title">Histórico do catálogo</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : loading || entries === null ? (
          <Skeleton variant="rounded" height={200} aria-label="Carregando histórico" />
        ) : (
          <Timeline
            label="Alterações do catálogo"
            emptyText="Nenhuma alteração registrada ainda."
            entries={entries.map((entry) => ({
              id: entry.id,
              at: entry.createdAt,
              title: entry.summary,
              actor: entry.staffName ?? 'Sistema',
            }))}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
