// The top of a brand's page: its logo, name and description on its own colour.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

import { pluralize } from '../../../format';

export interface BrandHeroProps {
  brand: {
    name: string;
    description: string;
    logoUrl: string | null;
    productCount: number;
  } | null;
}

export function BrandHero({ brand }: BrandHeroProps) {
  return (
    <Box
      sx={(theme) => ({
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
        alignItems: 'center',
        gap: { xs: 2, sm: 3 },
        p: { xs: 2.5, md: 4 },
        mb: { xs: 2, md: 3 },
        borderRadius: 2,
        color: theme.palette.primary.contrastText,
        background: `linear-gradient(120deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
      })}
    >
      <Box
        sx={{
          width: { xs: 96, md: 120 },
          height: { xs: 48, md: 60 },
          boxSizing: 'border-box',
          p: { xs: 0.5, md: 0.625 },
          borderRadius: 1.5,
          bgcolor: '#fff',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          color: 'primary.main',
          fontWeight: 800,
          fontSize: '1.5rem',
        }}
      >
        {brand?.logoUrl ? (
          // A fixed height (the frame's, less its padding) and a width that follows the logo's
          // shape, never past the frame: a square badge shows whole, a wide wordmark shrinks.
          // (height: 100% of the grid's auto row resolved to the image's own height: a square
          // logo was as tall as the frame was wide, and the frame cut it in half.)
          <Box
            component="img"
            src={brand.logoUrl}
            alt={`Logo ${brand.name}`}
            sx={{
              display: 'block',
              height: { xs: 40, md: 50 },
              width: 'auto',
              maxWidth: '100%',
              objectFit: 'contain',
            }}
          />
        ) : (
          <span aria-hidden>{brand?.name.charAt(0) ?? ''}</span>
        )}
      </Box>
      <Box>
        {brand ? (
          <Typography
            component="h1"
            variant="h2"
            sx={{ fontSize: { xs: '1.625rem', md: '2.25rem' } }}
          >
            {brand.name}
          </Typography>
        ) : (
          <Skeleton width={180} height={44} sx={{ bgcolor: 'rgba(255,255,255,0.3)' }} />
        )}
        {brand ? (
          <>
            <Typography sx={{ mt: 1, maxWidth: 720, opacity: 0.95 }}>
              {brand.description}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, opacity: 0.9 }}>
              {pluralize(brand.productCount, 'produto', 'produtos')}
            </Typography>
          </>
        ) : (
          <Skeleton width="60%" sx={{ bgcolor: 'rgba(255,255,255,0.3)' }} />
        )}
      </Box>
    </Box>
  );
}
