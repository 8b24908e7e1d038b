// What the checkout shows instead of the form: the bag is empty, or the checkout could not load.
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyState } from '../../../../components/storefront';
import { storefrontPaths } from '../../shared/paths';

export function CheckoutEmptyBag() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <EmptyState
        icon={<ShoppingBagOutlined />}
        headingLevel="h1"
        title="Sua sacola está vazia"
        description={<p>Adicione produtos à sacola para finalizar uma compra.</p>}
        actions={
          <Button component={RouterLink} to={storefrontPaths.home} variant="contained" size="large">
            Ver produtos
          </Button>
        }
      />
    </Container>
  );
}

export function CheckoutLoadError({ onRetryLoad }: { onRetryLoad?: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <EmptyState
        headingLevel="h1"
        title="Não foi possível carregar o checkout"
        description={
          <p>
            Seus itens e o que você já preencheu continuam guardados. Tente de novo em instantes.
          </p>
        }
        actions={
          <>
            {onRetryLoad ? (
              <Button variant="contained" size="large" onClick={onRetryLoad}>
                Tentar novamente
              </Button>
            ) : null}
            <Button
              component={RouterLink}
              to={storefrontPaths.cart}
              variant="outlined"
              size="large"
            >
              Voltar para a sacola
            </Button>
          </>
        }
      />
    </Container>
  );
}
