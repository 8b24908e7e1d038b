// "Ver como o cliente": the storefront's product page drawn from the form's values (not saved
// yet), in a full-screen dialog. Buying and shipping are inert here. The page is the
// storefront's own, handed in through useStorefrontPreviews.
import Close from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useStorefrontPreviews } from '../../shared/storefrontPreviews';
import type { EditorBrand } from './ProductEditorScreen.graphql';
import { parseCount, type ProductForm } from './productForm';
import { parseBRL } from '../../../format';

export interface ProductPreviewDialogProps {
  open: boolean;
  onClose(): void;
  form: ProductForm;
  brand: EditorBrand | null;
  categoryPath: string[];
}

export function ProductPreviewDialog({
  open,
  onClose,
  form,
  brand,
  categoryPath,
}: ProductPreviewDialogProps) {
  const { ProductPage } = useStorefrontPreviews();
  const [color, setColor] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const rows = form.variants.map((row) => ({
    ...row,
    priceCents: parseBRL(row.price) ?? 0,
    compareAtCents: parseBRL(row.compareAt),
    units: Math.max(0, parseCount(row.stock) || 0),
  }));
  const chosen =
    rows.find(
      (row) => (size === null || row.size === size) && (color === null || row.color === color),
    ) ?? null;
  const exact = rows.find((row) => row.size === (size ?? '') && row.color === (color ?? ''));
  const prices = rows.map((row) => row.priceCents).filter((cents) => cents > 0);
  const cheapest = rows.reduce<(typeof rows)[number] | null>(
    (best, row) => (best === null || row.priceCents < best.priceCents ? row : best),
    null,
  );
  const shown = exact ?? cheapest;
  const images = form.photos
    .filter((photo) => photo.status === 'done' && photo.url)
    .map((photo) => ({
      id: photo.key,
      url: photo.url ?? '',
      srcSet: `${photo.url ?? ''} 800w`,
      alt: photo.alt.trim() || form.name,
      width: 800,
      height: 1000,
    }));
  const choice = (value: string, matches: (row: (typeof rows)[number]) => boolean) => ({
    value,
    available: rows.some((row) => matches(row) && row.units > 0),
  });

  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby="previa-titulo">
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar>
          <Typography id="previa-titulo" component="h2" variant="h6" sx={{ flex: 1 }}>
            Como o cliente verá {form.published ? '' : '(rascunho, ainda não publicado)'}
          </Typography>
          <IconButton edge="end" aria-label="Fechar a prévia" onClick={onClose}>
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ pb: 4 }}>
        <ProductPage
          product={{
            name: form.name || 'Produto sem nome',
            description: form.description,
            brand: { slug: brand?.slug ?? '', name: brand?.name ?? 'Marca' },
            images,
            priceCents: shown?.priceCents ?? 0,
            compareAtPriceCents: shown?.compareAtCents ?? null,
            startingAt: !exact && new Set(prices).size > 1,
            sku: exact?.sku ?? null,
            inStock: rows.some((row) => row.units > 0),
          }}
          breadcrumbs={[
            { label: 'Início', href: '#' },
            ...categoryPath.map((label) => ({ label, href: '#' })),
            { label: form.name || 'Produto' },
          ]}
          colors={form.colors.map((value) => choice(value, (row) => row.color === value))}
          sizes={form.sizes.map((value) => choice(value, (row) => row.size === value))}
          selectedColor={color}
          selectedSize={size}
          onColorChange={setColor}
          onSizeChange={setSize}
          stock={exact ? exact.units : chosen && size && color ? chosen.units : null}
        />
      </Box>
    </Dialog>
  );
}
