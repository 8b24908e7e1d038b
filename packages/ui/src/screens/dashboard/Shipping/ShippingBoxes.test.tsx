// Frete > Caixas against the MSW mock, as the server answers: the boxes smallest first with their
// sizes and weights, adding one (typed mistakes caught before sending, the server's refusal at
// its field), editing, deleting after a confirmation, the empty and failed lists, and SUPPORT
// without the section.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { checkoutMock, staffMock } from '../../../mocks';
import { server } from '../../../mocks/server';
import { withShippingBoxes } from '../../../mocks/shipping/staffShippingBoxes';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { parseWhole } from './ShippingBoxDialog';
import { ShippingMethodsScreen } from './ShippingMethodsScreen';

const LIST = '/dashboard/frete';

function renderShipping() {
  signInAsStaff();
  return renderAt(LIST, <Route path={LIST} element={<ShippingMethodsScreen />} />);
}

async function findBoxes() {
  return screen.findByRole('list', { name: 'Caixas' });
}

function names(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
}

/** The operations of this name the page sent, with their variables. */
function recordOperations(name: string) {
  const sent: Record<string, unknown>[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
    const body = (await request.clone().json()) as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    if (body.operationName === name) sent.push(body.variables ?? {});
  };
  server.events.on('request:start', listener);
  stop = () => server.events.removeListener('request:start', listener);
  return sent;
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('Frete > Caixas', () => {
  it('lists the boxes smallest first, with the inside, the empty weight and the most each holds', async () => {
    renderShipping();
    const list = await findBoxes();
    expect(names(list)).toEqual(['Envelope de segurança', 'Caixa de sapato', 'Caixa G']);
    const shoe = within(list).getByRole('listitem', { name: 'Caixa de sapato' });
    expect(shoe).toHaveTextContent('30 × 20 × 12 cm por dentro');
    expect(shoe).toHaveTextContent('Caixa vazia 180 g · leva até 5 kg');
  });

  it('adds a box: typed mistakes at their fields before anything is sent, then saved', async () => {
    const sent = recordOperations('ShippingBoxCreate');
    const { user } = renderShipping();
    await findBoxes();
    await user.click(screen.getByRole('button', { name: 'Adicionar caixa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova caixa' });
    const box = within(dialog);
    await user.type(box.getByRole('textbox', { name: 'Nome' }), 'Caixa P');
    await user.type(box.getByRole('textbox', { name: 'Comprimento' }), '20');
    await user.type(box.getByRole('textbox', { name: 'Largura' }), '15,5');
    await user.click(box.getByRole('button', { name: 'Adicionar caixa' }));
    expect(
      await box.findByText('A largura deve ser de 1 a 200 cm, em centímetros inteiros.'),
    ).toBeVisible();
    expect(box.getByRole('textbox', { name: 'Largura' })).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box.getByRole('textbox', { name: 'Largura' }));
    await user.type(box.getByRole('textbox', { name: 'Largura' }), '15');
    await user.type(box.getByRole('textbox', { name: 'Altura' }), '8');
    await user.click(box.getByRole('button', { name: 'Adicionar caixa' }));
    expect(
      await box.findByText('O peso máximo do conteúdo deve ser de 1 g a 100.000 g (100 kg).'),
    ).toBeVisible();
    expect(sent).toEqual([]);
    await user.type(box.getByRole('textbox', { name: 'Peso máximo do conteúdo' }), '2.000');
    await user.click(box.getByRole('button', { name: 'Adicionar caixa' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        input: {
          name: 'Caixa P',
          lengthCm: 20,
          widthCm: 15,
          heightCm: 8,
          weightGrams: 0,
          maxWeightGrams: 2000,
        },
      },
    ]);
    const list = await findBoxes();
    await waitFor(() =>
      expect(names(list)).toEqual([
        'Envelope de segurança',
        'Caixa P',
        'Caixa de sapato',
        'Caixa G',
      ]),
    );
    expect(screen.getByText('Caixa P adicionada.')).toBeVisible();
  });

  it('shows the server’s refusal at its field and keeps the dialog open', async () => {
    const { user } = renderShipping();
    const list = await findBoxes();
    await user.click(within(list).getByRole('button', { name: 'Editar Caixa G' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Caixa G' }));
    const name = dialog.getByRole('textbox', { name: 'Nome' });
    expect(name).toHaveValue('Caixa G');
    expect(dialog.getByRole('textbox', { name: 'Altura' })).toHaveValue('25');
    await user.clear(name);
    await user.type(name, 'CAIXA DE SAPATO');
    await user.click(dialog.getByRole('button', { name: 'Salvar caixa' }));
    expect(await dialog.findByText('Já existe uma caixa chamada CAIXA DE SAPATO.')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Editar Caixa G' })).toBeVisible();
  });

  it('edits a box: the list shows the new size', async () => {
    const { user } = renderShipping();
    const list = await findBoxes();
    await user.click(within(list).getByRole('button', { name: 'Editar Caixa de sapato' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Caixa de sapato' }));
    const height = dialog.getByRole('textbox', { name: 'Altura' });
    await user.clear(height);
    await user.type(height, '14');
    await user.click(dialog.getByRole('button', { name: 'Salvar caixa' }));
    await waitFor(() =>
      expect(within(list).getByRole('listitem', { name: 'Caixa de sapato' })).toHaveTextContent(
        '30 × 20 × 14 cm por dentro',
      ),
    );
    expect(screen.getByText('Caixa de sapato salva.')).toBeVisible();
  });

  it('deletes a box only after the confirmation', async () => {
    const { user } = renderShipping();
    const list = await findBoxes();
    await user.click(within(list).getByRole('button', { name: 'Excluir Caixa G' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir Caixa G?' });
    expect(confirm).toHaveTextContent('Os pedidos já feitos não mudam.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(names(list)).toContain('Caixa G');
    await user.click(within(list).getByRole('button', { name: 'Excluir Caixa G' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Excluir Caixa G?' })).getByRole('button', {
        name: 'Excluir caixa',
      }),
    );
    await waitFor(() => expect(names(list)).toEqual(['Envelope de segurança', 'Caixa de sapato']));
    expect(screen.getByText('Caixa G excluída.')).toBeVisible();
  });

  it('says how orders are quoted while there is no box, with the way to add the first', async () => {
    server.use(...checkoutMock.answers(withShippingBoxes([])));
    renderShipping();
    expect(
      await screen.findByText(/Nenhuma caixa cadastrada: cada pedido é cotado como um pacote/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Adicionar caixa' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Caixas' })).toBeNull();
  });

  it('shows a failed list with "Tentar de novo", the shipping methods still there', async () => {
    server.use(...checkoutMock.answers(withShippingBoxes('fails')));
    renderShipping();
    expect(await screen.findByText('Não foi possível carregar as caixas.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
    expect(await screen.findByRole('list', { name: 'Formas de entrega' })).toBeVisible();
  });

  it('is not shown to SUPPORT, and the boxes are not asked for', async () => {
    const sent = recordOperations('ShippingBoxes');
    server.use(...staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }));
    renderShipping();
    expect(
      await screen.findByText('Somente administradores podem ver e alterar as formas de entrega.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Caixas' })).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('parseWhole', () => {
  it('reads whole numbers and pt-BR thousands, and nothing else', () => {
    expect(parseWhole(' 30 ')).toBe(30);
    expect(parseWhole('5.000')).toBe(5000);
    expect(parseWhole('')).toBeNull();
    expect(parseWhole('10,5')).toBeNaN();
    expect(parseWhole('5.00')).toBeNaN();
    expect(parseWhole('-3')).toBeNaN();
  });
});
