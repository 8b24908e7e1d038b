import type { Meta, StoryObj } from '@storybook/react-vite';
import { catalogMock, graphqlApi, staffMock } from '@vitrine/ui/mocks';
import {
  makeEmptyStaffCatalog,
  makeStaffCatalog,
} from '@vitrine/ui/mocks/catalog/staffCatalog.fixtures';
import { Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import {
  ProductsScreen,
  ProductsView,
  type ProductsViewProps,
} from '../../../packages/ui/src/screens/dashboard/Products';
import type { ProductRowNode } from '../../../packages/ui/src/screens/dashboard/Products/ProductsScreen.graphql';
import { EMPTY_PRODUCTS_STATE } from '../../../packages/ui/src/screens/dashboard/Products/productsUrlState';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const denseGrid = {
  disable: { reason: 'The desktop products grid is a dense data table used with a mouse.' },
};
const catalog = { catalog: catalogMock.answers(makeStaffCatalog()) };
const ROUTE = '/dashboard/produtos';

function ProductsPage() {
  return (
    <Routes>
      <Route path={ROUTE} element={<ProductsScreen download={() => undefined} />} />
    </Routes>
  );
}

/** /dashboard/produtos: the server-paginated grid over the staff catalog fixtures (30 products). */
const meta = {
  title: 'Screens/Dashboard/Products/Grid',
  component: ProductsScreen,
  parameters: {
    docs: {
      description: {
        component: `
Os produtos (\`/dashboard/produtos\`): a grade paginada pelo servidor, com busca, filtros, ordem e
página na URL, visões salvas, preço e estoque editados na própria grade, ações em massa (preços,
publicar…), o histórico do catálogo e a exportação em CSV. Cartões no celular. ADMIN vê tudo;
BRAND_MANAGER só as suas marcas; SUPPORT só consulta (exporta, mas não edita).

**Estados**

- \`Filled\`: ADMIN, 25 de 30, com todos os filtros e ações.
- \`BrandManager\` (só Serra, sem filtro de marca) e \`SupportReadOnly\` (sem seleção nem edição).
- \`Loading\`, \`Empty\` ("Criar o primeiro produto"), \`FilteredEmpty\`, \`Error\` e \`Offline\`.
- \`PriceEditSaved\` e \`PriceEditRefused\` (preço acima do "de": o motivo na célula);
  \`PriceEditAllVariants\` (tamanhos com um só preço: digitado na célula, vale para todos).
- \`StockChangeDialog\` (motivo, quantidade e o resultado) e \`StockHistory\` (o histórico de uma
  variante).
- \`BulkPriceChange\` (-10 % arredondado para o ,90 mais próximo, com os novos preços antes de
  aplicar), \`BulkPriceRoundDown\` (a regra arredonda para baixo), \`BulkRefused\` (preço negativo:
  nada muda) e \`BulkAllOfFilter\` (a \`ProductsView\` com os 12 do filtro publicados).
- \`HistoryDialog\`: o histórico do catálogo.
- \`Phone\` (cartões) e \`PhoneFilters\` ("Filtros (1)" num diálogo), a 320 px.
- \`NoPermission\`: a \`ProductsView\` com a resposta FORBIDDEN.

**GraphQL**: \`DashboardProducts\`, \`DashboardProductsContext\`, \`DashboardProductsSavedViews\`,
\`DashboardStockMovements\` e \`DashboardCatalogHistory\` (queries); \`DashboardVariantPriceSet\`,
\`DashboardStockChange\`, \`DashboardProductsBulk\`, \`DashboardProductsSavedViewCreate\` e
\`DashboardProductsSavedViewDelete\` (mutations).

**Rede**: \`POST /admin/exports/products\` (exportação CSV, depois o download).
`,
      },
    },
    route: ROUTE,
    session: 'staff',
    touchTarget: denseGrid,
    msw: { handlers: catalog },
  },
  render: () => <ProductsPage />,
} satisfies Meta<typeof ProductsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The grid's rows as `staffProducts` answers them, from the staff catalog fixtures. */
function staffRows(): ProductRowNode[] {
  return makeStaffCatalog().products.map((product) => ({
    id: product.id,
    name: product.name,
    slug: product.slug,
    published: product.published,
    featured: product.featured,
    updatedAt: product.updatedAt,
    minPriceCents: product.minPriceCents,
    maxPriceCents: product.maxPriceCents,
    totalStock: product.totalStock,
    stockLevel: product.stockLevel,
    brand: { id: product.brand.id, name: product.brand.name },
    category: { id: product.category.id, name: product.category.name },
    images: product.images.slice(0, 1).map((image) => ({ url: image.url, alt: image.alt })),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      size: variant.size,
      color: variant.color,
      priceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
      stock: variant.stock,
      lowStockThreshold: variant.lowStockThreshold,
    })),
  }));
}

const viewProps: ProductsViewProps = {
  state: EMPTY_PRODUCTS_STATE,
  onStateChange: () => undefined,
  rows: [],
  totalCount: 0,
  loading: false,
  staffRole: 'BRAND_MANAGER',
  brands: [],
  categories: [],
  savedViews: [],
  activeViewId: null,
  onApplyView: () => undefined,
  onSaveView: () => Promise.resolve(null),
  onDeleteView: () => undefined,
  selectedIds: [],
  onSelectionChange: () => undefined,
  selectedRows: [],
  productHref: (id) => `/dashboard/produtos/${id}`,
  newProductHref: '/dashboard/produtos/novo',
  importHref: '/dashboard/produtos/importar',
  onExport: () => undefined,
  onPriceSave: () => Promise.resolve(null),
  onStockChange: () => Promise.resolve(null),
  onLoadStockHistory: () => undefined,
  stockHistory: { movements: null, loading: false, error: null },
  onBulk: () => Promise.resolve(null),
  onLoadCatalogHistory: () => undefined,
  catalogHistory: { entries: null, loading: false, error: null },
};

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** ADMIN num desktop: 25 produtos, os alterados por último primeiro, todos os filtros e ações. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: 'Bota de trekking impermeável' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
    await expect(await canvas.findByText('1–25 de 30')).toBeVisible();
    await expect(await canvas.findByRole('combobox', { name: 'Marca' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Novo produto' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Importar CSV' })).toBeVisible();
  },
};

/** O gerente de marca da Serra: só os produtos da Serra; sem filtro de marca (uma marca só). */
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
    await expect(
      await canvas.findByRole('link', { name: 'Bota de trekking impermeável' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Regata canelada' })).toBeNull();
    await expect(await canvas.findByRole('link', { name: 'Novo produto' })).toBeVisible();
    await expect(canvas.queryByRole('combobox', { name: 'Marca' })).toBeNull();
  },
};

/** SUPPORT só lê: sem seleção, sem edição, sem novo nem importar; exportar continua. */
export const SupportReadOnly: Story = {
  parameters: {
    msw: {
      handlers: { ...catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Bota de trekking impermeável' });
    await expect(await canvas.findByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Novo produto' })).toBeNull());
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Preço de Regata/ })).toBeNull();
  },
};

/** O catálogo nunca responde: o esqueleto da grade. */
export const Loading: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('grid', { name: 'Produtos' }),
    ).toBeVisible();
  },
};

/** Uma loja nova: nenhum produto ainda, com um link para criar o primeiro. */
export const Empty: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.answers(makeEmptyStaffCatalog()) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Nenhum produto' })).toBeVisible();
    await expect(
      await canvas.findByRole('link', { name: 'Criar o primeiro produto' }),
    ).toBeVisible();
  },
};

/** Uma busca sem resultados: "Limpar filtros" traz a lista de volta. */
export const FilteredEmpty: Story = {
  parameters: { route: `${ROUTE}?q=nada-por-aqui&estoque=esgotado` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Nenhum produto com estes filtros' }),
    ).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button', { name: 'Limpar filtros' })[0]!);
    await expect(
      await canvas.findByRole('link', { name: 'Bota de trekking impermeável' }),
    ).toBeVisible();
  },
};

/** A API falha: o erro com "Tentar novamente". */
export const Error: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os produtos.',
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
 * O preço de um produto de variante única digitado na célula: salvo, a grade mostra o novo preço.
 */
export const PriceEditSaved: Story = {
  parameters: { route: `${ROUTE}?q=regata` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Preço de Regata canelada: R$ 49,90. Alterar' }),
    );
    const field = canvas.getByRole('textbox', { name: 'Preço de Regata canelada' });
    await userEvent.clear(field);
    await userEvent.type(field, '45,90{Enter}');
    await expect(
      await canvas.findByRole('button', { name: 'Preço de Regata canelada: R$ 45,90. Alterar' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status', { name: '' })).toHaveTextContent('Preço salvo.');
  },
};

/**
 * Um produto cujos tamanhos têm o mesmo preço: digitado na célula, salvo para todas as variantes.
 */
export const PriceEditAllVariants: Story = {
  parameters: { route: `${ROUTE}?q=jaqueta` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Preço de Jaqueta corta-vento (as 3 variantes): R$ 279,90. Alterar',
      }),
    );
    const field = canvas.getByRole('textbox', {
      name: 'Preço de Jaqueta corta-vento (as 3 variantes)',
    });
    await userEvent.clear(field);
    await userEvent.type(field, '259,90{Enter}');
    await expect(
      await canvas.findByRole('button', {
        name: 'Preço de Jaqueta corta-vento (as 3 variantes): R$ 259,90. Alterar',
      }),
    ).toBeVisible();
  },
};

/**
 * Um preço igual ou acima do preço "de" da promoção: o motivo do servidor na célula, e o preço
 * volta.
 */
export const PriceEditRefused: Story = {
  parameters: { route: `${ROUTE}?q=saia` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Preço de Saia midi plissada: R$ 129,90. Alterar',
      }),
    );
    const field = canvas.getByRole('textbox', { name: 'Preço de Saia midi plissada' });
    await userEvent.clear(field);
    await userEvent.type(field, '169,90{Enter}');
    await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent(
      'O preço deve ser menor que o preço "de" (R$ 159,90)',
    );
    await expect(
      canvas.getByRole('button', { name: 'Preço de Saia midi plissada: R$ 129,90. Alterar' }),
    ).toBeVisible();
  },
};

/** O estoque de um produto de variante única: o motivo, a quantidade e como ele fica. */
export const StockChangeDialog: Story = {
  parameters: { route: `${ROUTE}?q=regata` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Estoque de Regata canelada: 22. Alterar' }),
    );
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Alterar estoque' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Avaria ou perda' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Quantidade' }), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expect(
      await within(dialog).findByText('Estoque insuficiente: há 22 unidades.'),
    ).toBeVisible();
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantidade' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await expect(within(dialog).getByText('O estoque passa de 22 para 20.')).toBeVisible();
  },
};

/** O histórico de estoque de uma variante, aberto pelas variantes do produto. */
export const StockHistory: Story = {
  parameters: { route: `${ROUTE}?q=bota` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Preços de Bota de trekking impermeável/ }),
    );
    const variants = await body(canvasElement).findByRole('dialog', {
      name: 'Variantes de Bota de trekking impermeável',
    });
    await expect(within(variants).getAllByRole('row')).toHaveLength(5);
    await userEvent.click(
      within(variants).getByRole('button', { name: 'Histórico de estoque de 39 / Café' }),
    );
    const history = await body(canvasElement).findByRole('dialog', {
      name: 'Histórico de estoque',
    });
    await expect(await within(history).findByText('Estoque inicial')).toBeVisible();
  },
};

/**
 * As camisetas selecionadas, "Alterar preços…": -10 % arredondado para o ,90 mais próximo (a regra
 * pode arredondar para cima ou para baixo em vez disso), com os novos preços antes de aplicar.
 */
export const BulkPriceChange: Story = {
  parameters: { route: `${ROUTE}?q=camiseta&ordem=NAME_ASC` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Camiseta gola V de linho' });
    await userEvent.click(await canvas.findByRole('checkbox', { name: /Selecionar todas/i }));
    await expect(await canvas.findByText('3 produtos selecionados')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Ações em massa' }));
    await userEvent.click(
      await body(canvasElement).findByRole('menuitem', { name: 'Alterar preços…' }),
    );
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Alterar os preços de 3 produtos?',
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Percentual (%)' }), '10');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Arredondar para ,90 (R$ 129,90)' }),
    );
    const preview = within(dialog).getByRole('table', { name: 'Prévia dos novos preços' });
    await expect(within(preview).getAllByRole('row')).toHaveLength(4);
    await expect(within(dialog).getByRole('button', { name: 'Mais próximo' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(dialog).getByRole('button', { name: 'Alterar 3 produtos' })).toBeVisible();
  },
};

/** A mesma alteração arredondada para baixo: cada novo preço é o ,90 igual ou abaixo dele. */
export const BulkPriceRoundDown: Story = {
  ...BulkPriceChange,
  play: async (context) => {
    await BulkPriceChange.play!(context);
    const dialog = await body(context.canvasElement).findByRole('dialog', {
      name: 'Alterar os preços de 3 produtos?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Para baixo' }));
    await expect(within(dialog).getByRole('button', { name: 'Para baixo' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** Um desconto que deixaria um preço abaixo de zero: o servidor recusa tudo, e o diálogo avisa. */
export const BulkRefused: Story = {
  parameters: { route: `${ROUTE}?q=meia` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Meia cano alto de lã' });
    const boxes = await canvas.findAllByRole('checkbox', { name: /Selecionar (linha|a linha)/i });
    await userEvent.click(boxes[0]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Ações em massa' }));
    await userEvent.click(
      await body(canvasElement).findByRole('menuitem', { name: 'Alterar preços…' }),
    );
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Alterar os preços de 1 produto?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valor (R$)' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Valor (R$)' }), '50,00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar 1 produto' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A mudança deixaria o preço de 1 produto abaixo de R$ 0,01: “Meia cano alto de lã”. Nada foi alterado.',
    );
  },
};

const onBulk = fn((..._args: unknown[]) => Promise.resolve(null));

/** Todos os produtos do filtro selecionados (a View: 3 linhas de 12), depois publicados. */
export const BulkAllOfFilter: Story = {
  render: () => (
    <ProductsView
      {...viewProps}
      rows={staffRows().slice(0, 3)}
      totalCount={12}
      selectedIds={staffRows()
        .slice(0, 3)
        .map((row) => row.id)}
      selectedRows={staffRows().slice(0, 3)}
      staffRole="ADMIN"
      onBulk={onBulk}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Selecionar todos os 12 produtos do filtro' }),
    );
    await expect(canvas.getByText('Todos os 12 produtos do filtro selecionados')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Ações em massa' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'Publicar' }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Publicar 12 produtos?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar 12 produtos' }));
    await expect(onBulk).toHaveBeenCalledWith({ action: 'PUBLISH' }, { kind: 'filter' }, 12);
  },
};

/** "Histórico": as alterações do catálogo, as mais recentes primeiro. */
export const HistoryDialog: Story = {
  parameters: { route: `${ROUTE}?q=bota` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Bota de trekking impermeável' });
    await userEvent.click(canvas.getByRole('button', { name: 'Histórico' }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Histórico do catálogo',
    });
    await expect(await within(dialog).findByText('Destaque em 3 produtos')).toBeVisible();
  },
};

/**
 * Um celular: produtos em cards (uma busca mantém a captura curta), os filtros atrás de "Filtros".
 */
export const Phone: Story = {
  globals: phone,
  parameters: { touchTarget: undefined, route: `${ROUTE}?q=bota` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: 'Bota de trekking impermeável' }),
    ).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Produtos' })).toBeVisible();
    await expect(canvas.queryByRole('combobox', { name: 'Status' })).toBeNull();
    await expectNoHorizontalScroll(320);
  },
};

/** Um celular com um filtro: "Filtros (1)" abre os filtros num diálogo. */
export const PhoneFilters: Story = {
  globals: phone,
  parameters: { touchTarget: undefined, route: `${ROUTE}?estoque=esgotado` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Filtros (1)' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Filtros' });
    await expect(within(dialog).getByRole('combobox', { name: 'Estoque' })).toHaveTextContent(
      'Esgotado',
    );
  },
};

/** A API responde FORBIDDEN (a View com essa resposta): sem filtros, o motivo. */
export const NoPermission: Story = {
  render: () => (
    <ProductsView
      {...viewProps}
      error={{ kind: 'forbidden', message: 'Você não tem permissão para esta ação.' }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Você não tem permissão');
    await expect(canvas.queryByRole('search')).toBeNull();
  },
};
