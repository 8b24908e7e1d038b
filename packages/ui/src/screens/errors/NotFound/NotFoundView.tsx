import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export interface NotFoundViewProps {
  homePath: string;
  homeLabel: string;
}

export function NotFoundView({ homePath, homeLabel }: NotFoundViewProps) {
  return (
    <Box
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
        <Typography
          aria-hidden
          sx={{ fontSize: '4.5rem', fontWeight: 800, color: 'primary.main', lineHeight: 1 }}
        >
          404
        </Typography>
        <Typography component="h1" variant="h3" sx={{ mt: 2 }}>
          Página não encontrada
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 4 }}>
          O endereço pode ter mudado ou a página não existe mais.
        </Typography>
        <Button component={RouterLink} to={homePath} variant="contained" size="large">
          {homeLabel}
        </Button>
      </Box>
    </Box>
  );
}
