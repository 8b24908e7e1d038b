// The checkout's title, the 'Ambiente seguro' note, and the steps as the form is filled.
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { CheckoutSteps } from '../../../../components/storefront';

export const CHECKOUT_STEPS = [
  { id: 'identification', label: 'Identificação' },
  { id: 'delivery', label: 'Entrega' },
  { id: 'payment', label: 'Pagamento' },
  { id: 'review', label: 'Revisão' },
];

export function CheckoutHeader({ activeStep }: { activeStep: number }) {
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
        }}
      >
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', md: '2rem' } }}
        >
          Finalizar compra
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
        >
          <LockOutlined sx={{ fontSize: 18 }} aria-hidden />
          Ambiente seguro
        </Typography>
      </Box>
      <CheckoutSteps steps={CHECKOUT_STEPS} activeStep={activeStep} sx={{ mb: 3 }} />
    </>
  );
}
