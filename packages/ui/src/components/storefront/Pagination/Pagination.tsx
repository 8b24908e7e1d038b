// 'Mostrar mais produtos': the catalog pages with keyset cursors (stable under new products and
// fast at any depth), so pages grow in place instead of jumping to page N. The button is a real
// link to the next page's URL, so it works for crawlers and in a new tab, and the URL restores
// exactly how far the shopper went.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

import { pluralize } from '../../../format';

export interface PaginationProps {
  /** Products on screen. */
  shown: number;
  /** Products matching the filters. */
  total: number;
  /** The URL of one more page; null when everything is shown. */
  nextHref: string | null;
  loading?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('nav', { name: 'VtPagination', slot: 'Root' })({
  display: 'grid',
  justifyItems: 'center',
  gap: 12,
  padding: '24px 0',
});

const Summary = styled('p', { name: 'VtPagination', slot: 'Summary' })(({ theme }) => ({
  margin: 0,
  color: theme.palette.text.secondary,
  fontSize: '0.875rem',
}));

export function Pagination(inProps: PaginationProps) {
  const {
    shown,
    total,
    nextHref,
    loading = false,
    ...other
  } = useThemeProps({
    props: inProps,
    name: 'VtPagination',
  });
  if (total === 0) return null;
  return (
    <Root aria-label="Paginação" {...other}>
      <Summary>
        Você viu {shown.toLocaleString('pt-BR')} de {pluralize(total, 'produto', 'produtos')}
      </Summary>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (shown / total) * 100)}
        aria-hidden
        sx={{ width: 220, height: 4, borderRadius: 2 }}
      />
      {nextHref ? (
        <Button
          component={RouterLink}
          to={nextHref}
          preventScrollReset
          replace={false}
          variant="outlined"
          size="large"
          disabled={loading}
          startIcon={
            loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
          }
          sx={{ minWidth: 240 }}
        >
          {loading ? 'Carregando…' : 'Mostrar mais produtos'}
        </Button>
      ) : null}
    </Root>
  );
}
