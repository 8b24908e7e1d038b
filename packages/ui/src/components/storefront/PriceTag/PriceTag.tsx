// A price as Brazilian stores show it: the 'de' price struck through, the 'por' price and the
// discount percentage.
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

import { formatBRL } from '../../../format';
import { discountPercent } from '../shared/discount';
import { VisuallyHidden } from '../shared/VisuallyHidden';

export interface PriceTagProps {
  priceCents: number;
  /** The 'de' price; shown only when greater than the price. */
  compareAtPriceCents?: number | null;
  /** Prefix 'a partir de' when variants have different prices. */
  startingAt?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
  sx?: SxProps<Theme>;
}

interface OwnerState {
  size: NonNullable<PriceTagProps['size']>;
}

const PRICE_SIZE = { small: '1.0625rem', medium: '1.375rem', large: '1.875rem' } as const;

const Root = styled('div', { name: 'VtPriceTag', slot: 'Root' })({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

const CompareAt = styled('span', { name: 'VtPriceTag', slot: 'CompareAt' })(({ theme }) => ({
  color: theme.palette.text.secondary,
  fontSize: '0.875rem',
  lineHeight: 1.3,
  '& s': { textDecorationThickness: 1 },
}));

const PriceRow = styled('span', { name: 'VtPriceTag', slot: 'PriceRow' })({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: 8,
});

const Price = styled('span', { name: 'VtPriceTag', slot: 'Price' })<{ ownerState: OwnerState }>(
  ({ theme, ownerState }) => ({
    color: theme.palette.text.primary,
    fontWeight: 700,
    fontSize: PRICE_SIZE[ownerState.size],
    letterSpacing: '-0.01em',
    lineHeight: 1.2,
    whiteSpace: 'nowrap',
  }),
);

const StartingAt = styled('span', { name: 'VtPriceTag', slot: 'StartingAt' })(({ theme }) => ({
  fontSize: '0.8125rem',
  fontWeight: 500,
  color: theme.palette.text.secondary,
}));

const Discount = styled('span', { name: 'VtPriceTag', slot: 'Discount' })(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  padding: '2px 8px',
  borderRadius: 999,
  backgroundColor: theme.palette.success.main,
  color: theme.palette.success.contrastText,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: 1.5,
}));

export function PriceTag(inProps: PriceTagProps) {
  const {
    priceCents,
    compareAtPriceCents,
    startingAt = false,
    size = 'medium',
    ...other
  } = useThemeProps({ props: inProps, name: 'VtPriceTag' });
  const percent = discountPercent(priceCents, compareAtPriceCents);
  const onSale = percent !== null && compareAtPriceCents != null;
  return (
    <Root {...other}>
      {onSale ? (
        <CompareAt>
          <VisuallyHidden>Preço original: </VisuallyHidden>
          <s>{formatBRL(compareAtPriceCents)}</s>
        </CompareAt>
      ) : null}
      <PriceRow>
        <Price ownerState={{ size }}>
          {startingAt ? <StartingAt>a partir de </StartingAt> : null}
          {onSale ? <VisuallyHidden>Preço com desconto: </VisuallyHidden> : null}
          {formatBRL(priceCents)}
        </Price>
        {onSale ? (
          <Discount>
            <span aria-hidden>-{percent}%</span>
            <VisuallyHidden>{percent}% de desconto</VisuallyHidden>
          </Discount>
        ) : null}
      </PriceRow>
    </Root>
  );
}
