import type { Meta, StoryObj } from '@storybook/react-vite';
import { CustomersScreen, DashboardShellScreen } from '@vitrine/ui';
import { makeStaffOrders, ordersMock, staffMock } from '@vitrine/ui/mocks';
import { Route, Routes } from 'react-router-dom';
import { cpfWithCheckDigits } from '@vitrine/rules';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/clientes';
const denseGrid = {
  disable: { reason: 'The desktop customers grid is a dense data table used with a mouse.' },
};

// Two of the fixtures' orders arrive anonymised: their customer shows as such.
const withAnonymized = makeStaffOrders().map((order, index) =>
  index >= 28
    ? { ...order, customer: { name: 'Cliente anonimizado', email: '', cpf: '', phone: '' } }
    : order,
);

const JOAO_CPF = cpfWithCheckDigits('111444777').replace(
  /^(\d{3})(\d{3})(\d{3})(\d{2})$/,
  '$1.$2.$3-$4',
);

function CustomersPage() {
  return (
    <Routes>
      <Route
        path={PATH}
        element={
          <DashboardShellScreen>
            <CustomersScreen />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/clientes: the staff orders grouped by e-mail (ADMIN and SUPPORT). */
const meta = {
  title: 'Screens/Dashboard/Customers/List',
  component: CustomersScreen,
  parameters: {
    docs: {
      description: {
        component: `
Os clientes (\`/dashboard/clientes\`): quem já comprou na loja, com nome, e-mail, CPF mascarado,
pedidos, total gasto e último pedido, com busca (nome, e-mail, CPF ou telefone) e filtro de situação
na URL. Grade no computador, cartões no celular. ADMIN e SUPPORT acessam (o servidor recusa
BRAND_MANAGER); as histórias a mostram dentro do \`DashboardShellScreen\`.

**Estados**

- \`Filled\` / \`Playground\`: ADMIN, com alguns clientes anonimizados; \`Support\`: a mesma lista.
- \`Anonymized\` (só os anonimizados, \`?situacao=anonimizados\`) e \`SearchByCpf\` (CPF com
  pontuação).
- \`Phone\`: cada cliente um cartão, a 320 px.
- \`BrandManager\`: sem permissão.
- \`Loading\` (esqueleto da grade), \`Empty\` (loja nova), \`NoMatch\` ("Limpar filtros") e
  \`Error\` (com "Tentar novamente").

**GraphQL**: \`DashboardCustomers\` (query).
`,
      },
    },
    route: PATH,
    session: 'staff',
    touchTarget: denseGrid,
    msw: { handlers: { orders: ordersMock.answers({ staffOrders: withAnonymized }) } },
  },
  render: () => <CustomersPage />,
} satisfies Meta<typeof CustomersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** ADMIN no computador: nome, e-mail, CPF mascarado, pedidos, total gasto, último pedido. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('grid', { name: 'Clientes' });
    await expect(await within(grid).findByRole('link', { name: 'Maria Oliveira' })).toBeVisible();
    await expect(within(grid).getAllByText('Anonimizado').length).toBeGreaterThan(0);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Só os clientes anonimizados (o filtro de situação, na URL). */
export const Anonymized: Story = {
  parameters: { route: `${PATH}?situacao=anonimizados` },
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', { name: 'Clientes' });
    await expect(
      (await within(grid).findAllByRole('link', { name: 'Cliente anonimizado' })).length,
    ).toBeGreaterThan(0);
    await expect(within(grid).queryByRole('link', { name: 'Maria Oliveira' })).toBeNull();
  },
};

/** Busca por um CPF digitado com pontuação. */
export const SearchByCpf: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Maria Oliveira' });
    await userEvent.type(
      canvas.getByLabelText('Buscar por nome, e-mail, CPF ou telefone'),
      `${JOAO_CPF}{Enter}`,
    );
    // João is in the list before the search too: wait for the searched list (Maria gone) before
    // looking at him, or the check can hold the old list's row as the grid replaces it.
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Maria Oliveira' })).toBeNull());
    await expect(await canvas.findByRole('link', { name: 'João Pereira' })).toBeVisible();
  },
};

/** Celular: os clientes viram cartões. */
export const Phone: Story = {
  globals: phone,
  parameters: { touchTarget: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Clientes' });
    await expect(await within(list).findByRole('link', { name: 'Maria Oliveira' })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};

/** SUPPORT vê a mesma lista. */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: {
        orders: ordersMock.answers({ staffOrders: withAnonymized }),
        staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }),
      },
    },
  },
  play: Filled.play,
};

/** Um gerente de marca não tem acesso aos clientes. */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        staff: staffMock.answers({
          name: 'Carla Dias',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-serra'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para ver os clientes.',
    );
  },
};

/** Os clientes nunca carregam: o esqueleto da grade. */
export const Loading: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('grid', { name: 'Clientes' }),
    ).toBeVisible();
  },
};

/** Uma loja nova: ainda sem clientes. */
export const Empty: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.answers({ staffOrders: [] }) } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum cliente ainda' }),
    ).toBeVisible();
  },
};

/** Uma busca sem resultado. */
export const NoMatch: Story = {
  parameters: { route: `${PATH}?q=ninguem-com-esse-nome` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Nenhum cliente encontrado' }),
    ).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Limpar filtros' })[0]).toBeVisible();
  },
};

/** A API falha: o erro com "Tentar novamente". */
export const Error: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os clientes.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};
