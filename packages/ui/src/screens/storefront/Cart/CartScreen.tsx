// /carrinho — the full cart page.
import Container from '@mui/material/Container';

import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { storefrontPaths } from '../../../routes/paths';
import { CartView } from './CartView';
import { useCartViewProps } from './useCartViewProps';

export function CartScreen() {
  const storeName = useStoreName();
  const props = useCartViewProps();
  useSeo({
    title: 'Minha sacola',
    siteName: storeName,
    description: 'Os produtos que você escolheu, com frete, cupom e o total da compra.',
    canonicalPath: storefrontPaths.cart,
    noIndex: true,
  });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <CartView {...props} layout="page" />
    </Container>
  );
}
