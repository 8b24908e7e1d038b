import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@vitrine/auth';
import { DashboardShellScreen } from '@vitrine/ui';
import { catalogMock, graphqlApi, makeStaff, staffMock } from '@vitrine/ui/mocks';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { expect, screen, userEvent, within } from 'storybook/test';

/** The dashboard frame with a signed-in staff member, answered by the GraphQL mock. */
const meta = {
  title: 'Screens/Dashboard/Shell/Screen',
  component: DashboardShellScreen,
  parameters: {
    docs: {
      description: {
        component: `
A moldura do painel com dados reais: quem está logado (de \`me\`), o nome da loja, a navegação da
função (ADMIN vê tudo; BRAND_MANAGER pedidos e produtos das suas marcas; SUPPORT pedidos,
produtos e clientes; o Pix só o ADMIN), o seletor de marca (\`?marca=\`), o número de Pix a
conferir e sair aqui ou de todos os dispositivos. Sem sessão, manda para o login. As histórias rodam o app do painel
(\`WorkshopRoutes\`), com a visão geral dentro.

**Estados**

- \`Default\` / \`Playground\`: ADMIN logado, na visão geral.
- \`OtherStaffMember\`: uma pessoa do SUPPORT, sem Pix a conferir.
- \`BrandSelector\`: várias marcas, "Todas as marcas" ou uma delas.
- \`Logout\`: "Sair" encerra a sessão (lembrada) e volta ao login.
- \`Loading\`: o GraphQL não responde; a barra de carregamento e os esqueletos ficam.
- \`SignedOut\`: sem sessão, vai para o login.
- \`MeFailed\`: \`me\` falha; a moldura aparece com o e-mail do token e o nome padrão da loja.

**GraphQL**: \`DashboardShell\`, \`TwoFactorGate\`, \`DashboardShellBrands\` e
\`DashboardPixToConfirm\` (queries; a última só para quem vê o Pix); \`SignOutEverywhere\`
(mutation).

**Rede**: \`GET /admin/events\` (pedidos ao vivo, que atualizam o número de Pix) e
\`POST /auth/logout/\` ao sair.
`,
      },
    },
    route: '/dashboard',
    session: 'staff',
    touchTarget: {
      disable: { reason: 'The home inside the frame is a dense dashboard (see its own stories).' },
    },
  },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof DashboardShellScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('staff-name')).toHaveTextContent('Ana Souza');
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Visão geral' }),
    ).toBeVisible();
  },
};

export const Playground: Story = {};

export const OtherStaffMember: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('staff-name')).toHaveTextContent('Bruno Lima');
    const nav = canvas.getByRole('navigation', { name: 'Navegação do painel' });
    await expect(await within(nav).findByRole('link', { name: 'Clientes' })).toBeVisible();
    await expect(within(nav).queryByText('Pix a conferir')).toBeNull();
  },
};

/** Várias marcas: "Todas as marcas" ou uma delas, gravado em `?marca=`. */
export const BrandSelector: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.answers(makeStorefrontCatalog()) } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('combobox', { name: 'Marca' }));
    await expect(await screen.findByRole('option', { name: 'Maré' })).toBeVisible();
  },
};

/** "Sair" encerra a sessão e volta ao login. */
export const Logout: Story = {
  parameters: { session: 'staff-remembered' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('staff-name');
    await userEvent.click(canvas.getByRole('button', { name: 'Sair' }));
    await expect(await canvas.findByRole('heading', { name: 'Entrar no painel' })).toBeVisible();
    await expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    await expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  },
};

/** O GraphQL nunca responde: a barra de carregamento no topo e os esqueletos ficam. */
export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('progressbar', { name: 'Carregando' }),
    ).toBeInTheDocument();
  },
};

/** Sem sessão, o painel manda a pessoa para o login. */
export const SignedOut: Story = {
  parameters: { session: 'none' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Entrar no painel' }),
    ).toBeVisible();
  },
};

/**
 * `me` falha no servidor (`me` não pode ser nulo, então a resposta inteira fica sem dados): a
 * moldura aparece mesmo assim, com quem está logado tirado do token de acesso e o nome padrão da
 * loja.
 */
export const MeFailed: Story = {
  parameters: { msw: { handlers: { staff: staffMock.fails('Erro interno.') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('staff-name')).toHaveTextContent(makeStaff().email);
    await expect(canvas.getByRole('button', { name: 'Sair' })).toBeEnabled();
  },
};
