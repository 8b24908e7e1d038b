// The catalog's history from the grid: who changed what, when (newest first). Pure.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

import { formatDateTime } from '../../../format';
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
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">Nenhuma alteração registrada ainda.</Typography>
        ) : (
          <List aria-label="Alterações do catálogo" dense>
            {entries.map((entry) => (
              <ListItem key={entry.id} divider disableGutters>
                <ListItemText
                  primary={entry.summary}
                  secondary={`${formatDateTime(entry.createdAt).replace(',', '')} · ${
                    entry.staffName ?? 'Sistema'
                  }`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
