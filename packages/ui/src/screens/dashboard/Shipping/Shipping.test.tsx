// Frete against the MSW mock, as the server answers: the methods in order with their summaries,
// the simulator quoting the saved methods from the URL, reordering, the editor's errors at their
// fields (typed and from the server), saving, creating a pickup, a carrier quoting a delivery (its
// service code, whether the server is configured for it), deactivating and deleting with
// confirmation, the leave guard, and SUPPORT without permission.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { checkoutMock, staffMock } from '../../../mocks';
import { makeShippingMethods } from '../../../mocks/shipping/shipping.fixtures';
import { server } from '../../../mocks/server';
import { withShippingMethods } from '../../../mocks/shipping/staffShipping';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { ShippingMethodEditorScreen } from './ShippingMethodEditorScreen';
import { ShippingMethodsScreen } from './ShippingMethodsScreen';

const LIST = '/dashboard/frete';

function renderShipping(route = LIST) {
  signInAsStaff();
  return renderAt(
    route,
    <>
      <Route path={LIST} element={<ShippingMethodsScreen />} />
      <Route path={`${LIST}/novo`} element={<ShippingMethodEditorScreen />} />
      <Route path={`${LIST}/:id`} element={<ShippingMethodEditorScreen />} />
    </>,
  );
}

async function findList() {
  return screen.findByRole('list', { name: 'Formas de entrega' });
}

function names(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
}

/** The variables of every operation of this name the page sent. */
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

async function findOptions() {
  return screen.findByRole('list', { name: 'Opções de frete' });
}

describe('ShippingMethodsScreen', () => {
  it('lists the methods in position order with regions, prices, days, free shipping and status', async () => {
    renderShipping();
    const list = await findList();
    expect(names(list)).toEqual(['PAC', 'SEDEX', 'Retirada na loja', 'Motoboy SP']);
    const pac = within(list).getByRole('listitem', { name: 'PAC' });
    expect(pac).toHaveTextContent('Todo o Brasil (1 UF à parte)');
    expect(pac).toHaveTextContent('Grátis a partir de R$ 299,00 (o da loja)');
    expect(pac).toHaveTextContent('Entrega');
    expect(pac).toHaveTextContent('Melhor Envio · 1');
    const sedex = within(list).getByRole('listitem', { name: 'SEDEX' });
    expect(sedex).toHaveTextContent('Sudeste + 3 UFs');
    expect(sedex).toHaveTextContent('Nunca grátis');
    const pickup = within(list).getByRole('listitem', { name: 'Retirada na loja' });
    expect(pickup).toHaveTextContent('Retirada');
    expect(pickup).toHaveTextContent('Pronta em 2 dias úteis');
    const moto = within(list).getByRole('listitem', { name: 'Motoboy SP' });
    expect(moto).toHaveTextContent('Inativa');
    expect(moto).toHaveTextContent('Região 0');
    expect(moto).toHaveTextContent('Grátis a partir de R$ 500,00');
    expect(within(list).getByRole('link', { name: 'SEDEX' })).toHaveAttribute(
      'href',
      '/dashboard/frete/ship-sedex',
    );
  });

  it('simulates a quote as the storefront would, keeping the CEP and weight in the URL', async () => {
    const { user } = renderShipping();
    await findList();
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01310100');
    expect(screen.getByRole('textbox', { name: 'CEP' })).toHaveValue('01310-100');
    await user.type(screen.getByRole('textbox', { name: 'Peso' }), '500');
    await user.click(screen.getByRole('button', { name: 'Simular' }));
    const options = await findOptions();
    expect(names(options)).toEqual(['Retirada na loja', 'PAC', 'SEDEX']);
    expect(within(options).getByRole('listitem', { name: 'PAC' })).toHaveTextContent(/R\$\s24,90/);
    expect(within(options).getByRole('listitem', { name: 'PAC' })).toHaveTextContent(
      'até 5 dias úteis',
    );
    expect(within(options).getByRole('listitem', { name: 'Retirada na loja' })).toHaveTextContent(
      'Rua Harmonia, 123',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(`${LIST}?cep=01310100&peso=500`);
  });

  it('reproduces a quote from a link, with the free shipping a subtotal earns', async () => {
    renderShipping(`${LIST}?cep=69900000&peso=2000&subtotal=30000`);
    const options = await findOptions();
    // Acre is region 6 with no state price: PAC only (SEDEX serves Sudeste and the South).
    expect(names(options)).toEqual(['Retirada na loja', 'PAC']);
    const pac = within(options).getByRole('listitem', { name: 'PAC' });
    expect(pac).toHaveTextContent('Grátis');
    expect(within(pac).getByLabelText(/^de R\$\s67,90$/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CEP' })).toHaveValue('69900-000');
    expect(screen.getByRole('textbox', { name: 'Peso' })).toHaveValue('2');
  });

  it('says a CEP or weight is invalid before asking', async () => {
    const { user } = renderShipping();
    await findList();
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '0131');
    await user.type(screen.getByRole('textbox', { name: 'Peso' }), '200000');
    await user.click(screen.getByRole('button', { name: 'Simular' }));
    expect(await screen.findByText('CEP inválido: use 8 dígitos, como 01310-100.')).toBeVisible();
    expect(screen.getByText('Informe o peso em gramas, de 1 g a 100 kg.')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${LIST}$`));
  });

  it('moves a method up and saves the positions', async () => {
    const { user } = renderShipping();
    const list = await findList();
    expect(within(list).getByRole('button', { name: 'Mover PAC para cima' })).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: 'Mover SEDEX para cima' }));
    await waitFor(() =>
      expect(names(list)).toEqual(['SEDEX', 'PAC', 'Retirada na loja', 'Motoboy SP']),
    );
    expect(await screen.findByText('SEDEX agora é a 1ª opção.')).toBeVisible();
  });

  it('shows the empty state with a way to create the first method', async () => {
    server.use(...checkoutMock.answers(withShippingMethods([])));
    renderShipping();
    expect(await screen.findByText(/Nenhuma forma de entrega ainda/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Criar a primeira' })).toHaveAttribute(
      'href',
      '/dashboard/frete/novo',
    );
  });

  it('shows the load error with a retry', async () => {
    server.use(...checkoutMock.fails());
    renderShipping();
    expect(
      await screen.findByText('Não foi possível carregar as formas de entrega.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  });

  it('tells SUPPORT only administrators manage shipping', async () => {
    server.use(...staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }));
    renderShipping();
    expect(
      await screen.findByText('Somente administradores podem ver e alterar as formas de entrega.'),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Formas de entrega' })).toBeNull();
  });
});

// The editor renders a table of about a hundred inputs: slow in jsdom on a loaded machine.
describe('ShippingMethodEditorScreen', { timeout: 60_000 }, () => {
  it('fills the region × weight-band table from the saved method', async () => {
    renderShipping(`${LIST}/ship-sedex`);
    expect(await screen.findByRole('heading', { level: 1, name: 'SEDEX' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('SEDEX');
    expect(screen.getByRole('checkbox', { name: 'Atender SP capital e região (0)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Atender RS (9)' })).not.toBeChecked();
    expect(
      screen.getByRole('textbox', { name: 'Preço SP capital e região (0), até 300 g' }),
    ).toHaveValue('29,90');
    expect(screen.getByRole('textbox', { name: 'Preço UF PR, até 1000 g' })).toHaveValue('45,90');
    expect(screen.getByRole('checkbox', { name: /Nunca grátis/ })).toBeChecked();
    expect(screen.getByText(/Cota as formas de entrega salvas e ativas/)).toBeVisible();
  });

  it('shows a typing error and a server error at their fields, then saves', async () => {
    const { user } = renderShipping(`${LIST}/ship-pac`);
    const price = await screen.findByRole('textbox', {
      name: 'Preço SP capital e região (0), até 300 g',
    });
    await user.clear(price);
    await user.type(price, 'abc');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(
      await screen.findByText('Preço inválido: use reais e centavos, como 19,90.'),
    ).toBeVisible();
    await user.clear(price);
    await user.type(price, '18,90');
    // The second band below the first: the server refuses it at that column.
    const band = screen.getByRole('textbox', { name: 'Peso máximo da faixa 2, em gramas' });
    await user.clear(band);
    await user.type(band, '200');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(
      await screen.findByText(
        'As faixas de peso devem estar em ordem crescente, sem repetir o peso máximo.',
      ),
    ).toBeVisible();
    expect(band).toHaveAttribute('aria-invalid', 'true');
    await user.clear(band);
    await user.type(band, '1000');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(await screen.findByText('PAC salva.')).toBeVisible();
    expect(band).toHaveAttribute('aria-invalid', 'false');
  });

  it('creates a pickup method, asking for its counter first: address, CEP and opening hours', async () => {
    const { user } = renderShipping(`${LIST}/novo`);
    await screen.findByRole('textbox', { name: 'Nome' });
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(await screen.findByText('Informe o nome da forma de entrega.')).toBeVisible();
    await user.click(screen.getByRole('textbox', { name: 'Nome' }));
    await user.paste('Retirada no galpão');
    await user.click(screen.getByRole('radio', { name: 'Retirada na loja' }));
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    // Every field in error at once, at its field.
    expect(await screen.findByText('Informe a rua do ponto de retirada.')).toBeVisible();
    expect(screen.getByText('Informe o bairro do ponto de retirada.')).toBeVisible();
    expect(
      screen.getByText(
        'Informe o horário de funcionamento da retirada, como "Seg. a sex., 10h às 19h".',
      ),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Rua \/ avenida/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const counter = screen.getByRole('region', { name: 'Retirada' });
    const type = async (name: RegExp, text: string) => {
      await user.click(within(counter).getByRole('textbox', { name }));
      await user.paste(text);
    };
    await type(/Rua \/ avenida/, 'Av. das Nações');
    await type(/^Número/, '500');
    await type(/^Bairro/, 'Tamboré');
    await type(/^Cidade/, 'Barueri');
    await user.selectOptions(within(counter).getByRole('combobox', { name: /^UF/ }), 'SP');
    await type(/^CEP/, '06460000');
    expect(within(counter).getByRole('textbox', { name: /^CEP/ })).toHaveValue('06460-000');
    await type(/Horário de funcionamento/, 'Seg. a sex., 9h às 17h');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    // The snackbar grows in: on a loaded machine it is found before it is fully shown.
    await waitFor(() => expect(screen.getByText('Retirada no galpão salva.')).toBeVisible());
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/dashboard\/frete\/ship-new-\d+$/,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Retirada no galpão' })).toBeVisible();
    // Saved as typed: the editor reads it back from the API.
    expect(screen.getByRole('textbox', { name: /Rua \/ avenida/ })).toHaveValue('Av. das Nações');
    expect(screen.getByRole('textbox', { name: /Horário de funcionamento/ })).toHaveValue(
      'Seg. a sex., 9h às 17h',
    );
  }, 240_000);

  it('saves the carrier and service code that quote a delivery', async () => {
    const sent = recordOperations('ShippingMethodUpdate');
    const { user } = renderShipping(`${LIST}/ship-sedex`);
    const carrier = await screen.findByRole('combobox', { name: 'Transportadora' });
    expect(screen.getByRole('region', { name: 'Cotação por transportadora' })).toContainElement(
      carrier,
    );
    expect(carrier).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: /Código do serviço/ })).toBeNull();
    await user.selectOptions(carrier, 'Melhor Envio');
    // Melhor Envio is configured on the mock server: live quotes, the table as the fallback.
    expect(await screen.findByText(/^Cotação ao vivo: o preço e o prazo vêm da/)).toBeVisible();
    const service = screen.getByRole('textbox', { name: /Código do serviço/ });
    expect(screen.getByText(/1 \(PAC\), 2 \(SEDEX\) ou 3 \(.Package\)/)).toBeVisible();
    await user.type(service, ' 2 ');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    await waitFor(() => expect(screen.getByText('SEDEX salva.')).toBeVisible());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toMatchObject({ carrier: 'MELHOR_ENVIO', carrierService: '2' });
    // Read back from the mock server.
    expect(screen.getByRole('combobox', { name: 'Transportadora' })).toHaveValue('MELHOR_ENVIO');
    expect(screen.getByRole('textbox', { name: /Código do serviço/ })).toHaveValue('2');
  });

  it('asks for the service code of a chosen carrier before sending anything', async () => {
    const sent = recordOperations('ShippingMethodUpdate');
    const { user } = renderShipping(`${LIST}/ship-sedex`);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Transportadora' }),
      'Correios',
    );
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    const message = 'Informe o código do serviço nos Correios, como 03298 (PAC) ou 03220 (SEDEX).';
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Código do serviço/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText('Corrija os campos destacados.')).toBeVisible();
    expect(sent).toHaveLength(0);
  });

  it('warns that a carrier not configured on this server leaves the table pricing', async () => {
    const { user } = renderShipping(`${LIST}/ship-pac`);
    const carrier = await screen.findByRole('combobox', { name: 'Transportadora' });
    // PAC is quoted by Melhor Envio (service 1), configured on the mock server.
    expect(carrier).toHaveValue('MELHOR_ENVIO');
    expect(screen.getByRole('textbox', { name: /Código do serviço/ })).toHaveValue('1');
    expect(screen.getByText(/^Cotação ao vivo/)).toBeVisible();
    await user.selectOptions(carrier, 'Correios');
    expect(
      await screen.findByText(
        'Correios não está configurado neste servidor: a tabela abaixo é usada até um desenvolvedor configurar o acesso (veja docs/api/shipping-carriers.md).',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/^Cotação ao vivo/)).toBeNull();
    await user.selectOptions(carrier, 'Nenhuma — só a tabela da loja');
    expect(screen.queryByText(/não está configurado neste servidor/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Código do serviço/ })).toBeNull();
  });

  it('has no carrier section on a pickup method', async () => {
    renderShipping(`${LIST}/ship-pickup`);
    await screen.findByRole('heading', { level: 1, name: 'Retirada na loja' });
    expect(screen.queryByRole('region', { name: 'Cotação por transportadora' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Transportadora' })).toBeNull();
  });

  it('deletes a method after a confirmation naming it', async () => {
    const { user } = renderShipping(`${LIST}/ship-sedex`);
    await user.click(await screen.findByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir SEDEX?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir SEDEX' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/frete$/),
    );
    const list = await findList();
    await waitFor(() => expect(names(list)).toEqual(['PAC', 'Retirada na loja', 'Motoboy SP']));
  });

  it('deactivates a method after confirming', async () => {
    const { user } = renderShipping(`${LIST}/ship-pac`);
    await user.click(await screen.findByRole('button', { name: 'Desativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar PAC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('PAC desativada.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Ativar' })).toBeVisible();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user } = renderShipping(`${LIST}/ship-pac`);
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    await user.type(name, ' econômico');
    await user.click(screen.getByRole('link', { name: 'Frete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`${LIST}/ship-pac`);
    expect(name).toHaveValue('PAC econômico');
  });

  it('says when the method no longer exists', async () => {
    server.use(...checkoutMock.answers(withShippingMethods(makeShippingMethods().slice(0, 1))));
    renderShipping(`${LIST}/ship-sedex`);
    expect(await screen.findByText(/Esta forma de entrega não existe mais/)).toBeVisible();
  });
});
