import type { Meta, StoryObj } from '@storybook/react-vite';
import { catalogMock, staffMock } from '@vitrine/ui/mocks';
import { makeCatalogStructure } from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { LAST_ADMIN_MESSAGE, withTeam } from '@vitrine/ui/mocks/team/staffTeam';
import { delay, graphql, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

import { TeamScreen } from '../../../packages/ui/src/screens/dashboard/Team';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/equipe';
const catalog = catalogMock.answers(makeCatalogStructure());

function TeamPage() {
  return (
    <Routes>
      <Route path={PATH} element={<TeamScreen />} />
    </Routes>
  );
}

/** /dashboard/equipe: every staff account, ADMIN only. */
const meta = {
  title: 'Screens/Dashboard/Team',
  component: TeamScreen,
  parameters: {
    docs: {
      description: {
        component: `
A equipe (\`/dashboard/equipe\`): todas as contas do painel com função, marcas (para BRAND_MANAGER),
convites pendentes e contas desativadas; convidar, reenviar convite, mudar função e marcas,
desativar. A busca, o filtro de situação e o diálogo de convite ficam na URL (\`?busca=\`,
\`?situacao=\`, \`?convidar=1\`). Só ADMIN; a própria linha fica travada.

**Estados**

- \`List\`: funções, marcas, convites pendentes e uma conta desativada; \`Phone\`: cartões.
- \`FilteredInvitations\` (só convites), \`NoMatch\` e \`OnlyMe\` (só a pessoa ADMIN até agora).
- \`Invite\` / \`InvitePhone\` (BRAND_MANAGER precisa de marcas), \`InviteTakenEmail\` (e-mail já na
  equipe) e \`InviteSent\` (nova linha pendente).
- \`ChangeAccess\` (função e marcas) e \`RowMenu\` (reenviar um convite pendente).
- \`DeactivateConfirm\` (diz o que acontece) e \`LastAdminRefused\` (a loja não fica sem ADMIN).
- \`Loading\` e \`LoadFailed\`.
- \`BrandManager\`, \`Support\` e \`SupportPhone\`: sem permissão.

**GraphQL**: \`TeamMe\` e \`TeamMembers\` (queries); \`StaffInvite\`, \`StaffInvitationResend\`,
\`StaffUpdateAccess\` e \`StaffSetActive\` (mutations).
`,
      },
    },
    route: PATH,
    session: 'staff',
    msw: { handlers: { catalog } },
  },
  render: () => <TeamPage />,
} satisfies Meta<typeof TeamScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findList(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole('list', { name: 'Equipe' });
}

async function openRowAction(canvasElement: HTMLElement, name: string, action: string) {
  const list = await findList(canvasElement);
  const row = within(list).getByRole('listitem', { name });
  await userEvent.click(within(row).getByRole('button', { name: `Ações para ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

/**
 * A equipe: papéis, marcas, convites pendentes, uma conta desativada; a linha da própria pessoa
 * bloqueada.
 */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const list = await findList(canvasElement);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    const own = within(list).getByRole('listitem', { name: 'Ana Souza' });
    await expect(within(own).getByRole('button', { name: 'Ações para Ana Souza' })).toBeDisabled();
    await expect(within(list).getByRole('listitem', { name: 'Fábio Costa' })).toHaveTextContent(
      'Convite pendente (expira em 2 dias)',
    );
  },
};

/** Um celular: cada pessoa em um card, o menu no canto superior direito. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await findList(canvasElement);
    await expectNoHorizontalScroll(320);
  },
};

/** Só os convites pendentes (?situacao=convites). */
export const FilteredInvitations: Story = {
  parameters: { route: `${PATH}?situacao=convites` },
  play: async ({ canvasElement }) => {
    const list = await findList(canvasElement);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  },
};

/** Uma busca que não encontra ninguém. */
export const NoMatch: Story = {
  parameters: { route: `${PATH}?busca=zuleica` },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Ninguém da equipe corresponde a estes filtros.'),
    ).toBeVisible();
  },
};

/** Só o admin, por enquanto. */
export const OnlyMe: Story = {
  parameters: {
    msw: { handlers: { catalog, staff: staffMock.answers({ ...withTeam([]) }) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Só você por enquanto/)).toBeVisible();
  },
};

/** O diálogo de convite (?convidar=1): um gerente de marca precisa de marcas. */
export const Invite: Story = {
  parameters: { route: `${PATH}?convidar=1` },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Convidar pessoa' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await userEvent.paste('helena@vitrine.com.br');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Nome' }));
    await userEvent.paste('Helena Prado');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Gestão de marcas/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    await expect(await within(dialog).findByText('Escolha pelo menos uma marca.')).toBeVisible();
  },
};

/** O diálogo de convite num celular: a tela inteira. */
export const InvitePhone: Story = {
  globals: phone,
  parameters: { route: `${PATH}?convidar=1` },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Convidar pessoa' })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};

/** Um e-mail que já está na equipe: a recusa do servidor no campo. */
export const InviteTakenEmail: Story = {
  parameters: { route: `${PATH}?convidar=1` },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Convidar pessoa' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await userEvent.paste('bruno@vitrine.com.br');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Nome' }));
    await userEvent.paste('Bruno');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    await expect(
      await within(dialog).findByText('Já existe uma conta com este e-mail.'),
    ).toBeVisible();
  },
};

/** Enviado: o snackbar, a nova linha pendente. */
export const InviteSent: Story = {
  parameters: { route: `${PATH}?convidar=1` },
  play: async ({ canvasElement }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Convidar pessoa' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await userEvent.paste('helena@vitrine.com.br');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Nome' }));
    await userEvent.paste('Helena Prado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    await expect(
      await screen.findByText('Convite enviado para helena@vitrine.com.br.'),
    ).toBeVisible();
    await expect(
      await within(await findList(canvasElement)).findByRole('listitem', { name: 'Helena Prado' }),
    ).toHaveTextContent('Convite pendente');
  },
};

/** Alterar o papel e as marcas de alguém. */
export const ChangeAccess: Story = {
  play: async ({ canvasElement }) => {
    await openRowAction(canvasElement, 'Carla Dias', 'Alterar acesso');
    const dialog = await screen.findByRole('dialog', { name: 'Alterar acesso de Carla Dias' });
    await expect(within(dialog).getByRole('radio', { name: /Gestão de marcas/ })).toBeChecked();
  },
};

/** O menu da linha de um convite pendente: reenviar. */
export const RowMenu: Story = {
  play: async ({ canvasElement }) => {
    const list = await findList(canvasElement);
    const row = within(list).getByRole('listitem', { name: 'Fábio Costa' });
    await userEvent.click(within(row).getByRole('button', { name: 'Ações para Fábio Costa' }));
    await expect(await screen.findByRole('menuitem', { name: 'Reenviar convite' })).toBeVisible();
  },
};

/** Desativar explica o que acontece. */
export const DeactivateConfirm: Story = {
  play: async ({ canvasElement }) => {
    await openRowAction(canvasElement, 'Bruno Lima', 'Desativar');
    const dialog = await screen.findByRole('dialog', { name: 'Desativar Bruno Lima?' });
    await expect(dialog).toHaveTextContent(
      'Bruno Lima não poderá mais entrar, e todas as sessões abertas com essa conta serão encerradas agora.',
    );
  },
};

/** O servidor se recusa a deixar a loja sem um admin ativo: a mensagem dele no diálogo. */
export const LastAdminRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        catalog,
        staff: [
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
          ...staffMock.handlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await openRowAction(canvasElement, 'Eduarda Nunes', 'Desativar');
    const dialog = await screen.findByRole('dialog', { name: 'Desativar Eduarda Nunes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_ADMIN_MESSAGE);
  },
};

/** A equipe nunca responde. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        catalog,
        staff: [
          graphql.query('TeamMembers', async () => {
            await delay('infinite');
          }),
          ...staffMock.handlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando a equipe' }),
    ).toBeInTheDocument();
  },
};

/** A equipe falha. */
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        catalog,
        staff: [
          graphql.query('TeamMembers', () =>
            HttpResponse.json({
              data: null,
              errors: [
                {
                  message: 'Erro interno do servidor.',
                  extensions: { code: 'INTERNAL_SERVER_ERROR' },
                },
              ],
            }),
          ),
          ...staffMock.handlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Não foi possível carregar a equipe.'),
    ).toBeVisible();
    await expect(
      within(canvasElement).getByRole('button', { name: 'Tentar de novo' }),
    ).toBeVisible();
  },
};

/** Um gerente de marca: sem permissão. */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        catalog,
        staff: staffMock.answers({
          name: 'Carla Dias',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-1'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Somente administradores podem ver e gerenciar a equipe.',
      ),
    ).toBeVisible();
  },
};

/** Atendimento: sem permissão. */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: { catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: BrandManager.play,
};

/** Atendimento num celular. */
export const SupportPhone: Story = {
  globals: phone,
  parameters: Support.parameters,
  play: BrandManager.play,
};
