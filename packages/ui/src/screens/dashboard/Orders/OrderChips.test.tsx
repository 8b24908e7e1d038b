// The fulfilment chip says what the order needs: only a paid order not sent yet is 'A enviar'.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { FulfilmentStatusChip } from './OrderChips';
import { FULFILMENT_STATUS_LABELS, fulfilmentChip } from './orderLabels';

describe('FulfilmentStatusChip', () => {
  it('calls an unpaid order awaiting payment, never "A enviar"', () => {
    render(<FulfilmentStatusChip status="UNFULFILLED" paymentStatus="PENDING" prefix="Envio: " />);
    expect(screen.getByText('Envio: Aguarda pagamento')).toBeInTheDocument();
    expect(screen.queryByText(/A enviar/)).toBeNull();
  });

  it('calls a paid order not sent yet "A enviar", in the warning colour', () => {
    expect(fulfilmentChip('UNFULFILLED', 'PAID')).toEqual({ label: 'A enviar', color: 'warning' });
    expect(fulfilmentChip('UNFULFILLED', 'PARTIALLY_REFUNDED').label).toBe('A enviar');
  });

  it('says "Não enviado" when the payment failed or expired, and in the filter', () => {
    for (const payment of ['EXPIRED', 'FAILED', 'CANCELED', 'REFUNDED'] as const) {
      expect(fulfilmentChip('UNFULFILLED', payment)).toEqual({
        label: 'Não enviado',
        color: 'default',
      });
    }
    expect(FULFILMENT_STATUS_LABELS.UNFULFILLED).toBe('Não enviado');
    expect(fulfilmentChip('SHIPPED', 'PAID').label).toBe('Enviado');
  });
});
