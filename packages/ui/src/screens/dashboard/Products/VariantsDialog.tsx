// The variants of one product, from the grid: size/colour, SKU, price (edited in place) and stock
// (changed with a reason; its history one click away). Pure.
import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

import { InlinePriceField } from './InlinePriceField';
import type { ProductRowNode, VariantRowNode } from './ProductsScreen.graphql';
import { LowStockMark } from './ProductChips';

export function variantLabel(variant: Pick<VariantRowNode, 'size' | 'color' | 'sku'>): string {
  return [variant.size, variant.color].filter(Boolean).join(' / ') || variant.sku;
}

export interface VariantsDialogProps {
  product: ProductRowNode;
  readOnly: boolean;
  onPriceSave(variantId: string, cents: number): Promise<string | null>;
  onChangeStock(variant: VariantRowNode): void;
  onShowHistory(variant: VariantRowNode): void;
  onClose(): void;
}

export function VariantsDialog({
  product,
  readOnly,
  onPriceSave,
  onChangeStock,
  onShowHistory,
  onClose,
}: VariantsDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="variants-title"
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle id="variants-title">Variantes de {product.name}</DialogTitle>
      <DialogContent>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Variantes">
            <TableHead>
              <TableRow>
                <TableCell>Variante</TableCell>
                <TableCell>SKU</TableCell>
                <TableCell>Preço</TableCell>
                <TableCell>Estoque</TableCell>
                <TableCell>
                  <Typography component="span" sx={{ position: 'absolute', left: -9999 }}>
                    Histórico
                  </Typography>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {product.variants.map((variant) => {
                const label = variantLabel(variant);
                return (
                  <TableRow key={variant.id}>
                    <TableCell>{label}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {variant.sku}
                    </TableCell>
                    <TableCell sx={{ minWidth: 150 }}>
                      <InlinePriceField
                        size="field"
                        valueCents={variant.priceCents}
                        label={`Preço de ${label}`}
                        readOnly={readOnly}
                        onSave={(cents) => onPriceSave(variant.id, cents)}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {readOnly ? (
                        <>
                          {variant.stock} <LowStockMark variant={variant} />
                        </>
                      ) : (
                        <Button
                          size="small"
                          onClick={() => onChangeStock(variant)}
                          aria-label={`Estoque de ${label}: ${variant.stock}. Alterar`}
                        >
                          {variant.stock}
                        </Button>
                      )}
                      {readOnly ? null : <LowStockMark variant={variant} />}
                    </TableCell>
                    <TableCell padding="checkbox">
                      <IconButton
                        aria-label={`Histórico de estoque de ${label}`}
                        onClick={() => onShowHistory(variant)}
                      >
                        <HistoryIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
