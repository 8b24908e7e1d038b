// The checkout's alerts: a line whose stock fell since the cart (with its fix), and the server's
// refusal that belongs to no field.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

import { storefrontPaths } from '../../shared/paths';
import type { CheckoutError } from '../checkoutForm';

/** A line whose stock fell between the cart and now, with the fix offered. */
export interface CheckoutStockProblem {
  message: string;
  /** 'Ajustar para 2 unidades' or 'Remover da sacola'. */
  fixLabel: string;
  onFix: () => void;
}

export function StockAlert({ problems }: { problems: CheckoutStockProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={{ alignItems: 'flex-start' }}>
      <AlertTitle>Um item da sua sacola acabou de mudar</AlertTitle>
      {problems.map((problem) => (
        <Box key={problem.message} sx={{ mb: 1 }}>
          <Box component="p" sx={{ m: 0, mb: 1 }}>
            {problem.message}
          </Box>
          <Button variant="contained" color="error" onClick={problem.onFix} sx={{ minHeight: 44 }}>
            {problem.fixLabel}
          </Button>
        </Box>
      ))}
      <Link
        component={RouterLink}
        to={storefrontPaths.cart}
        sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
      >
        Voltar para a sacola
      </Link>
    </Alert>
  );
}

/** The server's refusal as a whole: stock has its own alert, field errors sit on their fields. */
export function ServerErrorAlert({ error }: { error: CheckoutError | null }) {
  if (!error || error.kind === 'stock' || (error.kind === 'fields' && !error.message)) return null;
  return (
    <Alert severity={error.kind === 'network' ? 'warning' : 'error'} role="alert">
      {error.message}
    </Alert>
  );
}
