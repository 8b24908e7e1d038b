// Team (Equipe) against the MSW mock, as the server answers: the list with its filters in the URL,
// an invitation refused at its field then sent, a change of access, a deactivation confirmed, the
// own row without actions, the last-admin refusal shown as the server words it, and SUPPORT
// without permission.
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { catalogMock, staffMock } from '../../../mocks';
import { makeCatalogStructure } from '../../../mocks/catalog/catalogStructure.fixtures';
import { LAST_ADMIN_MESSAGE } from '../../../mocks/team/staffTeam';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { TeamScreen } from './TeamScreen';

const PATH = '/dashboard/equipe';

function renderTeam(route = PATH) {
  signInAsStaff();
  server.use(...catalogMock.answers(makeCatalogStructure()));
  return renderAt(route, <Route path={PATH} element={<TeamScreen />} />);
}

async function findRow(name: string) {
  const list = await screen.findByRole('list', { name: 'Equipe' });
  return within(list).findByRole('listitem', { name });
}

async function openRowAction(
  user: ReturnType<typeof renderTeam>['user'],
  name: string,
  action: string,
) {
  const row = await findRow(name);
  await user.click(within(row).getByRole('button', { name: `Ações para ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('TeamScreen', () => {
  it('lists the team with role, brands, status, two-factor and last sign-in', async () => {
    renderTeam();
    const list = await screen.findByRole('list', { name: 'Equipe' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Ana Souza',
      'Bruno Lima',
      'Carla Dias',
      'Eduarda Nunes',
      'Fábio Costa',
      'Gabriela Rocha',
    ]);
    const carla = within(list).getByRole('listitem', { name: 'Carla Dias' });
    expect(carla).toHaveTextContent('Gestão de marcas');
    expect(carla).toHaveTextContent('Marcas: Aurora, Maré Alta');
    expect(carla).toHaveTextContent('Ativo');
    expect(carla).toHaveTextContent('Duas etapas: ativada');
    expect(carla).toHaveTextContent('Último acesso: há 2 horas');
    const fabio = within(list).getByRole('listitem', { name: 'Fábio Costa' });
    expect(fabio).toHaveTextContent('Convite pendente (expira em 2 dias)');
    expect(fabio).toHaveTextContent('Último acesso: nunca');
    expect(within(list).getByRole('listitem', { name: 'Gabriela Rocha' })).toHaveTextContent(
      'Desativado',
    );
  });

  it('filters by search and status, both kept in the URL', async () => {
    const { user } = renderTeam(`${PATH}?situacao=convites`);
    const list = await screen.findByRole('list', { name: 'Equipe' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem', { name: 'Fábio Costa' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Todas' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome ou e-mail' }), 'carla@');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`${PATH}?busca=carla%40`),
    );
    expect(
      within(screen.getByRole('list', { name: 'Equipe' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByText('1 pessoa')).toBeInTheDocument();
  });

  it('shows a taken e-mail at its field, then sends the invitation', async () => {
    const { user } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Convidar pessoa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convidar pessoa' });
    expect(screen.getByTestId('location')).toHaveTextContent('convidar=1');
    await user.click(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await user.paste('carla@vitrine.com.br');
    await user.click(within(dialog).getByRole('textbox', { name: 'Nome' }));
    await user.paste('Helena Prado');
    await user.click(within(dialog).getByRole('radio', { name: /Gestão de marcas/ }));
    // Brands are required for a brand manager before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findByText('Escolha pelo menos uma marca.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Marcas/ }));
    await user.click(await screen.findByRole('option', { name: 'Aurora' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(
      await within(dialog).findByText('Já existe uma conta com este e-mail.'),
    ).toBeInTheDocument();
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.clear(email);
    await user.paste('helena@vitrine.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(
      await screen.findByText('Convite enviado para helena@vitrine.com.br.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const helena = await findRow('Helena Prado');
    expect(helena).toHaveTextContent('Convite pendente (expira em 3 dias)');
    expect(helena).toHaveTextContent('Marcas: Aurora');
    expect(screen.getByTestId('location')).not.toHaveTextContent('convidar');
  }, 40_000);

  it("changes a person's access to brand manager of the chosen brands", async () => {
    const { user } = renderTeam();
    await openRowAction(user, 'Bruno Lima', 'Alterar acesso');
    const dialog = await screen.findByRole('dialog', { name: 'Alterar acesso de Bruno Lima' });
    expect(within(dialog).getByRole('radio', { name: /Atendimento/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Gestão de marcas/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /Marcas/ }));
    await user.click(await screen.findByRole('option', { name: 'Sol de Inverno' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar acesso' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect(await findRow('Bruno Lima')).toHaveTextContent('Marcas: Sol de Inverno'),
    );
    expect(await findRow('Bruno Lima')).toHaveTextContent('Gestão de marcas');
  });

  it('deactivates after a confirmation naming what happens', async () => {
    const { user } = renderTeam();
    await openRowAction(user, 'Carla Dias', 'Desativar');
    const dialog = await screen.findByRole('dialog', { name: 'Desativar Carla Dias?' });
    expect(dialog).toHaveTextContent(
      'Carla Dias não poderá mais entrar, e todas as sessões abertas com essa conta serão encerradas agora.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await findRow('Carla Dias')).toHaveTextContent('Desativado'));
    // And back.
    await openRowAction(user, 'Carla Dias', 'Reativar');
    const again = await screen.findByRole('dialog', { name: 'Reativar Carla Dias?' });
    await user.click(within(again).getByRole('button', { name: 'Reativar' }));
    await waitFor(async () => expect(await findRow('Carla Dias')).toHaveTextContent('Ativo'));
  });

  it('gives the own row no actions, with the reason', async () => {
    renderTeam();
    const own = await findRow('Ana Souza');
    const button = within(own).getByRole('button', { name: 'Ações para Ana Souza' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Você não pode alterar o próprio acesso');
    expect(own).toHaveTextContent('(você)');
  });

  it("shows the server's refusal to deactivate the last active admin", async () => {
    const { user } = renderTeam();
    await findRow('Eduarda Nunes');
    // Meanwhile another admin left: the server refuses (the list the page holds is older).
    server.use(
      graphql.mutation('StaffSetActive', () =>
        HttpResponse.json({
          data: null,
          errors: [
            {
              message: LAST_ADMIN_MESSAGE,
              extensions: { code: 'BAD_USER_INPUT', field: 'active' },
            },
          ],
        }),
      ),
    );
    await openRowAction(user, 'Eduarda Nunes', 'Desativar');
    const dialog = await screen.findByRole('dialog', { name: 'Desativar Eduarda Nunes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_ADMIN_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await findRow('Eduarda Nunes')).getByText('Ativo')).toBeInTheDocument();
  });

  it('tells SUPPORT only administrators see the team, and asks for no list', async () => {
    server.use(...staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }));
    renderTeam();
    expect(
      await screen.findByText('Somente administradores podem ver e gerenciar a equipe.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Equipe' })).toBeNull();
  });
});
