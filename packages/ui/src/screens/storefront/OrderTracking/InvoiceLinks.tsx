// The order's nota fiscal on the tracking page: once SEFAZ authorised it, its number and the
// DANFE (PDF) and XML to download (the same links as the 'Sua nota fiscal' mail). Pure.
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import type { CustomerInvoiceNode } from '../Checkout/CheckoutScreen.graphql';

export function InvoiceLinks({ invoice }: { invoice: CustomerInvoiceNode }) {
  return (
    <Box component="section" aria-labelledby="invoice-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography
        id="invoice-title"
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <DescriptionOutlined aria-hidden /> Nota fiscal
      </Typography>
      <Typography variant="body2">
        NF-e nº {invoice.number}, série {invoice.series}, autorizada pela SEFAZ.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" href={invoice.danfeUrl} download sx={{ minHeight: 44 }}>
          Baixar DANFE (PDF)
        </Button>
        <Button variant="text" href={invoice.xmlUrl} download sx={{ minHeight: 44 }}>
          Baixar XML
        </Button>
      </Box>
    </Box>
  );
}
