// A line of the cart: picture, name, variant, price, quantity, remove; and, when the stock fell
// since it was added, what happened and the one-click fix.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, pluralize } from '../../../format';
import { QuantityStepper } from '../QuantityStepper';
import { VisuallyHidden } from '../shared/VisuallyHidden';

export type CartLineAvailability = 'AVAILABLE' | 'INSUFFICIENT_STOCK' | 'OUT_OF_STOCK';

export interface CartLineData {
  variantId: string;
  productName: string;
  brandName: string;
  variantLabel: string;
  imageUrl: string | null;
  /** The product page. */
  href: string;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  quantity: number;
  availableQuantity: number;
  availability: CartLineAvailability;
  lineTotalCents: number;
}

export interface CartLineProps {
  line: CartLineData;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  /** Tighter layout for the drawer. */
  compact?: boolean;
  /** While the cart is being re-priced. */
  disabled?: boolean;
  /**
   * The bag page's first line: its picture is the page's largest paint on a phone, fetched at once
   * with high priority (the server preloads it) instead of lazily.
   */
  priority?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('li', { name: 'VtCartLine', slot: 'Root' })<{
  ownerState: { compact: boolean };
}>(({ theme, ownerState }) => ({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: `${ownerState.compact ? 72 : 96}px 1fr`,
  gap: theme.spacing(ownerState.compact ? 1.5 : 2),
  padding: theme.spacing(2, 0),
  borderBottom: `1px solid ${theme.palette.divider}`,
}));

const Picture = styled('div', { name: 'VtCartLine', slot: 'Picture' })(({ theme }) => ({
  aspectRatio: '4 / 5',
  borderRadius: 8,
  overflow: 'hidden',
  backgroundColor: theme.palette.grey[100],
  '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
}));

const Info = styled('div', { name: 'VtCartLine', slot: 'Info' })({
  display: 'grid',
  gap: 4,
  minWidth: 0,
  alignContent: 'start',
});

const Top = styled('div', { name: 'VtCartLine', slot: 'Top' })({
  display: 'flex',
  justifyContent: 'space-between',
  gap: 8,
  alignItems: 'start',
});

const Name = styled(RouterLink, { name: 'VtCartLine', slot: 'Name' })(({ theme }) => ({
  color: theme.palette.text.primary,
  fontWeight: 600,
  fontSize: '0.9375rem',
  lineHeight: 1.35,
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
}));

const Meta = styled('p', { name: 'VtCartLine', slot: 'Meta' })(({ theme }) => ({
  margin: 0,
  color: theme.palette.text.secondary,
  fontSize: '0.8125rem',
}));

const Bottom = styled('div', { name: 'VtCartLine', slot: 'Bottom' })({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: 8,
  marginTop: 6,
});

const Total = styled('p', { name: 'VtCartLine', slot: 'Total' })(({ theme }) => ({
  margin: 0,
  fontWeight: 700,
  fontSize: '1rem',
  color: theme.palette.text.primary,
  textAlign: 'right',
  '& s': {
    display: 'block',
    fontWeight: 400,
    fontSize: '0.8125rem',
    color: theme.palette.text.secondary,
  },
}));

const Problem = styled('div', { name: 'VtCartLine', slot: 'Problem' })(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: 8,
  marginTop: 6,
  padding: theme.spacing(1, 1.5),
  borderRadius: 8,
  backgroundColor: '#fef3f2',
  color: theme.palette.error.main,
  fontSize: '0.8125rem',
  fontWeight: 600,
  '& svg': { fontSize: 18 },
}));

export function CartLine(inProps: CartLineProps) {
  const {
    line,
    onQuantityChange,
    onRemove,
    compact = false,
    disabled = false,
    priority = false,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtCartLine' });
  const outOfStock = line.availability === 'OUT_OF_STOCK';
  const short = line.availability === 'INSUFFICIENT_STOCK';
  return (
    <Root ownerState={{ compact }} data-availability={line.availability} {...other}>
      <Picture>
        {line.imageUrl ? (
          <img
            src={line.imageUrl}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
          />
        ) : null}
      </Picture>
      <Info>
        <Top>
          <div>
            <Meta>{line.brandName}</Meta>
            <Name to={line.href}>{line.productName}</Name>
            <Meta>{line.variantLabel}</Meta>
          </div>
          <IconButton
            aria-label={`Remover ${line.productName} (${line.variantLabel})`}
            onClick={onRemove}
            disabled={disabled}
            sx={{ width: 44, height: 44, mt: -1, mr: -1 }}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Top>
        {outOfStock ? (
          <Problem role="alert">
            <WarningAmberRounded aria-hidden />
            <span>Esgotado: remova este item para finalizar a compra.</span>
            <Button
              size="small"
              color="error"
              variant="outlined"
              onClick={onRemove}
              sx={{ minHeight: 44 }}
            >
              Remover item
            </Button>
          </Problem>
        ) : (
          <>
            {short ? (
              <Problem role="alert">
                <WarningAmberRounded aria-hidden />
                <span>
                  {line.availableQuantity === 1
                    ? 'Só resta 1 unidade.'
                    : `Só restam ${line.availableQuantity} unidades.`}
                </span>
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() => onQuantityChange(line.availableQuantity)}
                  disabled={disabled}
                  sx={{ minHeight: 44 }}
                >
                  Ajustar para {pluralize(line.availableQuantity, 'unidade', 'unidades')}
                </Button>
              </Problem>
            ) : null}
            <Bottom>
              <QuantityStepper
                value={line.quantity}
                onChange={onQuantityChange}
                min={1}
                max={Math.max(1, short ? line.quantity : line.availableQuantity)}
                label={`Quantidade de ${line.productName}`}
                disabled={disabled}
              />
              <Total>
                {line.compareAtPriceCents !== null &&
                line.compareAtPriceCents > line.unitPriceCents ? (
                  <s>
                    <VisuallyHidden>Preço original: </VisuallyHidden>
                    {formatBRL(line.compareAtPriceCents * line.quantity)}
                  </s>
                ) : null}
                {formatBRL(line.lineTotalCents)}
                {line.quantity > 1 ? (
                  <Meta as="span" sx={{ display: 'block', fontWeight: 400 }}>
                    {formatBRL(line.unitPriceCents)} cada
                  </Meta>
                ) : null}
              </Total>
            </Bottom>
          </>
        )}
      </Info>
    </Root>
  );
}
