import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardShellScreen } from '@vitrine/ui';
import { catalogMock, checkoutMock, staffMock } from '@vitrine/ui/mocks';
import { makeCatalogStructure } from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { COUPONS_NOW } from '@vitrine/ui/mocks/coupons/coupons.fixtures';
import { withCouponFixtures } from '@vitrine/ui/mocks/coupons/staffCoupons';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { CouponsScreen } from '../../../packages/ui/src/screens/dashboard/Coupons';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/cupons';
const NOW = Date.parse(COUPONS_NOW);
const catalog = catalogMock.answers(makeCatalogStructure());
const denseTable = {
  disable: { reason: 'The desktop coupons table is a dense data table used with a mouse.' },
};

function CouponsPage() {
  return (
    <Routes>
      <Route
        path={PATH}
        element={
          <DashboardShellScreen>
            <CouponsScreen now={NOW} />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/cupons: every coupon of the store, ADMIN only (statuses as of 10/03/2026). */
const meta = {
  title: 'Screens/Dashboard/Coupons/List',
  component: CouponsScreen,
  parameters: {
    docs: {
      description: {
        component: `
Os cupons (\`/dashboard/cupons\`): todos os cupons da loja com situação, valor, validade, uso e
alcance, com busca por código, filtro de situação e ordem na URL (\`?busca=\`, \`?situacao=\`,
\`?ordem=\`). Tabela no computador, cartões no celular. Só ADMIN; as histórias a mostram dentro do
\`DashboardShellScreen\`.

**Estados**

- \`Filled\` / \`Playground\`: um cupom de cada situação (ativo, agendado, expirado, esgotado,
  inativo); \`Phone\`: cada cupom um cartão, a 320 px.
- \`Scheduled\` (só agendados, os que terminam antes primeiro) e \`Search\` (busca por código).
- \`NoMatch\` (busca sem resultado, "Limpar filtros") e \`Empty\` (convite a criar o primeiro).
- \`Loading\` (esqueleto) e \`Error\` (com "Tentar novamente").
- \`Support\`, \`BrandManager\` e \`SupportPhone\`: sem permissão.

**GraphQL**: \`CouponsMe\` e \`Coupons\` (queries). A busca, o filtro e a ordem são aplicados na
tela, sobre a lista inteira.
`,
      },
    },
    route: PATH,
    session: 'staff',
    touchTarget: denseTable,
    msw: { handlers: { catalog } },
  },
  render: () => <CouponsPage />,
} satisfies Meta<typeof CouponsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** ADMIN no computador: um cupom de cada situação, valor, validade, uso e alcance. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('table', { name: 'Cupons' });
    await expect(await within(grid).findByRole('link', { name: 'AURORA15' })).toBeVisible();
    for (const status of ['Ativo', 'Agendado', 'Expirado', 'Esgotado', 'Inativo']) {
      await expect(within(grid).getAllByText(status).length).toBeGreaterThan(0);
    }
    await expect(within(grid).getByText('12 / 100 usos')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Criar cupom' })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Celular: cada cupom é um cartão. */
export const Phone: Story = {
  globals: phone,
  parameters: { touchTarget: undefined },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Cupons' });
    await expect(await within(list).findByRole('link', { name: 'AURORA15' })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};

/** Só os cupons agendados (`?situacao=agendado`), os que terminam antes no topo. */
export const Scheduled: Story = {
  parameters: { route: `${PATH}?situacao=agendado&ordem=validade` },
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('table', { name: 'Cupons' });
    await expect(await within(grid).findByRole('link', { name: 'PASCOA20' })).toBeVisible();
    await waitFor(() => expect(within(grid).getAllByRole('link')).toHaveLength(1));
  },
};

/** Busca por código, guardada na URL. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'AURORA15' });
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Buscar por código' }),
      'vip{Enter}',
    );
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'AURORA15' })).toBeNull());
    await expect(canvas.getByRole('link', { name: 'VIP50' })).toBeVisible();
  },
};

/** Uma busca sem resultado. */
export const NoMatch: Story = {
  parameters: { route: `${PATH}?busca=NENHUM` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Nenhum cupom encontrado' }),
    ).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Limpar filtros' })[0]).toBeVisible();
  },
};

/** Ainda sem cupons: o convite para criar um. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: { catalog, checkout: checkoutMock.answers(withCouponFixtures({ coupons: [] })) },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Nenhum cupom ainda' })).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'Criar cupom' })).toHaveLength(2);
  },
};

/** Os cupons nunca carregam: o esqueleto. */
export const Loading: Story = {
  parameters: { msw: { handlers: { catalog, checkout: checkoutMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando cupons' }),
    ).toBeInTheDocument();
  },
};

/** A API falha: o erro com "Tentar novamente". */
export const Error: Story = {
  parameters: { msw: { handlers: { catalog, checkout: checkoutMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os cupons.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** SUPPORT: sem permissão. */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: { catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Somente administradores podem ver e gerenciar os cupons.',
    );
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
  play: Support.play,
};

/** SUPPORT no celular. */
export const SupportPhone: Story = {
  globals: phone,
  parameters: { ...Support.parameters, touchTarget: undefined },
  play: Support.play,
};
