// The price paid by Pix, with the store's Pix discount.
import PixIcon from '@mui/icons-material/Pix';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

import { formatBRL } from '../../../format';

export interface PixPriceProps {
  /** The amount by Pix, as the server computed it. */
  pixPriceCents: number;
  /** The store's Pix discount, e.g. 5 for '5% de desconto'. */
  discountPercent: number;
  size?: 'small' | 'medium';
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('p', { name: 'VtPixPrice', slot: 'Root' })<{
  ownerState: { size: 'small' | 'medium' };
}>(({ theme, ownerState }) => ({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  columnGap: 6,
  color: theme.palette.text.primary,
  fontSize: ownerState.size === 'small' ? '0.875rem' : '1rem',
  lineHeight: 1.4,
  '& svg': { color: '#32bcad', fontSize: ownerState.size === 'small' ? 16 : 20 },
}));

const Amount = styled('strong', { name: 'VtPixPrice', slot: 'Amount' })({
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

const Note = styled('span', { name: 'VtPixPrice', slot: 'Note' })(({ theme }) => ({
  color: theme.palette.success.main,
  fontWeight: 600,
}));

function formatPercent(percent: number): string {
  return percent.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
}

export function PixPrice(inProps: PixPriceProps) {
  const {
    pixPriceCents,
    discountPercent,
    size = 'medium',
    ...other
  } = useThemeProps({ props: inProps, name: 'VtPixPrice' });
  return (
    <Root ownerState={{ size }} {...other}>
      <PixIcon aria-hidden />
      <span>
        <Amount>{formatBRL(pixPriceCents)}</Amount> no Pix
      </span>
      {discountPercent > 0 ? <Note>({formatPercent(discountPercent)}% de desconto)</Note> : null}
    </Root>
  );
}
