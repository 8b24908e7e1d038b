// A brand's page as the storefront would show it in this colour (its hero and two product cards,
// in the storefront's brand theme: the storefront's own page, handed in through
// useStorefrontPreviews), and the contrast the storefront works with: the colour's ratio, AA pass
// or fail, and the darker shade used instead when it fails. Pure.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { useStorefrontPreviews } from '../../shared/storefrontPreviews';
import { brandContrast, formatRatio } from './brandContrast';

export interface BrandPreviewProps {
  name: string;
  description: string;
  color: string;
  logoUrl: string | null;
  productCount: number;
}

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{
        display: 'inline-block',
        width: 20,
        height: 20,
        borderRadius: 0.75,
        bgcolor: color,
        border: 1,
        borderColor: 'divider',
        verticalAlign: 'middle',
        mr: 0.75,
        flexShrink: 0,
      }}
    />
  );
}

export function ContrastReport({ color }: { color: string }) {
  const contrast = brandContrast(color);
  if (!contrast) {
    return (
      <Typography variant="body2" color="text.secondary">
        Informe a cor como #RRGGBB para ver o contraste.
      </Typography>
    );
  }
  const ratio = formatRatio(contrast.ratio);
  return (
    <Box
      role="group"
      aria-label="Contraste da cor"
      sx={{ display: 'grid', gap: 1, fontSize: '0.875rem' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
        <Swatch color={contrast.color} label={`Cor escolhida ${contrast.color}`} />
        <Typography variant="body2">
          Contraste com o fundo da loja: <strong>{ratio}</strong>
        </Typography>
        <Box
          component="span"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            fontWeight: 600,
            color: contrast.passesAA ? 'success.main' : 'error.main',
          }}
        >
          {contrast.passesAA ? (
            <CheckCircleRounded fontSize="small" aria-hidden />
          ) : (
            <ErrorRounded fontSize="small" aria-hidden />
          )}
          {contrast.passesAA ? 'Aprovada no AA' : 'Reprovada no AA'}
        </Box>
        <Typography variant="body2" color="text.secondary">
          (texto precisa de 4,5:1)
        </Typography>
      </Box>
      {contrast.darkened ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
          <Swatch color={contrast.shown} label={`Tom usado na loja ${contrast.shown}`} />
          <Typography variant="body2">
            Para continuar legível, a loja escurece textos e botões desta cor para{' '}
            <strong>{contrast.shown}</strong> (contraste {formatRatio(contrast.shownRatio)}).
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          A loja usa a cor como está em textos e botões.
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        Texto dos botões: {contrast.buttonText === '#ffffff' ? 'branco' : 'preto'} (contraste{' '}
        {formatRatio(contrast.buttonRatio)}).
      </Typography>
    </Box>
  );
}

export function BrandPreview({
  name,
  description,
  color,
  logoUrl,
  productCount,
}: BrandPreviewProps) {
  const { BrandPage } = useStorefrontPreviews();
  return (
    <Box
      component="section"
      aria-labelledby="brand-preview-title"
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Typography variant="subtitle1" component="h3" id="brand-preview-title">
        Prévia na loja
      </Typography>
      <ContrastReport color={color} />
      <BrandPage
        name={name.trim() || 'Nome da marca'}
        description={description.trim() || 'A descrição da marca aparece aqui.'}
        color={brandContrast(color) ? color : null}
        logoUrl={logoUrl}
        productCount={productCount}
      />
    </Box>
  );
}
