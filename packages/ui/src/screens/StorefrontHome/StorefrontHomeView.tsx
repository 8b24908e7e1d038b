// The storefront's first page: a welcome hero and the store's buying advantages. Pure.
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { formatBRL } from '../../format';

export interface StorefrontHomeSettings {
  storeName: string;
  pixDiscountPercent: number;
  freeShippingThresholdCents: number | null;
  maxInstallments: number;
}

export interface StorefrontHomeViewProps {
  settings: StorefrontHomeSettings | null;
  loading?: boolean;
  /** Shown when the settings could not be loaded. */
  errorMessage?: string | null;
  onRetry?: () => void;
}

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function perks(
  settings: StorefrontHomeSettings,
): { icon: ReactNode; title: string; text: string }[] {
  const list = [];
  if (settings.pixDiscountPercent > 0) {
    list.push({
      icon: <PixOutlined />,
      title: `${percent.format(settings.pixDiscountPercent)}% de desconto no Pix`,
      text: 'Pagamento aprovado na hora, direto do app do seu banco.',
    });
  }
  if (settings.maxInstallments > 1) {
    list.push({
      icon: <CreditCardOutlined />,
      title: `Até ${settings.maxInstallments}x sem juros`,
      text: 'Parcele suas compras no cartão de crédito.',
    });
  }
  list.push({
    icon: <LocalShippingOutlined />,
    title:
      settings.freeShippingThresholdCents === null
        ? 'Entrega para todo o Brasil'
        : `Frete grátis acima de ${formatBRL(settings.freeShippingThresholdCents)}`,
    text: 'Acompanhe o pedido do pagamento até a entrega.',
  });
  return list;
}

export function StorefrontHomeView({
  settings,
  loading = false,
  errorMessage = null,
  onRetry,
}: StorefrontHomeViewProps) {
  return (
    <>
      <Box
        component="section"
        aria-labelledby="storefront-hero-title"
        sx={{
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 100%)`,
          color: 'primary.contrastText',
        }}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 7, md: 10 } }}>
          <Typography variant="overline" component="p" sx={{ opacity: 0.85, letterSpacing: 2 }}>
            {settings?.storeName ?? (loading ? <Skeleton width={100} /> : 'Vitrine')}
          </Typography>
          <Typography
            id="storefront-hero-title"
            component="h1"
            variant="h1"
            sx={{ fontSize: { xs: '2rem', md: '3rem' }, maxWidth: 720, mt: 1 }}
          >
            Boas-vindas! Marcas que você ama, em um só lugar.
          </Typography>
          <Typography sx={{ mt: 2, maxWidth: 560, opacity: 0.9, fontSize: '1.125rem' }}>
            Em breve, as coleções das nossas marcas estarão aqui. Compre como visitante, sem
            precisar criar conta.
          </Typography>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ mt: { xs: -4, md: -5 } }}>
        {errorMessage ? (
          <Alert
            severity="error"
            action={
              onRetry ? (
                <Button color="inherit" size="small" onClick={onRetry}>
                  Tentar de novo
                </Button>
              ) : undefined
            }
          >
            {errorMessage}
          </Alert>
        ) : (
          <Box
            component="ul"
            aria-label="Vantagens da loja"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {settings === null
              ? [0, 1, 2].map((index) => (
                  <Box component="li" key={index}>
                    <Skeleton variant="rounded" height={112} />
                  </Box>
                ))
              : perks(settings).map((perk) => (
                  <Box
                    component="li"
                    key={perk.title}
                    sx={{
                      bgcolor: 'background.paper',
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 3,
                      p: 3,
                      display: 'flex',
                      gap: 2,
                      boxShadow: '0 8px 24px rgba(16, 24, 40, 0.06)',
                    }}
                  >
                    <Box sx={{ color: 'primary.main', mt: 0.25 }} aria-hidden>
                      {perk.icon}
                    </Box>
                    <Box>
                      <Typography component="h2" variant="h6">
                        {perk.title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        {perk.text}
                      </Typography>
                    </Box>
                  </Box>
                ))}
          </Box>
        )}
      </Container>
    </>
  );
}
