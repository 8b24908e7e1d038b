// The dashboard's landing page: a welcome and what is coming next. Pure.
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DashboardHomeViewProps {
  staffName: string | null;
  loading?: boolean;
}

interface Teaser {
  title: string;
  description: string;
  icon: ReactNode;
}

const TEASERS: Teaser[] = [
  {
    title: 'Pedidos',
    description: 'Acompanhe pedidos, confirme pagamentos Pix e registre envios.',
    icon: <ReceiptLongOutlined />,
  },
  {
    title: 'Catálogo',
    description: 'Cadastre produtos, variações, estoque e fotos de cada marca.',
    icon: <Inventory2Outlined />,
  },
  {
    title: 'Loja',
    description: 'Ajuste o nome da loja, o desconto no Pix e as regras de parcelamento.',
    icon: <StorefrontOutlined />,
  },
];

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function DashboardHomeView({ staffName, loading = false }: DashboardHomeViewProps) {
  return (
    <Box>
      {loading && staffName === null ? (
        // No heading until the name is known: an empty heading confuses screen readers.
        <Skeleton variant="text" width={260} sx={{ fontSize: '1.5rem', mb: 1 }} />
      ) : (
        <Typography component="h1" variant="h3" sx={{ mb: 1 }}>
          {staffName ? `Olá, ${firstName(staffName)}!` : 'Olá!'}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 640 }}>
        Boas-vindas ao painel. Daqui você vai cuidar de tudo na loja: pedidos, catálogo e equipe.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {TEASERS.map((teaser) => (
          <Card key={teaser.title} component="section" aria-label={teaser.title}>
            <CardContent sx={{ p: 3 }}>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  mb: 2,
                }}
              >
                <Box
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'action.hover',
                    color: 'primary.main',
                  }}
                  aria-hidden
                >
                  {teaser.icon}
                </Box>
                <Chip label="Em breve" size="small" variant="outlined" />
              </Box>
              <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
                {teaser.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {teaser.description}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
