import type { Meta, StoryObj } from '@storybook/react-vite';
import { CustomerScreen, DashboardShellScreen } from '@vitrine/ui';
import { ordersMock, staffMock } from '@vitrine/ui/mocks';
import { customerIdOf } from '@vitrine/ui/mocks/customers/staffCustomers';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const MARIA = 'maria.oliveira@example.com';
const PATH = `/dashboard/clientes/${customerIdOf(MARIA)}`;

function CustomerPage() {
  return (
    <Routes>
      <Route
        path="/dashboard/clientes/:id"
        element={
          <DashboardShellScreen>
            <CustomerScreen saveFile={() => undefined} />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/clientes/:id: one customer, the LGPD export and (ADMIN) the anonymisation. */
const meta = {
  title: 'Screens/Dashboard/Customers/Customer',
  component: CustomerScreen,
  parameters: {
    docs: {
      description: {
        component: `
Um cliente (\`/dashboard/clientes/:id\`): contato, totais, primeiro e último pedido e a lista de
pedidos, com a exportação dos dados pela LGPD (um JSON baixado) e, para ADMIN, a anonimização em
duas confirmações. ADMIN e SUPPORT acessam; as histórias a mostram dentro do
\`DashboardShellScreen\`.

**Estados**

- \`Admin\` / \`Playground\`: ADMIN, com "Exportar dados (LGPD)" e "Anonimizar".
- \`AnonymizeExplained\` (o que sai e o que fica), \`AnonymizeTypeEmail\` (o botão espera o e-mail
  do cliente) e \`Anonymized\` (a página do cliente anonimizado).
- \`Support\`: exporta, mas não anonimiza; \`BrandManager\`: sem permissão.
- \`Phone\`: dados empilhados, sem rolagem lateral a 320 px.
- \`Loading\` (esqueleto), \`NotFound\` ("Cliente não encontrado") e \`Error\` (com "Tentar
  novamente").

**GraphQL**: \`DashboardCustomer\` e \`DashboardCustomerRole\` (queries); \`CustomerDataExport\` e
\`CustomerAnonymize\` (mutations).
`,
      },
    },
    route: PATH,
    session: 'staff',
  },
  render: () => <CustomerPage />,
} satisfies Meta<typeof CustomerScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openAnonymize(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Anonimizar' }));
  return screen.findByRole('dialog', { name: 'Anonimizar Maria Oliveira?' });
}

/** ADMIN: contato, totais, primeiro e último pedido, os pedidos; exportar e anonimizar. */
export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Maria Oliveira' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Exportar dados (LGPD)' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Anonimizar' })).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Pedidos' })).toBeVisible();
  },
};

export const Playground: Story = {};

/** A primeira confirmação: exatamente o que é removido e o que fica. */
export const AnonymizeExplained: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAnonymize(canvasElement);
    await expect(dialog).toHaveTextContent('Não é possível desfazer.');
    await expect(dialog).toHaveTextContent('O que fica, para a contabilidade');
  },
};

/** A segunda: o botão espera o e-mail do cliente. */
export const AnonymizeTypeEmail: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAnonymize(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    const second = await screen.findByRole('dialog', { name: 'Confirme a anonimização' });
    const button = within(second).getByRole('button', { name: 'Anonimizar definitivamente' });
    await expect(button).toBeDisabled();
    await userEvent.click(within(second).getByRole('textbox', { name: 'E-mail do cliente' }));
    await userEvent.paste(MARIA);
    await expect(button).toBeEnabled();
  },
};

/** Pronto: a página mostra o cliente anonimizado e o que foi removido. */
export const Anonymized: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAnonymize(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    const second = await screen.findByRole('dialog', { name: 'Confirme a anonimização' });
    await userEvent.click(within(second).getByRole('textbox', { name: 'E-mail do cliente' }));
    await userEvent.paste(MARIA);
    await userEvent.click(
      within(second).getByRole('button', { name: 'Anonimizar definitivamente' }),
    );
    const canvas = within(canvasElement);
    // A mutation after two dialogs: slower than one query on a loaded machine.
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Cliente anonimizado' },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Anonimizar' })).toBeNull();
  },
};

/** SUPPORT exporta, mas não anonimiza. */
export const Support: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('staff-name')).toHaveTextContent('Bruno Lima');
    await expect(
      await canvas.findByRole('button', { name: 'Exportar dados (LGPD)' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Anonimizar' })).toBeNull();
  },
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

/** Celular: os dados se empilham, a tabela de pedidos cabe na tela. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Maria Oliveira' }),
    ).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};

/** O cliente nunca carrega: o esqueleto. */
export const Loading: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando cliente' }),
    ).toBeVisible();
  },
};

/** Um id que ninguém tem. */
export const NotFound: Story = {
  parameters: { route: '/dashboard/clientes/cus_nao-existe' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', {
        level: 1,
        name: 'Cliente não encontrado',
      }),
    ).toBeVisible();
  },
};

/** A API falha: o erro com "Tentar novamente". */
export const Error: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o cliente.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};
