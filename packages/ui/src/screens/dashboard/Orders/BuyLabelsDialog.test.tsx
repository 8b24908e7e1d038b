// "Comprar etiquetas": only paid delivery orders are bought (the others are named and left out),
// and the answer shows each order's code or the carrier's reason, with the PDF and the way on to
// shipping only when a label was bought.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { BulkShipOrder } from './BulkShipDialog';
import { BuyLabelsDialog, type BuyLabelsDialogProps } from './BuyLabelsDialog';

const orders: BulkShipOrder[] = [
  { id: 'a', number: 'VT-1', status: 'PAID', customerName: 'Ana', shippingMethodKind: 'DELIVERY' },
  { id: 'b', number: 'VT-2', status: 'PAID', customerName: 'Bia', shippingMethodKind: 'PICKUP' },
  {
    id: 'c',
    number: 'VT-3',
    status: 'SHIPPED',
    customerName: 'Caio',
    shippingMethodKind: 'DELIVERY',
  },
  { id: 'd', number: 'VT-4', status: 'PAID', customerName: 'Duda', shippingMethodKind: 'DELIVERY' },
];

function setup(props: Partial<BuyLabelsDialogProps> = {}) {
  const handlers = {
    onSubmit: vi.fn(),
    onOpenPdf: vi.fn(),
    onShipBought: vi.fn(),
    onClose: vi.fn(),
  };
  render(<BuyLabelsDialog open orders={orders} {...handlers} {...props} />);
  return { handlers, dialog: screen.getByRole('dialog', { name: 'Comprar etiquetas de envio' }) };
}

describe('BuyLabelsDialog', () => {
  it('buys only the paid delivery orders and names the ones left out', async () => {
    const { handlers, dialog } = setup();
    expect(dialog).toHaveTextContent('VT-1, VT-4');
    const left = within(dialog).getByText('Ficam de fora').nextElementSibling as HTMLElement;
    expect(left).toHaveTextContent('VT-2: retirada na loja');
    expect(left).toHaveTextContent('VT-3: enviado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Comprar 2 etiquetas' }));
    expect(handlers.onSubmit).toHaveBeenCalledWith(['a', 'd']);
  });

  it('shows each order’s code or the carrier’s reason, then the PDF and shipping', async () => {
    const { handlers, dialog } = setup({
      batch: {
        purchased: 1,
        failed: 1,
        pdfPath: '/admin/label-batches/x.pdf',
        results: [
          {
            orderId: 'a',
            orderNumber: 'VT-1',
            ok: true,
            error: null,
            label: { carrierName: 'Correios', trackingCode: 'AB123456785BR' },
          },
          {
            orderId: 'd',
            orderNumber: 'VT-4',
            ok: false,
            error: 'Melhor Envio: Saldo insuficiente.',
            label: null,
          },
        ],
      },
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '1 etiqueta comprada. 1 pedido falhou',
    );
    expect(within(dialog).getByRole('listitem', { name: 'Pedido VT-1' })).toHaveTextContent(
      'Correios · rastreio AB123456785BR',
    );
    expect(within(dialog).getByRole('listitem', { name: 'Pedido VT-4' })).toHaveTextContent(
      'Melhor Envio: Saldo insuficiente.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir PDF para imprimir' }));
    expect(handlers.onOpenPdf).toHaveBeenCalledWith('/admin/label-batches/x.pdf');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar como enviados' }));
    expect(handlers.onShipBought).toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: /Comprar/ })).toBeNull();
  });

  it('offers neither PDF nor shipping when nothing was bought', () => {
    const { dialog } = setup({
      batch: { purchased: 0, failed: 1, pdfPath: null, results: [] },
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Nenhuma etiqueta comprada.');
    expect(within(dialog).queryByRole('button', { name: 'Abrir PDF para imprimir' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Marcar como enviados' })).toBeNull();
  });
});
