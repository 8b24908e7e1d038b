import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardShellScreen, InvoicesScreen } from '@vitrine/ui';
import { makeStaffOrders, ordersMock, staffMock } from '@vitrine/ui/mocks';
import { makeStaffReturnOrder } from '@vitrine/ui/mocks/returns/returns.fixtures';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/notas-fiscais';
const denseGrid = {
  disable: { reason: 'The desktop NF-e grid is a dense data table used with a mouse.' },
};
const NOT_CONFIGURED = {
  configured: false,
  environment: 'homologacao',
  webhookConfigured: false,
} as const;

function InvoicesPage() {
  return (
    <Routes>
      <Route
        path={PATH}
        element={
          <DashboardShellScreen>
            <InvoicesScreen />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/notas-fiscais: the store's NF-e, latest change first (ADMIN and SUPPORT). */
const meta = {
  title: 'Screens/Dashboard/Invoices/Screen',
  component: InvoicesScreen,
  parameters: {
    docs: {
      description: {
        component: `
As notas fiscais da loja (\`/dashboard/notas-fiscais\`): a NF-e de cada pedido, da mudança mais
recente para a mais antiga, com o pedido (link para a página dele, onde se corrigem os dados e se
reenvia a nota), o número e a série, a situação, o código e a mensagem da SEFAZ de uma rejeição e
quando mudou por último. As rejeitadas e as pendentes têm "Enviar de novo". O filtro de situação
(Todas, Pendentes, Processando, Autorizadas, Rejeitadas, Canceladas, com as contagens das que pedem
atenção) e a página ficam na URL. Grade no computador, cartões no celular. ADMIN e SUPPORT acessam
(o servidor recusa BRAND_MANAGER); as histórias a mostram dentro do \`DashboardShellScreen\`, com o
selo das rejeitadas em "Notas fiscais".

**Estados**

- \`Filled\` / \`Playground\`: o mundo de demonstração: uma nota aguardando o emissor, duas
  rejeitadas (pela SEFAZ e por falta de NCM) e as autorizadas.
- \`OnlyRejected\`: só as rejeitadas (\`?status=REJECTED\`).
- \`OnlyReturns\`: só as NF-e de devolução (o filtro Tipo, \`?tipo=devolucoes\`).
- \`Resent\`: "Enviar de novo" numa rejeitada: o aviso, a lista lida de novo.
- \`EmptyFilter\` (nenhuma cancelada, com "Ver todas") e \`Empty\` (loja sem notas).
- \`Loading\` (esqueleto da grade) e \`Error\` (com "Tentar novamente").
- \`NotConfigured\`: "Emissão de NF-e não configurada", com o que o servidor precisa.
- \`Support\`: a mesma lista, com "Enviar de novo"; \`BrandManager\`: sem permissão.
- \`Phone\`: cada nota um cartão, a 320 px.

**GraphQL**: \`DashboardInvoices\` e \`DashboardInvoicesRejected\` (queries);
\`DashboardInvoiceRetry\` (mutation).
`,
      },
    },
    route: PATH,
    session: 'staff',
    touchTarget: denseGrid,
  },
  render: () => <InvoicesPage />,
} satisfies Meta<typeof InvoicesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** ADMIN: a nota aguardando o emissor, as duas rejeitadas e as autorizadas. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('grid', { name: 'Notas fiscais' });
    await expect(
      await within(grid).findByText(/Rejeição 778: Informado NCM inexistente/),
    ).toBeVisible();
    await expect(
      within(grid).getByRole('button', { name: 'Enviar de novo: VT-10022' }),
    ).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Navegação do painel' });
    await expect(
      await within(nav).findByRole('link', { name: 'Notas fiscais 2 rejeitadas' }),
    ).toHaveAttribute('aria-current', 'page');
  },
};

export const Playground: Story = {};

/** Só as rejeitadas (o filtro de situação, na URL). */
export const OnlyRejected: Story = {
  parameters: { route: `${PATH}?status=REJECTED` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Rejeitadas (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const grid = await canvas.findByRole('grid', { name: 'Notas fiscais' });
    await expect(await within(grid).findByText(/Preencha o NCM/)).toBeVisible();
    await expect(within(grid).queryByText('Autorizada')).toBeNull();
  },
};

/** Só as NF-e de devolução (o filtro Tipo, na URL): a de uma devolução recebida. */
export const OnlyReturns: Story = {
  parameters: {
    route: `${PATH}?tipo=devolucoes`,
    msw: {
      handlers: {
        orders: ordersMock.answers({
          staffOrders: (() => {
            const returned = makeStaffReturnOrder('refundedWithInvoice');
            return makeStaffOrders().map((item) => (item.id === returned.id ? returned : item));
          })(),
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('grid', { name: 'Notas fiscais' });
    await expect(await within(grid).findByText('Devolução 1')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Tipo' })).toHaveTextContent('Devoluções');
  },
};

/** "Enviar de novo" numa rejeitada: o aviso, e a nota sai das rejeitadas. */
export const Resent: Story = {
  parameters: { route: `${PATH}?status=REJECTED` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('grid', { name: 'Notas fiscais' });
    await userEvent.click(
      await within(grid).findByRole('button', { name: 'Enviar de novo: VT-10022' }),
    );
    // A mutation and the page asked again: slower than one query on a loaded machine.
    await waitFor(
      () =>
        expect(
          within(canvasElement.ownerDocument.body).getByText(
            'NF-e do pedido VT-10022 enviada de novo: a resposta da SEFAZ aparece em instantes.',
          ),
        ).toBeVisible(),
      { timeout: 15_000 },
    );
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Rejeitadas (1)' })).toBeVisible());
  },
};

/** Nenhuma nota cancelada: o filtro sem notas, com "Ver todas". */
export const EmptyFilter: Story = {
  parameters: { route: `${PATH}?status=CANCELED` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Nenhuma nota cancelada' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ver todas' })).toBeVisible();
  },
};

/** Uma loja sem pedidos pagos: ainda sem notas. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        orders: ordersMock.answers({
          staffOrders: makeStaffOrders().filter((order) => order.status === 'PENDING_PAYMENT'),
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhuma nota fiscal ainda' }),
    ).toBeVisible();
  },
};

/** As notas nunca carregam: o esqueleto da grade. */
export const Loading: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('grid', { name: 'Notas fiscais' }),
    ).toBeVisible();
  },
};

/** A API falha: o erro com "Tentar novamente". */
export const Error: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar as notas fiscais.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** A loja sem emissor de NF-e: o aviso com o que configurar no servidor, nenhuma lista. */
export const NotConfigured: Story = {
  parameters: {
    msw: { handlers: { orders: ordersMock.answers({ invoicing: NOT_CONFIGURED }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Emissão de NF-e não configurada:')).toBeVisible();
    await expect(canvas.queryByRole('tablist')).toBeNull();
  },
};

/** SUPPORT vê a mesma lista e envia de novo. */
export const Support: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) } },
  },
  play: Filled.play,
};

/** Um gerente de marca não vê notas fiscais (a nota é do pedido inteiro). */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        staff: staffMock.answers({
          name: 'Carla Mendes',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-aurora'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Só administradores e o atendimento veem as notas fiscais.',
    );
  },
};

/** Celular: cada nota um cartão, o filtro rolável. */
export const Phone: Story = {
  globals: phone,
  parameters: { touchTarget: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Notas fiscais' });
    await expect(await within(list).findByRole('link', { name: 'Pedido VT-10022' })).toBeVisible();
    await expect(
      within(list).getByRole('button', { name: 'Enviar de novo: VT-10022' }),
    ).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
