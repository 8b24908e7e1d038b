// Scarcity as the shopper should read it: 'Últimas 3 unidades', 'Última unidade', 'Esgotado'.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Schedule from '@mui/icons-material/Schedule';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

export interface StockMessageProps {
  /** Units available of the chosen variant. */
  stock: number;
  /** From this many units down the message turns into 'Últimas N unidades'. */
  lowStockThreshold?: number;
  /** Show 'Em estoque' when stock is plentiful (off: nothing is shown). */
  showInStock?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

type Level = 'out' | 'low' | 'in';

const Root = styled('p', { name: 'VtStockMessage', slot: 'Root' })<{
  ownerState: { level: Level };
}>(({ theme, ownerState }) => ({
  margin: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  fontSize: '0.875rem',
  fontWeight: 600,
  lineHeight: 1.4,
  color:
    ownerState.level === 'out'
      ? theme.palette.error.main
      : ownerState.level === 'low'
        ? theme.palette.warning.main
        : theme.palette.success.main,
  '& svg': { fontSize: 18 },
}));

export function stockMessageText(stock: number, lowStockThreshold = 5): string {
  if (stock <= 0) return 'Esgotado';
  if (stock === 1) return 'Última unidade';
  if (stock <= lowStockThreshold) return `Últimas ${stock} unidades`;
  return 'Em estoque';
}

export function StockMessage(inProps: StockMessageProps) {
  const {
    stock,
    lowStockThreshold = 5,
    showInStock = false,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtStockMessage' });
  const level: Level = stock <= 0 ? 'out' : stock <= lowStockThreshold ? 'low' : 'in';
  if (level === 'in' && !showInStock) return null;
  const Icon = level === 'out' ? ErrorOutlined : level === 'low' ? Schedule : CheckCircleOutlined;
  return (
    <Root ownerState={{ level }} data-level={level} {...other}>
      <Icon aria-hidden />
      {stockMessageText(stock, lowStockThreshold)}
    </Root>
  );
}
