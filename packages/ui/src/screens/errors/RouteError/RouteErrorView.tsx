// The page shown when a route fails to load or render outside the storefront's own boundary
// (dashboard, sign-in, password reset, a chunk missing after a deploy): what happened, and a way on.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../../../components/ActionButton';

export interface RouteErrorViewProps {
  homePath: string;
  homeLabel: string;
  onRetry: () => void;
}

export function RouteErrorView({ homePath, homeLabel, onRetry }: RouteErrorViewProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '60vh',
        display: 'grid',
        placeItems: 'center',
        textAlign: 'center',
        px: 2,
        py: 8,
      }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          Algo deu errado
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 4 }}>
          Não conseguimos abrir esta página agora. Tente de novo; se o problema continuar, volte em
          alguns minutos.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <ActionButton variant="contained" size="large" onClick={onRetry}>
            Tentar novamente
          </ActionButton>
          <ActionButton to={homePath} variant="outlined" size="large">
            {homeLabel}
          </ActionButton>
        </Box>
      </Box>
    </Box>
  );
}
