// The bar over the orders list while some are selected: how many, buying their labels (ADMIN and
// SUPPORT), shipping them, printing their packing slips and clearing the selection.
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { PRINT_PAGE_REL } from './PrintFrame';

export interface OrdersSelectionBarProps {
  selected: number;
  /** Absent: no label buying. */
  onBuyLabels?: () => void;
  onShip(): void;
  packingSlipsHref: string;
  onClear(): void;
}

export function OrdersSelectionBar({
  selected,
  onBuyLabels,
  onShip,
  packingSlipsHref,
  onClear,
}: OrdersSelectionBarProps) {
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Ações dos selecionados"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        mb: 1.5,
      }}
    >
      <Typography sx={{ mr: 'auto' }}>
        {selected === 1 ? '1 pedido selecionado' : `${selected} pedidos selecionados`}
      </Typography>
      {onBuyLabels ? (
        <Button startIcon={<ReceiptLongOutlined />} onClick={onBuyLabels}>
          Comprar etiquetas
        </Button>
      ) : null}
      <Button startIcon={<LocalShippingOutlined />} onClick={onShip}>
        Enviar selecionados
      </Button>
      <Button
        startIcon={<PrintOutlined />}
        href={packingSlipsHref}
        target="_blank"
        rel={PRINT_PAGE_REL}
      >
        Imprimir romaneios
      </Button>
      <Button onClick={onClear}>Limpar seleção</Button>
    </Paper>
  );
}
