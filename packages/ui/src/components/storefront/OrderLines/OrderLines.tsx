// The lines of an order as its shopper reads them: picture, name, variant, quantity and line total.
// The checkout's review and the order's confirmation and tracking pages show the same list.
import Typography from '@mui/material/Typography';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

import { formatBRL, pluralize } from '../../../format';

export interface OrderLineItem {
  /** Unique among the lines. */
  id: string;
  productName: string;
  /** Shown above the name when given. */
  brandName?: string;
  variantLabel: string;
  quantity: number;
  /** Given, the quantity reads '2 × R$ 89,90'; left out, '2 unidades'. */
  unitPriceCents?: number;
  lineTotalCents: number;
  imageUrl: string | null;
}

export interface OrderLinesProps {
  lines: OrderLineItem[];
  /** Names the list when no heading around it does ('Itens do pedido'). */
  'aria-label'?: string;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('ul', { name: 'VtOrderLines', slot: 'Root' })({
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

const Line = styled('li', { name: 'VtOrderLines', slot: 'Line' })(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '56px 1fr auto',
  gap: theme.spacing(1.5),
  alignItems: 'center',
  padding: theme.spacing(1.25, 0),
  borderBottom: `1px solid ${theme.palette.divider}`,
}));

const Picture = styled('div', { name: 'VtOrderLines', slot: 'Picture' })(({ theme }) => ({
  width: 56,
  height: 70,
  borderRadius: theme.shape.borderRadius,
  overflow: 'hidden',
  backgroundColor: theme.palette.grey[100],
  '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
}));

const Text = styled('div', { name: 'VtOrderLines', slot: 'Text' })({ minWidth: 0 });

export function OrderLines(inProps: OrderLinesProps) {
  const { lines, ...other } = useThemeProps({ props: inProps, name: 'VtOrderLines' });
  return (
    <Root {...other}>
      {lines.map((line) => (
        <Line key={line.id}>
          <Picture>
            {line.imageUrl ? <img src={line.imageUrl} alt="" loading="lazy" /> : null}
          </Picture>
          <Text>
            {line.brandName === undefined ? null : (
              <Typography variant="caption" color="text.secondary" component="p">
                {line.brandName}
              </Typography>
            )}
            <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {line.productName}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {line.unitPriceCents === undefined ? (
                <>
                  {line.variantLabel} · {pluralize(line.quantity, 'unidade', 'unidades')}
                </>
              ) : (
                <>
                  {line.variantLabel} · {line.quantity} × {formatBRL(line.unitPriceCents)}
                </>
              )}
            </Typography>
          </Text>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatBRL(line.lineTotalCents)}
          </Typography>
        </Line>
      ))}
    </Root>
  );
}
