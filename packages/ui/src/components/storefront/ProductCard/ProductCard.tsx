// A product in a grid: picture, brand, name, price (with sale), Pix price and installments. The
// discount is shown once, by the price; the prices sit at the card's foot, so they line up
// across a row whatever the length of the names or whether a card has a 'de' price.
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

import { InstallmentLine, type InstallmentOfferData } from '../InstallmentLine';
import { PixPrice } from '../PixPrice';
import { PriceTag } from '../PriceTag';

export interface ProductCardImage {
  url: string;
  srcSet: string;
  alt: string;
  width: number;
  height: number;
}

export interface ProductCardData {
  slug: string;
  name: string;
  brandName: string;
  image: ProductCardImage | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  /** Variants differ in price: shows 'a partir de'. */
  startingAt?: boolean;
  inStock: boolean;
  /** The price by Pix (the store's Pix rule on the price); shown only with a discount. */
  pix?: { priceCents: number; discountPercent: number } | null;
  installments?: InstallmentOfferData | null;
}

export interface ProductCardProps {
  product: ProductCardData;
  /** The product page's path, e.g. '/produto/camiseta-basica'. */
  href: string;
  /** 'eager' for cards above the fold (the first row). */
  imageLoading?: 'lazy' | 'eager';
  /**
   * 'high' for the picture that is the page's largest paint (a listing's first row): fetched
   * before the scripts, and preloaded from the head of a server-rendered page.
   */
  imagePriority?: 'high' | 'auto';
  /** The `sizes` of the picture in the grid. */
  imageSizes?: string;
  /** The name's heading level in the page outline: h2 under the page's h1, h3 in a section. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('article', { name: 'VtProductCard', slot: 'Root' })(({ theme }) => ({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  height: '100%',
  backgroundColor: theme.palette.background.paper,
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.divider}`,
  overflow: 'hidden',
  transition: 'box-shadow 160ms ease, border-color 160ms ease',
  '&:hover': {
    borderColor: theme.palette.grey[300],
    boxShadow: '0 8px 24px rgba(16, 24, 40, 0.08)',
  },
  '&:focus-within': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}));

const Picture = styled('div', { name: 'VtProductCard', slot: 'Picture' })(({ theme }) => ({
  position: 'relative',
  aspectRatio: '4 / 5',
  backgroundColor: theme.palette.grey[100],
  '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
}));

const Badge = styled('span', { name: 'VtProductCard', slot: 'Badge' })(({ theme }) => ({
  position: 'absolute',
  top: 10,
  left: 10,
  padding: '3px 9px',
  borderRadius: 999,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: 1.4,
  color: '#fff',
  backgroundColor: theme.palette.grey[800],
}));

const Body = styled('div', { name: 'VtProductCard', slot: 'Body' })({
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  padding: '12px 14px 16px',
  flex: 1,
});

const Brand = styled('p', { name: 'VtProductCard', slot: 'Brand' })(({ theme }) => ({
  margin: 0,
  fontSize: '0.75rem',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: theme.palette.text.secondary,
}));

const Name = styled('h3', { name: 'VtProductCard', slot: 'Name' })(({ theme }) => ({
  margin: 0,
  fontSize: '0.9375rem',
  fontWeight: 500,
  lineHeight: 1.35,
  color: theme.palette.text.primary,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  minHeight: '2.7em',
  '& a': { color: 'inherit', textDecoration: 'none' },
  // The whole card is the link's hit area.
  '& a::after': { content: '""', position: 'absolute', inset: 0 },
  '& a:focus-visible': { outline: 'none' },
}));

/** Pushed to the card's foot: every card of a row ends with its prices on the same lines. */
const Prices = styled('div', { name: 'VtProductCard', slot: 'Prices' })({
  marginTop: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
});

const OutOfStock = styled('p', { name: 'VtProductCard', slot: 'OutOfStock' })(({ theme }) => ({
  margin: 0,
  marginTop: 'auto',
  color: theme.palette.text.secondary,
  fontWeight: 600,
  fontSize: '0.9375rem',
}));

export function ProductCard(inProps: ProductCardProps) {
  const {
    product,
    href,
    imageLoading = 'lazy',
    imagePriority = 'auto',
    imageSizes = '(min-width: 1200px) 280px, (min-width: 600px) 33vw, 50vw',
    headingLevel = 'h3',
    ...other
  } = useThemeProps({ props: inProps, name: 'VtProductCard' });
  return (
    <Root {...other}>
      <Picture>
        {product.image ? (
          <img
            src={product.image.url}
            srcSet={product.image.srcSet || undefined}
            sizes={imageSizes}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading={imageLoading}
            fetchPriority={imagePriority === 'high' ? 'high' : undefined}
          />
        ) : null}
        {!product.inStock ? <Badge>Esgotado</Badge> : null}
      </Picture>
      <Body>
        <Brand>{product.brandName}</Brand>
        <Name as={headingLevel}>
          <RouterLink to={href}>{product.name}</RouterLink>
        </Name>
        {product.inStock ? (
          <Prices>
            <PriceTag
              priceCents={product.priceCents}
              compareAtPriceCents={product.compareAtPriceCents}
              startingAt={product.startingAt ?? false}
              size="small"
            />
            {product.pix && product.pix.discountPercent > 0 ? (
              <PixPrice
                size="small"
                pixPriceCents={product.pix.priceCents}
                discountPercent={product.pix.discountPercent}
              />
            ) : null}
            {product.installments ? <InstallmentLine {...product.installments} /> : null}
          </Prices>
        ) : (
          <OutOfStock>Indisponível no momento</OutOfStock>
        )}
      </Body>
    </Root>
  );
}
