import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrdersScreen, OrdersView } from '@vitrine/ui';
import {
  catalogMock,
  graphqlApi,
  liveEventsMock,
  makeOrderLiveEvent,
  makeStaffOrders,
  ordersMock,
  staffMock,
} from '@vitrine/ui/mocks';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const denseGrid = {
  disable: { reason: 'The desktop orders grid is a dense data table used with a mouse.' },
};
const catalog = { catalog: catalogMock.answers(makeStorefrontCatalog()) };

function OrdersPage() {
  return (
    <Routes>
      <Route path="/dashboard/pedidos" element={<OrdersScreen download={() => undefined} />} />
    </Routes>
  );
}

/** /dashboard/pedidos: the server-paginated grid over the staff order fixtures (30 orders). */
const meta = {
  title: 'Screens/Dashboard/Orders/Grid',
  component: OrdersScreen,
  parameters: {
    docs: {
      description: {
        component: `
Os pedidos (\`/dashboard/pedidos\`): a grade paginada pelo servidor, com busca, filtros, ordem e
página na URL, visões salvas, seleção para envio em lote, exportação em CSV e o aviso de pedidos
novos ao vivo. Cartões no celular. ADMIN e SUPPORT veem todos; BRAND_MANAGER só os pedidos com itens
das suas marcas (busca só por número ou nome).

**Estados**

- \`Filled\`: ADMIN, os 20 primeiros de 30, com o filtro de marca; \`Support\`: a mesma lista.
- \`Phone\` (cartões) e \`PhoneFilters\` ("Filtros (1)" abre a folha de filtros), a 320 px.
- \`BrandManager\`: só os pedidos da marca Serra.
- \`Loading\` (esqueleto da grade), \`Empty\`, \`NoMatch\`, \`Error\` e \`Offline\`.
- \`BesideTheMenu\`: na largura ao lado do menu num computador de 1366 px (1022 px), todo filtro se
  lê inteiro.
- \`DeliveryProblem\`: o chip "Problema na entrega" ligado (\`?problema=1\`): só os pedidos
  enviados que a transportadora não conseguiu entregar ou que voltam para a loja.
- \`BulkShipDialog\`: dois pedidos "A enviar" selecionados, um código de rastreio para cada.
- \`BuyLabels\` e \`BuyLabelsDone\`: "Comprar etiquetas" dos selecionados; depois o código de cada
  um, o PDF (etiquetas e declarações de conteúdo) e o envio em lote já preenchido.
- \`BuyLabelsRefused\`: a transportadora recusa uma das etiquetas: o pedido e o motivo dela.
- \`NewOrdersNotice\`: chegam pedidos com a lista aberta; um aviso, as linhas não se mexem.
- \`NoPermission\`: a \`OrdersView\` com a resposta FORBIDDEN (sem filtros, com o motivo).

**GraphQL**: \`DashboardOrders\`, \`DashboardOrdersContext\` e \`DashboardOrdersSavedViews\`
(queries); \`DashboardOrdersShip\`, \`DashboardOrdersBuyLabels\`, \`DashboardOrdersSavedViewCreate\` e
\`DashboardOrdersSavedViewDelete\` (mutations).

**Rede**: \`POST /admin/exports/orders\` (exportação CSV, depois o download) e \`GET /admin/events\`
(pedidos ao vivo).
`,
      },
    },
    route: '/dashboard/pedidos',
    session: 'staff',
    touchTarget: denseGrid,
    msw: { handlers: catalog },
  },
  render: () => <OrdersPage />,
} satisfies Meta<typeof OrdersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * ADMIN no computador: os 20 primeiros pedidos, do mais novo ao mais antigo, com o filtro de marca.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'VT-10030' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await expect(await canvas.findByText('1–20 de 30')).toBeVisible();
    await expect(await canvas.findByRole('combobox', { name: 'Marca' })).toBeVisible();
  },
};

/** Celular: os pedidos viram cartões, cada um com link para a própria página. */
export const Phone: Story = {
  globals: phone,
  parameters: { touchTarget: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'VT-10030' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Pedidos' })).toBeVisible();
    await expect(canvas.queryByRole('combobox', { name: 'Status' })).toBeNull();
    await expectNoHorizontalScroll(320);
  },
};

/** Celular com um filtro: "Filtros (1)" abre os seletores. */
export const PhoneFilters: Story = {
  globals: phone,
  parameters: { touchTarget: undefined, route: '/dashboard/pedidos?metodo=PIX' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectNoHorizontalScroll(320);
    await userEvent.click(await canvas.findByRole('button', { name: 'Filtros (1)' }));
    const sheet = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Filtros',
    });
    await expect(within(sheet).getByRole('combobox', { name: 'Método' })).toHaveTextContent('Pix');
  },
};

/** Um gerente de marca da Serra: só pedidos com linhas da Serra; busca só por número ou nome. */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        ...catalog,
        staff: staffMock.answers({
          name: 'Carla Dias',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-serra'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'VT-10028' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'VT-10030' })).toBeNull();
    // The role arrives with `me`, which may answer after the orders.
    await expect(await canvas.findByLabelText('Buscar por número ou nome')).toBeVisible();
  },
};

/** SUPPORT vê todos os pedidos (o CPF aparece mascarado na página do pedido). */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: { ...catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: Filled.play,
};

/** Os pedidos nunca carregam: o esqueleto da grade. */
export const Loading: Story = {
  parameters: { msw: { handlers: { ...catalog, orders: ordersMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('grid', { name: 'Pedidos' })).toBeVisible();
  },
};

/** Uma loja nova: ainda sem pedidos. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: { ...catalog, orders: ordersMock.answers({ staffOrders: [] }) } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum pedido ainda' }),
    ).toBeVisible();
  },
};

/**
 * Num computador de 1366 px a grade fica ao lado do menu: 1022 px de conteúdo, seis colunas de
 * filtros. Todo filtro se lê inteiro (o chip "Problema na entrega" ocupa duas colunas).
 */
export const BesideTheMenu: Story = {
  decorators: [
    (Story) => (
      <Box sx={{ width: 1022 }}>
        <Story />
      </Box>
    ),
  ],
  parameters: {
    msw: { handlers: { ...catalog, orders: ordersMock.answers({ staffOrders: [] }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chip = await canvas.findByRole('button', { name: 'Problema na entrega' });
    const label = chip.querySelector<HTMLElement>('.MuiChip-label')!;
    await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
  },
};

/** Uma busca sem resultado: "Limpar filtros" traz a lista de volta. */
export const NoMatch: Story = {
  parameters: { route: '/dashboard/pedidos?q=ninguem-com-esse-nome' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Nenhum pedido encontrado' }),
    ).toBeVisible();
  },
};

/**
 * O chip "Problema na entrega" ligado pelo link (\`?problema=1\`): só o pedido cuja entrega falhou;
 * desligar o chip traz a lista inteira de volta.
 */
export const DeliveryProblem: Story = {
  parameters: { route: '/dashboard/pedidos?problema=1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'VT-10015' })).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: /^VT-/ })).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Problema na entrega' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** A API falha: o erro com "Tentar novamente". */
export const Error: Story = {
  parameters: { msw: { handlers: { ...catalog, orders: ordersMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os pedidos.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** Sem conexão: o mesmo estado de erro. */
export const Offline: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Verifique sua conexão',
    );
  },
};

/**
 * "A enviar", dois pedidos selecionados, "Enviar selecionados": um código de rastreio para cada.
 */
export const BulkShipDialog: Story = {
  parameters: { route: '/dashboard/pedidos?status=PAID&envio=UNFULFILLED&ordem=OLDEST' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('link', { name: 'VT-10016' });
    const boxes = await canvas.findAllByRole('checkbox', { name: /Selecionar (linha|a linha)/i });
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    await expect(await canvas.findByText('2 pedidos selecionados')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar selecionados' }));
    const dialog = await body.findByRole('dialog', { name: 'Enviar pedidos selecionados' });
    await expect(within(dialog).getByRole('button', { name: 'Enviar 2 pedidos' })).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getAllByLabelText(/Código de rastreamento/)).toHaveLength(2),
    );
  },
};

/** Two paid orders selected, then "Comprar etiquetas": which orders, what is charged, and the buy. */
async function openBuyLabels(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  await canvas.findByRole('link', { name: 'VT-10016' });
  const boxes = await canvas.findAllByRole('checkbox', { name: /Selecionar (linha|a linha)/i });
  await userEvent.click(boxes[0]!);
  await userEvent.click(boxes[1]!);
  await userEvent.click(canvas.getByRole('button', { name: 'Comprar etiquetas' }));
  return body.findByRole('dialog', { name: 'Comprar etiquetas de envio' });
}

/**
 * "A enviar", dois pedidos pagos selecionados, "Comprar etiquetas": a confirmação diz quais
 * pedidos, de quem se compra e que a declaração de conteúdo vai junto.
 */
export const BuyLabels: Story = {
  parameters: { route: '/dashboard/pedidos?status=PAID&envio=UNFULFILLED&ordem=OLDEST' },
  play: async ({ canvasElement }) => {
    const dialog = await openBuyLabels(canvasElement);
    await expect(within(dialog).getByRole('button', { name: 'Comprar 2 etiquetas' })).toBeVisible();
    await expect(dialog).toHaveTextContent('declaração de conteúdo');
  },
};

/**
 * Etiquetas compradas: o código de cada pedido, "Abrir PDF para imprimir" (etiquetas e
 * declarações num arquivo) e "Marcar como enviados", que abre o envio em lote já preenchido.
 */
export const BuyLabelsDone: Story = {
  parameters: { route: '/dashboard/pedidos?status=PAID&envio=UNFULFILLED&ordem=OLDEST' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await openBuyLabels(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Comprar 2 etiquetas' }));
    await expect(await within(dialog).findByText('2 etiquetas compradas.')).toBeVisible();
    await expect(within(dialog).getAllByText(/Correios · rastreio AB\d{9}BR/)).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar como enviados' }));
    const ship = await body.findByRole('dialog', { name: 'Enviar pedidos selecionados' });
    const codes = within(ship)
      .getAllByLabelText(/Código de rastreamento/)
      .map((field) => (field as HTMLInputElement).value);
    await expect(codes).toHaveLength(2);
    for (const code of codes) await expect(code).toMatch(/^AB\d{9}BR$/);
  },
};

/**
 * Uma etiqueta recusada: o pedido e o motivo da transportadora, nas palavras dela; a outra foi
 * comprada e o PDF traz só ela.
 */
export const BuyLabelsRefused: Story = {
  parameters: {
    route: '/dashboard/pedidos?status=PAID&envio=UNFULFILLED&ordem=OLDEST',
    msw: {
      handlers: {
        ...catalog,
        orders: ordersMock.answers({
          staffOrders: makeStaffOrders().map((order) =>
            order.id === 'order-10016'
              ? { ...order, labelRefusal: 'CEP do destinatário não atendido: 69900000.' }
              : order,
          ),
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openBuyLabels(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Comprar 2 etiquetas' }));
    await expect(
      await within(dialog).findByText(/1 etiqueta comprada\. 1 pedido falhou/),
    ).toBeVisible();
    await expect(
      within(dialog).getByRole('listitem', { name: 'Pedido VT-10016' }),
    ).toHaveTextContent('Correios: CEP do destinatário não atendido: 69900000.');
    await expect(
      within(dialog).getByRole('button', { name: 'Abrir PDF para imprimir' }),
    ).toBeVisible();
  },
};

/** Chega um pedido novo com a lista aberta: um aviso, e as linhas ficam onde estão. */
export const NewOrdersNotice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'VT-10030' });
    await liveEventsMock.whenOpen();
    liveEventsMock.push(makeOrderLiveEvent({ id: 'order-live-1', number: 'VT-10031' }));
    liveEventsMock.push(makeOrderLiveEvent({ id: 'order-live-2', number: 'VT-10032' }));
    await expect(await canvas.findByText('2 novos pedidos.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'VT-10031' })).toBeNull();
  },
};

/** A API responde FORBIDDEN (a `OrdersView` com essa resposta): sem filtros, com o motivo. */
export const NoPermission: Story = {
  render: () => (
    <OrdersView
      state={{
        search: '',
        status: null,
        paymentStatus: null,
        fulfilmentStatus: null,
        paymentMethod: null,
        deliveryProblem: false,
        brandId: null,
        dateFrom: null,
        dateTo: null,
        sort: 'NEWEST',
        page: 0,
        pageSize: 20,
      }}
      onStateChange={() => undefined}
      rows={[]}
      totalCount={0}
      loading={false}
      error={{ kind: 'forbidden', message: 'Você não tem permissão para esta ação.' }}
      staffRole="BRAND_MANAGER"
      brands={[]}
      savedViews={[]}
      activeViewId={null}
      onApplyView={() => undefined}
      onSaveView={() => Promise.resolve(null)}
      onDeleteView={() => undefined}
      selectedIds={[]}
      onSelectionChange={() => undefined}
      selectedOrders={[]}
      orderHref={(id) => `/dashboard/pedidos/${id}`}
      packingSlipsHref="/dashboard/pedidos/romaneios"
      onExport={() => undefined}
      onOpenBulkShip={() => undefined}
      bulkShip={{ open: false, onSubmit: () => undefined, onClose: () => undefined }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Você não tem permissão');
    await expect(canvas.queryByRole('search')).toBeNull();
  },
};
