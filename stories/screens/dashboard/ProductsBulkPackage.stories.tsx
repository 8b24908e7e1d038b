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

/** "Definir embalagem…" on /dashboard/produtos: the package of every variant of the selection. */
const meta = {
  title: 'Screens/Dashboard/Products/BulkPackage',
  component: ProductsScreen,
  parameters: {
    docs: {
      description: {
        component: `
"Definir embalagem…", uma das ações em massa da lista de produtos: peso (g) e comprimento,
largura e altura (cm) valem para todas as variantes dos produtos escolhidos; o que fica em branco
não muda. As regras são as do editor de variantes (números inteiros maiores que zero), e a nota
mostra o peso cobrado pelas transportadoras: o maior entre o peso real e o cúbico (C×L×A/6000).
ADMIN e BRAND_MANAGER (só as suas marcas); tudo ou nada, no histórico do catálogo.

**Estados**

- \`Form\`: as 3 camisetas escolhidas, o formulário preenchido e o peso cobrado (1.000 g).
- \`FieldError\`: peso zero e comprimento com vírgula: o erro de cada campo, nada enviado.
- \`Applied\`: confirmado, o resumo do histórico na lista.
- \`Phone\`: o formulário num celular (320 px), com só as medidas: o peso cúbico.

**GraphQL**: \`DashboardProducts\`, \`DashboardProductsContext\` e \`DashboardProductsSavedViews\`
(queries); \`DashboardProductsBulk\` (mutation, com a ação "Definir embalagem").
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

/** Selects the camisetas (3) and opens "Definir embalagem…". */
async function openPackageDialog(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('link', { name: 'Camiseta gola V de linho' });
  await userEvent.click(await canvas.findByRole('checkbox', { name: /Selecionar todas/i }));
  await expect(await canvas.findByText('3 produtos selecionados')).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: 'Ações em massa' }));
  await userEvent.click(
    await body(canvasElement).findByRole('menuitem', { name: 'Definir embalagem…' }),
  );
  return body(canvasElement).findByRole('dialog', {
    name: 'Definir a embalagem de 3 produtos?',
  });
}

async function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await userEvent.type(within(dialog).getByRole('textbox', { name }), value);
  }
}

/**
 * As 3 camisetas escolhidas, "Definir embalagem…": 300 g numa caixa de 30 × 20 × 10 cm; o peso
 * cúbico (1.000 g) é o cobrado pelas transportadoras.
 */
export const Form: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPackageDialog(canvasElement);
    await fill(dialog, {
      'Peso (g)': '300',
      'Comprimento (cm)': '30',
      'Largura (cm)': '20',
      'Altura (cm)': '10',
    });
    await expect(
      within(dialog).getByText(
        'Peso cobrado pelas transportadoras: 1.000 g (o maior entre o peso real e o cúbico, C×L×A/6000).',
      ),
    ).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: 'Definir em 3 produtos' }),
    ).toBeVisible();
  },
};

/** Peso zero e comprimento com vírgula: cada campo diz o que está errado, e nada é enviado. */
export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPackageDialog(canvasElement);
    await fill(dialog, { 'Peso (g)': '0', 'Comprimento (cm)': '12,5' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Definir em 3 produtos' }));
    await expect(
      within(dialog).getByRole('textbox', { name: 'Peso (g)' }),
    ).toHaveAccessibleDescription('O peso deve ser maior que zero.');
    await expect(
      within(dialog).getByRole('textbox', { name: 'Comprimento (cm)' }),
    ).toHaveAccessibleDescription('Comprimento: use um número inteiro de centímetros, como 30.');
    await expect(within(dialog).queryByRole('alert')).toBeNull();
  },
};

/** Confirmado: o diálogo fecha e a lista mostra o resumo que fica no histórico do catálogo. */
export const Applied: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPackageDialog(canvasElement);
    await fill(dialog, {
      'Peso (g)': '300',
      'Comprimento (cm)': '30',
      'Largura (cm)': '20',
      'Altura (cm)': '10',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Definir em 3 produtos' }));
    const notice = await within(canvasElement).findByText(
      /^Embalagem de 3 produtos \(\d+ variantes\): peso 300 g, 30 × 20 × 10 cm$/,
    );
    await expect(notice).toBeVisible();
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

/** Num celular: uma camiseta escolhida pelo cartão, só as medidas: o peso cúbico (1.000 g). */
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
      await body(canvasElement).findByRole('menuitem', { name: 'Definir embalagem…' }),
    );
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Definir a embalagem de 1 produto?',
    });
    await fill(dialog, { 'Comprimento (cm)': '30', 'Largura (cm)': '20', 'Altura (cm)': '10' });
    await expect(within(dialog).getByText(/^Peso cúbico: 1\.000 g/)).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
