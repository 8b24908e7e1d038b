// The page of the confirmation link of 'Avise-me quando chegar': confirming, confirmed (what will
// be mailed, once; or confirmed already, when the link is opened again), or a link that is
// unknown, used or expired.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { storefrontPaths } from '../../../routes/paths';

export interface RestockConfirmedProduct {
  productName: string;
  productSlug: string;
  size: string | null;
  color: string | null;
  /** The link had confirmed it before (a reload, a second click): said so, not "invalid". */
  alreadyConfirmed?: boolean;
}

export interface RestockConfirmViewProps {
  status: 'loading' | 'confirmed' | 'invalid' | 'error';
  product?: RestockConfirmedProduct | null;
  /** The server's message for an invalid link or a failure. */
  message?: string | null;
  onRetry?: () => void;
}

function describe(product: RestockConfirmedProduct): string {
  const details = [product.color, product.size ? `tamanho ${product.size}` : null]
    .filter(Boolean)
    .join(', ');
  return details ? `${product.productName} (${details})` : product.productName;
}

export function RestockConfirmView({ status, product, message, onRetry }: RestockConfirmViewProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, textAlign: 'center' }}>
      {status === 'loading' ? (
        <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
          <CircularProgress aria-hidden />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            Confirmando seu aviso…
          </Typography>
        </Box>
      ) : status === 'confirmed' && product ? (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
          <CheckCircleOutlined aria-hidden color="success" sx={{ fontSize: 56 }} />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {product.alreadyConfirmed ? 'Aviso já confirmado' : 'Aviso confirmado'}
          </Typography>
          <Typography>
            {product.alreadyConfirmed
              ? 'Você já tinha confirmado este aviso; não precisa fazer mais nada. '
              : null}
            Avisaremos uma única vez, por e-mail, quando {describe(product)} voltar ao estoque.
            Depois disso, apagamos seu e-mail.
          </Typography>
          <Button
            component={RouterLink}
            to={storefrontPaths.product(product.productSlug)}
            variant="contained"
          >
            Ver o produto
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
          <LinkOffOutlined aria-hidden color="action" sx={{ fontSize: 56 }} />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {status === 'error' ? 'Não foi possível confirmar agora' : 'Link inválido'}
          </Typography>
          <Typography>
            {message ??
              'Este link de confirmação é inválido, já foi usado ou expirou. Peça o aviso de novo na página do produto.'}
          </Typography>
          {status === 'error' && onRetry ? (
            <Button variant="contained" onClick={onRetry}>
              Tentar de novo
            </Button>
          ) : (
            <Button component={RouterLink} to={storefrontPaths.home} variant="outlined">
              Ir para a página inicial
            </Button>
          )}
        </Box>
      )}
    </Container>
  );
}
