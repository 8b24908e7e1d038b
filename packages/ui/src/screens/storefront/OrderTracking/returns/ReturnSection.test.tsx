// 'Devolver produtos' on the tracking page: the 7-day return asked from a delivered order through
// the GraphQL mock (the server's rules: window, limits, refund), the confirmation with the code to
// post, the exchange policy past the window, and the form's own checks.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { catalogMock, ordersMock } from '../../../../mocks';
import {
  makeDeliveredOrder,
  makeLongDeliveredOrder,
  RETURN_STATES,
  withReturns,
} from '../../../../mocks/returns/returns.fixtures';
import { makeStorefrontCatalog } from '../../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../../mocks/server';
import { renderAt } from '../../../../test/renderAt';
import { WorkshopProviders } from '../../../../workshop/WorkshopProviders';
import { OrderTrackingScreen } from '../OrderTrackingScreen';
import { ReturnSectionView } from './ReturnSectionView';

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

async function trackDelivered() {
  const view = renderAt(
    '/pedido?numero=VT-9998',
    <Route path="/pedido" element={<OrderTrackingScreen />} />,
  );
  await view.user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'maria@exemplo.com.br');
  await view.user.click(screen.getByRole('button', { name: 'Acompanhar pedido' }));
  const section = await screen.findByRole('region', { name: 'Devolver produtos' });
  return { ...view, section };
}

describe('Devolver produtos', { timeout: 30_000 }, () => {
  it('asks for the return of some units with a reason, then shows the code to post', async () => {
    server.use(...ordersMock.answers({ orders: [makeDeliveredOrder()] }));
    const { user, section } = await trackDelivered();
    expect(await within(section).findByText(/15\/06\/2024/)).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Devolver produtos' }));

    const form = within(section).getByRole('form', { name: 'Pedido de devolução' });
    // Every unit goes back by default; the dress stays.
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Quantidade de Vestido midi de linho/ }),
      'Não devolver',
    );
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Motivo da devolução/ }),
      'Não serviu',
    );
    await user.type(within(form).getByRole('textbox', { name: /Quer contar mais/ }), 'Apertada');
    await user.click(within(form).getByRole('button', { name: 'Solicitar devolução' }));

    expect(await within(section).findByText(/Recebemos seu pedido de devolução 1/)).toBeVisible();
    const card = await within(section).findByRole('article', { name: /Devolução 1/ });
    expect(await within(card).findByText('LR987654321BR')).toBeVisible();
    expect(card).toHaveTextContent('2 × Camiseta');
    expect(card).not.toHaveTextContent('Vestido');
    expect(card).toHaveTextContent('Motivo: Não serviu: Apertada');
    // 2 shirts of R$ 79,90 with their share of the Pix discount.
    expect(card).toHaveTextContent('devolvemos R$ 151,81');
    expect(within(section).queryByRole('form')).toBeNull();
  });

  it('shows the store’s exchange policy past the 7 days, not the form', async () => {
    server.use(...ordersMock.answers({ orders: [makeLongDeliveredOrder()] }));
    const { section } = await trackDelivered();
    expect(
      await within(section).findByText(
        /O prazo de 7 dias para desistir da compra terminou em 27\/05\/2024/,
      ),
    ).toBeVisible();
    expect(
      within(section).getByRole('link', { name: 'Ver a política de trocas e devoluções' }),
    ).toHaveAttribute('href', '/trocas-e-devolucoes');
    expect(within(section).queryByRole('button', { name: 'Devolver produtos' })).toBeNull();
  });

  it('shows a return under way with its code, and no second form', async () => {
    server.use(
      ...ordersMock.answers({
        orders: [withReturns(makeDeliveredOrder(), [RETURN_STATES.labelIssued()])],
      }),
    );
    const { section } = await trackDelivered();
    const card = await within(section).findByRole('article', { name: /Devolução 1/ });
    expect(within(card).getByText('Código de postagem enviado')).toBeVisible();
    expect(within(card).getByText('LR123456785BR')).toBeVisible();
    expect(card).toHaveTextContent('Poste até 27/06/2024');
    expect(within(section).getByText(/Sua devolução está em andamento/)).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Devolver produtos' })).toBeNull();
  });

  it('says why a return was refused', async () => {
    server.use(
      ...ordersMock.answers({
        orders: [withReturns(makeDeliveredOrder(), [RETURN_STATES.rejected()])],
      }),
    );
    const { section } = await trackDelivered();
    const card = await within(section).findByRole('article', { name: /Devolução 1/ });
    expect(card).toHaveTextContent(
      'A loja não aceitou esta devolução: O produto voltou com sinais de uso',
    );
  });
});

describe('ReturnSectionView', () => {
  const info = {
    number: 'VT-9998',
    returnWindowEndsAt: '2024-06-16T02:59:59.999Z',
    returnable: true,
    returnableLines: [
      {
        lineId: 'l1',
        productName: 'Camiseta',
        brandName: 'Aurora',
        variantLabel: 'M',
        sku: 'C-M',
        imageUrl: null,
        unitPriceCents: 7990,
        quantity: 2,
        returnableQuantity: 2,
      },
      {
        lineId: 'l2',
        productName: 'Vestido',
        brandName: 'Aurora',
        variantLabel: 'P',
        sku: 'V-P',
        imageUrl: null,
        unitPriceCents: 18990,
        quantity: 1,
        returnableQuantity: 1,
      },
    ],
    returns: [],
  };

  function renderView(props: Partial<Parameters<typeof ReturnSectionView>[0]> = {}) {
    const onSubmit = vi.fn();
    const element = (extra: typeof props = {}) => (
      <WorkshopProviders route="/pedido">
        <ReturnSectionView
          status="ready"
          info={info}
          initialOpen
          onSubmit={onSubmit}
          {...props}
          {...extra}
        />
      </WorkshopProviders>
    );
    const result = render(element());
    return { ...result, onSubmit, user: userEvent.setup(), element };
  }

  it('asks for a reason before sending anything', async () => {
    const { user, onSubmit } = renderView();
    await user.click(screen.getByRole('button', { name: 'Solicitar devolução' }));
    expect(screen.getByText('Conte o motivo da devolução.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the units chosen and shows the server’s refusal under the line it names', async () => {
    const { user, onSubmit, rerender, element } = renderView();
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Quantidade de Camiseta/ }),
      'Não devolver',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Motivo da devolução/ }),
      'Me arrependi da compra',
    );
    await user.click(screen.getByRole('button', { name: 'Solicitar devolução' }));
    expect(onSubmit).toHaveBeenCalledWith({
      reason: 'Me arrependi da compra',
      lines: [{ lineId: 'l2', quantity: 1 }],
    });
    // The request's first line is the dress: the server names it by its index.
    rerender(
      element({
        error: { message: 'Este produto já foi devolvido.', field: 'lines.0.quantity' },
      }),
    );
    const dress = screen.getByRole('combobox', { name: /Quantidade de Vestido/ });
    expect(dress).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Este produto já foi devolvido.')).toBeVisible();
  });
});
