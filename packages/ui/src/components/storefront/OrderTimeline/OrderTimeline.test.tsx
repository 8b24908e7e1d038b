import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { OrderTimeline } from './OrderTimeline';

describe('OrderTimeline', { timeout: 20_000 }, () => {
  it('marks the order received and the payment as the next step while unpaid', () => {
    render(
      <OrderTimeline
        status="PENDING_PAYMENT"
        events={[
          {
            status: 'PENDING_PAYMENT',
            label: 'Pedido recebido',
            createdAt: '2024-06-01T15:00:00Z',
          },
        ]}
      />,
    );
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.state)).toEqual([
      'done',
      'current',
      'upcoming',
      'upcoming',
    ]);
    expect(steps[0]).toHaveTextContent('Pedido recebido (concluído)01/06/2024, 12:00');
    // The next step says what it waits for, never "Pagamento aprovado" (issue 12, item 9).
    expect(steps[1]).toHaveTextContent('Aguardando pagamento (etapa atual)');
    expect(steps[1]).not.toHaveTextContent('aprovado');
  });

  it('says a card in review is in review while the order waits', () => {
    render(
      <OrderTimeline
        status="PENDING_PAYMENT"
        paymentStatus="AUTHORIZED"
        events={[
          {
            status: 'PENDING_PAYMENT',
            label: 'Pedido recebido',
            createdAt: '2024-06-01T15:00:00Z',
          },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem')[1]).toHaveTextContent(
      'Pagamento em análise (etapa atual)',
    );
  });

  it('shows how far a canceled order got and that it ended', () => {
    render(
      <OrderTimeline
        status="CANCELED"
        events={[
          {
            status: 'PENDING_PAYMENT',
            label: 'Pedido recebido',
            createdAt: '2024-06-01T15:00:00Z',
          },
          { status: 'CANCELED', label: 'Pedido cancelado', createdAt: '2024-06-02T15:00:00Z' },
        ]}
      />,
    );
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.state)).toEqual(['done', 'failed']);
    expect(steps[1]).toHaveTextContent('Pedido cancelado');
  });
});
