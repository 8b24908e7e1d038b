// The header's cart drawer. Open it with useCart().openDrawer() (the header's bag button and
// 'Adicionar à sacola' do); it prices the cart only while open.
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { useCart } from '../../../cart';
import { pluralize } from '../../../format';
import { CartView, type CartViewProps } from './CartView';
import { useCartViewProps } from './useCartViewProps';

export interface CartDrawerViewProps extends Omit<CartViewProps, 'layout' | 'onNavigate'> {
  open: boolean;
  onClose: () => void;
}

/** The drawer, pure (stories drive it through args). */
export function CartDrawerView({ open, onClose, ...cart }: CartDrawerViewProps) {
  const titleId = useId();
  const count = cart.summary?.itemCount ?? cart.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 420 }, display: 'grid', gridTemplateRows: 'auto 1fr' },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2.5,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Minha sacola
          {cart.status === 'ready' ? (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({pluralize(count, 'item', 'itens')})
            </Typography>
          ) : null}
        </Typography>
        <IconButton aria-label="Fechar a sacola" onClick={onClose} sx={{ width: 44, height: 44 }}>
          <CloseRounded />
        </IconButton>
      </Box>
      <Box sx={{ minHeight: 0, overflow: 'hidden' }}>
        <CartView {...cart} layout="drawer" onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}

/** Mount once in the storefront layout; it follows the cart store's drawer state. */
export function CartDrawer() {
  const cart = useCart();
  const props = useCartViewProps({ skip: !cart.drawerOpen });
  return <CartDrawerView {...props} open={cart.drawerOpen} onClose={cart.closeDrawer} />;
}
