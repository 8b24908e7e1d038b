// Packing slips to print: one sheet per order with the store (and its legal identity: the sender
// as the Correios form asks, CNPJ included), the order number and date, where it goes, the
// parcel's weight, and its lines by SKU with a box to tick as each is packed. Pure.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { formatDateTime } from '../../../format';
import type { StoreLegalIdentity } from '../../shared/storeLegal.graphql';
import { addressLines, formatKg, formatParcel } from './orderLabels';
import type { PrintOrder } from './PrintPages.graphql';
import { PrintFrame, Sheet } from './PrintFrame';

export interface PackingSlipsViewProps {
  storeName: string;
  /** The sender: the store's legal name, CNPJ and address (Settings); null when not filled. */
  legal?: StoreLegalIdentity | null;
  orders: PrintOrder[];
  /** Ids asked for that do not exist or are not visible. */
  missing?: string[];
  loading?: boolean;
  error?: string | null;
  onPrint(): void;
}

const cell = { border: '1px solid #000', p: '4px 8px', textAlign: 'left' } as const;
/** A cell of a long value (SKU, product): it breaks anywhere rather than widen a phone's sheet. */
const longCell = { ...cell, overflowWrap: 'anywhere' } as const;

export function PackingSlipsView({
  storeName,
  legal = null,
  orders,
  missing = [],
  loading = false,
  error = null,
  onPrint,
}: PackingSlipsViewProps) {
  const title = orders.length === 1 ? `Romaneio ${orders[0]?.number}` : 'Romaneios';
  return (
    <PrintFrame
      title={title}
      loading={loading}
      error={error ?? (!loading && orders.length === 0 ? 'Nenhum pedido para imprimir.' : null)}
      onPrint={onPrint}
    >
      {missing.length > 0 ? (
        <Typography role="alert" color="error" sx={{ mb: 2, displayPrint: 'none' }}>
          {missing.length === 1
            ? '1 pedido não foi encontrado.'
            : `${missing.length} pedidos não foram encontrados.`}
        </Typography>
      ) : null}
      {orders.map((order) => {
        const address = addressLines(order.address);
        return (
          <Sheet key={order.id} label={`Romaneio do pedido ${order.number}`}>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                alignItems: 'baseline',
                gap: 2,
                borderBottom: '2px solid #000',
                pb: 1,
                mb: 2,
              }}
            >
              <Box>
                <Typography component="h2" sx={{ fontSize: 22, fontWeight: 700 }}>
                  {storeName}
                </Typography>
                {legal && (legal.legalName || legal.cnpj) ? (
                  <Typography sx={{ fontSize: 12 }}>
                    Remetente:{' '}
                    {[legal.legalName, legal.cnpj ? `CNPJ ${legal.cnpj}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                    {legal.legalAddress ? (
                      <Box component="span" sx={{ display: 'block' }}>
                        {legal.legalAddress}
                      </Box>
                    ) : null}
                  </Typography>
                ) : null}
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography sx={{ fontSize: 20, fontWeight: 700 }}>
                  Pedido {order.number}
                </Typography>
                <Typography sx={{ fontSize: 13 }}>{formatDateTime(order.createdAt)}</Typography>
              </Box>
            </Box>
            <Box sx={{ mb: 2 }}>
              <Typography sx={{ fontSize: 12, fontWeight: 700, textTransform: 'uppercase' }}>
                {order.shippingMethodKind === 'PICKUP' ? 'Retirada na loja' : 'Entregar para'}
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{order.customer.name}</Typography>
              {address.map((line) => (
                <Typography key={line}>{line}</Typography>
              ))}
              <Typography sx={{ fontSize: 13, mt: 0.5 }}>
                {order.shippingMethodName}
                {order.trackingCode ? ` · Rastreio ${order.trackingCode}` : ''}
                {formatKg(order.weightGrams) ? ` · Peso ${formatKg(order.weightGrams)} kg` : ''}
                {order.parcel ? ` · Volume ${formatParcel(order.parcel)}` : ''}
              </Typography>
            </Box>
            <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse' }}>
              <thead>
                <tr>
                  <Box component="th" scope="col" sx={{ ...cell, width: 40 }}>
                    Ok
                  </Box>
                  <Box component="th" scope="col" sx={cell}>
                    SKU
                  </Box>
                  <Box component="th" scope="col" sx={cell}>
                    Produto
                  </Box>
                  <Box component="th" scope="col" sx={{ ...cell, textAlign: 'right', width: 60 }}>
                    Qtd.
                  </Box>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line.id}>
                    <Box component="td" sx={{ ...cell, textAlign: 'center' }}>
                      <Box
                        component="span"
                        role="img"
                        aria-label={`Conferir ${line.sku}`}
                        sx={{
                          display: 'inline-block',
                          width: 16,
                          height: 16,
                          border: '1.5px solid #000',
                        }}
                      />
                    </Box>
                    <Box component="td" sx={{ ...longCell, fontFamily: 'monospace' }}>
                      {line.sku}
                    </Box>
                    <Box component="td" sx={longCell}>
                      {line.productName} · {line.variantLabel}
                      <Box component="span" sx={{ display: 'block', fontSize: 12 }}>
                        {line.brandName}
                      </Box>
                    </Box>
                    <Box
                      component="td"
                      sx={{ ...cell, textAlign: 'right', fontWeight: 700, fontSize: 16 }}
                    >
                      {line.quantity}
                    </Box>
                  </tr>
                ))}
              </tbody>
            </Box>
            <Typography sx={{ mt: 1, fontSize: 13 }}>
              Total de peças: {order.lines.reduce((sum, line) => sum + line.quantity, 0)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 4, mt: 5 }}>
              <Typography sx={{ flex: 1, borderTop: '1px solid #000', pt: 0.5, fontSize: 12 }}>
                Separado por
              </Typography>
              <Typography sx={{ flex: 1, borderTop: '1px solid #000', pt: 0.5, fontSize: 12 }}>
                Conferido por
              </Typography>
            </Box>
          </Sheet>
        );
      })}
    </PrintFrame>
  );
}
