// The products list's cells, shared by the grid and the phone's cards: the photo, the price typed
// in place (or the variants' range), the stock with its level, and the featured star.
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

import { priceRange } from './bulkPrice';
import { InlinePriceField } from './InlinePriceField';
import { StockLevelChip } from './ProductChips';
import type { ProductRowNode, VariantRowNode } from './ProductsScreen.graphql';

export function Thumbnail({ product, size = 40 }: { product: ProductRowNode; size?: number }) {
  const image = product.images[0];
  return image ? (
    <Box
      component="img"
      src={image.url}
      alt=""
      loading="lazy"
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  ) : (
    <Box aria-hidden sx={{ width: size, height: size, borderRadius: 1, bgcolor: 'action.hover' }} />
  );
}

export interface CellActions {
  editable: boolean;
  productHref(id: string): string;
  onPriceSave(variantId: string, cents: number): Promise<string | null>;
  onProductPriceSave?(product: ProductRowNode, cents: number): Promise<string | null>;
  openVariants(product: ProductRowNode): void;
  openStock(product: ProductRowNode, variant: VariantRowNode): void;
}

export function PriceCell({ row, actions }: { row: ProductRowNode; actions: CellActions }) {
  const only = row.variants.length === 1 ? row.variants[0] : undefined;
  if (only) {
    return (
      <InlinePriceField
        valueCents={only.priceCents}
        label={`Preço de ${row.name}`}
        readOnly={!actions.editable}
        onSave={(cents) => actions.onPriceSave(only.id, cents)}
      />
    );
  }
  // Every variant at one price (sizes of a piece): that price is typed in the cell too, for all
  // of them at once.
  const onProductPriceSave = actions.onProductPriceSave;
  if (row.variants.length > 1 && row.minPriceCents === row.maxPriceCents && onProductPriceSave) {
    return (
      <InlinePriceField
        valueCents={row.minPriceCents}
        label={`Preço de ${row.name} (as ${row.variants.length} variantes)`}
        readOnly={!actions.editable}
        onSave={(cents) => onProductPriceSave(row, cents)}
      />
    );
  }
  const text = priceRange(row.minPriceCents, row.maxPriceCents);
  return (
    <Button
      size="small"
      color="inherit"
      onClick={() => actions.openVariants(row)}
      aria-label={`Preços de ${row.name}: ${text}. ${row.variants.length} variantes`}
      sx={{ fontWeight: 400, textTransform: 'none', px: 1, minWidth: 0 }}
    >
      {text}
    </Button>
  );
}

export function StockCell({ row, actions }: { row: ProductRowNode; actions: CellActions }) {
  const only = row.variants.length === 1 ? row.variants[0] : undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Button
        size="small"
        color="inherit"
        onClick={() =>
          only && actions.editable ? actions.openStock(row, only) : actions.openVariants(row)
        }
        aria-label={`Estoque de ${row.name}: ${row.totalStock}. ${
          actions.editable ? 'Alterar' : 'Ver variantes'
        }`}
        sx={{ minWidth: 40, px: 1, fontWeight: 400 }}
      >
        {row.totalStock}
      </Button>
      <StockLevelChip level={row.stockLevel} />
    </Box>
  );
}

export function FeaturedMark({ featured }: { featured: boolean }) {
  return featured ? (
    <Star color="warning" fontSize="small" titleAccess="Em destaque" />
  ) : (
    <StarBorder color="disabled" fontSize="small" titleAccess="Sem destaque" />
  );
}
