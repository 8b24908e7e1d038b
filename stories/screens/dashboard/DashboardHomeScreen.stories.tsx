import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardHomeScreen } from '@vitrine/ui';
import { catalogMock, makeStaffOrders, ordersMock, staffMock } from '@vitrine/ui/mocks';
import { makeUnsentMailMessages } from '@vitrine/ui/mocks/audit/mail.fixtures';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { withAuditFixtures } from '@vitrine/ui/mocks/audit/staffAudit';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { expect, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

// The workshop's screenshots run on 02/06/2025 at noon in São Paulo: orders written around it.
const STORY_NOW = '2025-06-02T15:00:00.000Z';
const orders = { orders: ordersMock.answers({ staffOrders: makeStaffOrders(STORY_NOW) }) };
const catalog = { catalog: catalogMock.answers(makeStorefrontCatalog()) };
const phone = { viewport: { value: 'mobile1', isRotated: false } };

async function figures(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole('group', { name: 'Indicadores do período' });
}

/** /dashboard: the period's figures beside the previous period, the chart, the lists, to do. */
const meta = {
  title: 'Screens/Dashboard/Home/Screen',
  component: DashboardHomeScreen,
  parameters: {
    docs: {
      description: {
        component: `
A visão geral do painel (\`/dashboard\`): os números do período ao lado do período anterior, o
gráfico por dia, as listas e o "A fazer", com o período (\`?periodo=\` ou \`?de=&ate=\`) e a marca
(\`?marca=\`) na URL. Atualiza sozinha quando um pedido é feito ou pago. Toda função a vê, cada uma
com o seu recorte; as histórias rodam o app do painel inteiro (\`WorkshopRoutes\`).

**Estados**

- \`Filled\` / \`Playground\`: ADMIN no computador, duas semanas, com receita e variações.
- \`OneDay\`: um dia só (como "Hoje" e "Ontem"): o gráfico marca o dia ao lado do dia anterior.
- \`Phone\`: cartões dois a dois e listas uma abaixo da outra, a 320 px.
- \`Support\`: só contagens, nenhum valor em dinheiro, sem "Pix a confirmar" (só do ADMIN); o
  gráfico conta pedidos.
- \`BrandManager\`: a parte da marca Aurora, sem "Pix a confirmar".
- \`MailNotConfigured\`: o aviso ao ADMIN de que os e-mails da loja não estão saindo (sem
  servidor de e-mail), com o link para os retidos.
- \`EmptyStore\` (ainda sem vendas), \`Loading\` (esqueletos) e \`Failed\` (com "Tentar de novo").

**GraphQL**: \`DashboardHome\`, \`DashboardTodo\` e \`DashboardMailDelivery\` (queries).

**Rede**: \`GET /admin/events\` (eventos de pedidos ao vivo, em stream).
`,
      },
    },
    route: '/dashboard?de=2025-05-20&ate=2025-06-02',
    session: 'staff',
    msw: { handlers: { ...orders, ...catalog } },
  },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof DashboardHomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** ADMIN no computador, duas semanas: valores e contagens, cada um com a sua variação. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const group = await figures(canvasElement);
    await expect(within(group).getByRole('region', { name: 'Receita' })).toBeVisible();
    await expect(
      within(canvasElement).getByRole('heading', { name: 'Receita por dia' }),
    ).toBeVisible();
    await expect(
      await within(canvasElement).findByRole('region', { name: 'Pix a confirmar' }),
    ).toBeVisible();
  },
};

/**
 * Um dia (um período de um dia só, como Hoje e Ontem): o gráfico o marca ao lado do dia anterior.
 */
export const OneDay: Story = {
  parameters: { route: '/dashboard?de=2025-06-02&ate=2025-06-02' },
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole('region', { name: 'Receita por dia' });
    await expect(within(chart).getByRole('img')).toHaveAccessibleName(/no dia anterior \(01\/06\)/);
  },
};

export const Playground: Story = {};

/** O mesmo no celular: cartões dois a dois, as listas uma abaixo da outra. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await figures(canvasElement);
    await expectNoHorizontalScroll(320);
  },
};

/**
 * SUPPORT: só contagens, nenhum valor em dinheiro, nenhum Pix a confirmar; o gráfico conta pedidos.
 */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: {
        ...orders,
        ...catalog,
        staff: staffMock.answers({ name: 'Carla Mendes', role: 'SUPPORT' }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const group = await figures(canvasElement);
    await expect(within(group).queryByRole('region', { name: 'Receita' })).toBeNull();
    await expect(
      within(canvasElement).getByRole('heading', { name: 'Pedidos por dia' }),
    ).toBeVisible();
    await expect(
      await within(canvasElement).findByRole('region', { name: 'Pedidos pagos a enviar' }),
    ).toBeVisible();
    await expect(
      within(canvasElement).queryByRole('region', { name: 'Pix a confirmar' }),
    ).toBeNull();
  },
};

/** Um BRAND_MANAGER da Aurora: a parte dessa marca, sem Pix a confirmar na lista. */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        ...orders,
        ...catalog,
        staff: staffMock.answers({
          name: 'Bruno Lima',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-aurora'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await figures(canvasElement);
    await expect(
      await within(canvasElement).findByRole('region', { name: 'Pedidos pagos a enviar' }),
    ).toBeVisible();
    await expect(
      within(canvasElement).queryByRole('region', { name: 'Pix a confirmar' }),
    ).toBeNull();
  },
};

/** ADMIN numa loja sem servidor de e-mail: o aviso acima dos números, com os e-mails retidos. */
export const MailNotConfigured: Story = {
  parameters: {
    msw: {
      handlers: {
        ...orders,
        ...catalog,
        staff: staffMock.answers(
          withAuditFixtures({ mails: makeUnsentMailMessages(), mailConfigured: false }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Os e-mails da loja não estão sendo enviados'),
    ).toBeVisible();
    await expect(canvas.getByText(/10 e-mails estão retidos/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Ver retidos' })).toHaveAttribute(
      'href',
      '/dashboard/emails?status=NOT_CONFIGURED',
    );
  },
};

/** Uma loja ainda sem pedidos. */
export const EmptyStore: Story = {
  parameters: {
    msw: { handlers: { ...catalog, orders: ordersMock.answers({ staffOrders: [] }) } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/Ainda não há vendas neste período/),
    ).toBeVisible();
  },
};

/** Os números nunca chegam: esqueletos. */
export const Loading: Story = {
  parameters: { msw: { handlers: { ...catalog, orders: ordersMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', {
        name: 'Carregando os números do período',
      }),
    ).toBeInTheDocument();
  },
};

/** Os números falham: uma mensagem e "Tentar de novo". */
export const Failed: Story = {
  parameters: { msw: { handlers: { ...catalog, orders: ordersMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Não foi possível carregar os números. Tente de novo.',
      ),
    ).toBeVisible();
  },
};
