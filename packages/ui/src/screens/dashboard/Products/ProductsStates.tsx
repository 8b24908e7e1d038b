// The products list's states without rows: no permission, the list failed (with a retry), no
// product matches the filters, or the catalog has none yet.
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import type { ProductsError } from './ProductsView';

export function ProductsLoadError({ error, onRetry }: { error: ProductsError; onRetry?(): void }) {
  if (error.kind === 'forbidden') {
    return (
      <Alert severity="warning" role="alert">
        {error.message || 'Você não tem permissão para ver os produtos.'}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null
      }
    >
      Não foi possível carregar os produtos. {error.message}
    </Alert>
  );
}

export interface ProductsEmptyProps {
  /** Some search or filter is set: offer to clear them. */
  filtered: boolean;
  onClear(): void;
  editable: boolean;
  newProductHref: string;
}

export function ProductsEmpty({ filtered, onClear, editable, newProductHref }: ProductsEmptyProps) {
  if (filtered) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          Nenhum produto com estes filtros
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Mude a busca ou os filtros para ver outros produtos.
        </Typography>
        <Button variant="contained" onClick={onClear}>
          Limpar filtros
        </Button>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Nenhum produto
      </Typography>
      <Typography color="text.secondary" sx={{ mb: editable ? 2 : 0 }}>
        Os produtos do catálogo aparecem aqui.
      </Typography>
      {editable ? (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to={newProductHref}
        >
          Criar o primeiro produto
        </Button>
      ) : null}
    </Paper>
  );
}
