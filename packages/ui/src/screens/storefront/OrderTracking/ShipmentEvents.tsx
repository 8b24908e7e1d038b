// The carrier's events of the parcel on the shopper's tracking page, newest first, as carriers'
// own sites show them: when, what (in plain Portuguese), the carrier's words and where.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { ShipmentEventList } from '../../shared/ShipmentEventList';
import type { ShipmentEventNode, ShipmentStatusValue } from '../Checkout/CheckoutScreen.graphql';

const PROBLEM_TEXT: Partial<Record<ShipmentStatusValue, string>> = {
  DELIVERY_FAILED:
    'A transportadora não conseguiu entregar. Veja abaixo o motivo; se precisar, fale com a loja.',
  RETURNING: 'O pedido está voltando para a loja. A loja vai entrar em contato com você.',
};

export function ShipmentEvents({
  events,
  status,
}: {
  events: readonly ShipmentEventNode[];
  status: ShipmentStatusValue | null;
}) {
  if (events.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Os eventos da transportadora aparecem aqui assim que ela registrar o objeto.
      </Typography>
    );
  }
  const problem = status ? PROBLEM_TEXT[status] : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
      <ShipmentEventList events={events} />
    </Box>
  );
}
