// Product cards in a responsive grid (2 columns on phones up to 4 on desktops), and its skeleton.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

import { ProductCard, type ProductCardData } from '../../../components/storefront';
import { storefrontPaths } from '../../../routes/paths';

export interface ProductGridProps {
  products: ProductCardData[];
  /** Cards in the first row load their pictures eagerly (above the fold). */
  eagerCount?: number;
  /**
   * Cards whose pictures are the page's largest paint (a listing's first row on a phone): fetched
   * with high priority, the first preloaded by the server (entry-server.tsx lcpImageOf).
   */
  priorityCount?: number;
  columns?: { xs: number; sm: number; md: number; lg?: number };
  /** Names the list for screen readers. */
  label?: string;
  /** h2 when the grid sits right under the page's h1 (listings), h3 inside a section. */
  headingLevel?: 'h2' | 'h3';
}

const DEFAULT_COLUMNS = { xs: 2, sm: 3, md: 3, lg: 4 };

function gridTemplate(columns: ProductGridProps['columns'] = DEFAULT_COLUMNS) {
  return {
    xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
    sm: `repeat(${columns.sm}, minmax(0, 1fr))`,
    md: `repeat(${columns.md}, minmax(0, 1fr))`,
    lg: `repeat(${columns.lg ?? columns.md}, minmax(0, 1fr))`,
  };
}

export function ProductGrid({
  products,
  eagerCount = 2,
  priorityCount = 0,
  columns,
  label,
  headingLevel = 'h3',
}: ProductGridProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: gridTemplate(columns),
        gap: { xs: 1.5, sm: 2, md: 2.5 },
      }}
    >
      {products.map((product, index) => (
        <li key={product.slug}>
          <ProductCard
            product={product}
            href={storefrontPaths.product(product.slug)}
            imageLoading={index < eagerCount ? 'eager' : 'lazy'}
            imagePriority={index < priorityCount ? 'high' : 'auto'}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </Box>
  );
}

export function ProductGridSkeleton({
  count = 8,
  columns,
}: {
  count?: number;
  columns?: ProductGridProps['columns'];
}) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        gridTemplateColumns: gridTemplate(columns),
        gap: { xs: 1.5, sm: 2, md: 2.5 },
      }}
    >
      {Array.from({ length: count }, (_, index) => (
        <Box key={index}>
          <Skeleton
            variant="rounded"
            sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 5' }}
          />
          <Skeleton width="40%" sx={{ mt: 1 }} />
          <Skeleton width="90%" />
          <Skeleton width="50%" height={32} />
        </Box>
      ))}
    </Box>
  );
}
