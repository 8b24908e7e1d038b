import type { Meta, StoryObj } from '@storybook/react-vite';
import { catalogMock } from '@vitrine/ui/mocks';
import { makeStaffCatalog } from '@vitrine/ui/mocks/catalog/staffCatalog.fixtures';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { ProductsScreen } from '../../../packages/ui/src/screens/dashboard/Products';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const ROUTE = '/dashboard/produtos';

function ProductsPage() {
  return (
    <Routes>
      <Route path={ROUTE} element={<ProductsScreen download={() => undefined} />} />
    </Routes>
  );
}

/** "Definir dados fiscais…" on /dashboard/produtos: the NF-e data of every selected product. */
const meta = {
  title: 'Screens/Dashboard/Products/BulkFiscal',
  component: ProductsScreen,
  parameters: {
    docs: {
      description: {
        component: `
"Definir dados fiscais…", uma das ações em massa da lista de produtos: NCM, CEST, origem da
mercadoria e situação tributária (CSOSN no Simples Nacional, CST nos outros regimes) valem para
todos os produtos escolhidos; o que fica em branco (ou "Não alterar") não muda. As regras são as do
editor de produto; um CEST pede NCM. ADMIN e BRAND_MANAGER (só as suas marcas); tudo ou nada, no
histórico do catálogo.

**Estados**

- \`Form\`: as 3 camisetas escolhidas, NCM, origem e CSOSN preenchidos.
- \`FieldError\`: NCM com 4 dígitos: o erro no campo, nada enviado.
- \`Applied\`: confirmado, o resumo do histórico na lista.
- \`Phone\`: o formulário num celular (320 px).

**GraphQL**: \`DashboardProducts\`, \`DashboardProductsContext\` e \`DashboardProductsSavedViews\`
(queries); \`DashboardProductsBulk\` (mutation, com a ação "Definir dados fiscais").
`,
      },
    },
    route: `${ROUTE}?q=camiseta&ordem=NAME_ASC`,
    session: 'staff',
    touchTarget: {
      disable: { reason: 'The desktop products grid is a dense data table used with a mouse.' },
    },
    msw: { handlers: { catalog: catalogMock.answers(makeStaffCatalog()) } },
  },
  render: () => <ProductsPage />,
} satisfies Meta<typeof ProductsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Selects the camisetas (3) and opens "Definir dados fiscais…". */
async function openFiscalDialog(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('link', { name: 'Camiseta gola V de linho' });
  await userEvent.click(await canvas.findByRole('checkbox', { name: /Selecionar todas/i }));
  await expect(await canvas.findByText('3 produtos selecionados')).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: 'Ações em massa' }));
  await userEvent.click(
    await body(canvasElement).findByRole('menuitem', { name: 'Definir dados fiscais…' }),
  );
  return body(canvasElement).findByRole('dialog', {
    name: 'Definir os dados fiscais de 3 produtos?',
  });
}

async function chooseOrigin(canvasElement: HTMLElement, dialog: HTMLElement, name: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Origem da mercadoria' }));
  await userEvent.click(await body(canvasElement).findByRole('option', { name }));
}

/** As 3 camisetas: NCM 6109.10.00, origem nacional e CSOSN 102. */
export const Form: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openFiscalDialog(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NCM' }), '6109.10.00');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Situação tributária' }),
      '102',
    );
    await chooseOrigin(canvasElement, dialog, '0 – Nacional');
    await expect(
      within(dialog).getByRole('button', { name: 'Definir em 3 produtos' }),
    ).toBeVisible();
  },
};

/** NCM com 4 dígitos: a mensagem no campo, e nada é enviado. */
export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openFiscalDialog(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NCM' }), '6109');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Definir em 3 produtos' }));
    await expect(within(dialog).getByRole('textbox', { name: 'NCM' })).toHaveAccessibleDescription(
      'NCM inválido: use os 8 dígitos da classificação fiscal do produto, como 61091000.',
    );
    await expect(within(dialog).queryByRole('alert')).toBeNull();
  },
};

/** Confirmado: o diálogo fecha e a lista mostra o resumo que fica no histórico do catálogo. */
export const Applied: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openFiscalDialog(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NCM' }), '61091000');
    await chooseOrigin(canvasElement, dialog, '2 – Estrangeira, adquirida no mercado interno');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Definir em 3 produtos' }));
    await expect(
      await within(canvasElement).findByText('Dados fiscais de 3 produtos: NCM 61091000, origem 2'),
    ).toBeVisible();
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

/** Num celular: uma camiseta escolhida pelo cartão, o formulário em uma coluna. */
export const Phone: Story = {
  globals: phone,
  parameters: { touchTarget: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('checkbox', { name: 'Selecionar Camiseta gola V de linho' }),
    );
    await userEvent.click(await canvas.findByRole('button', { name: 'Ações em massa' }));
    await userEvent.click(
      await body(canvasElement).findByRole('menuitem', { name: 'Definir dados fiscais…' }),
    );
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Definir os dados fiscais de 1 produto?',
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NCM' }), '61091000');
    await expectNoHorizontalScroll(320);
  },
};
