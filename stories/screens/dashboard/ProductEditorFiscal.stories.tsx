import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductEditorScreen } from '@vitrine/ui';
import { catalogMock } from '@vitrine/ui/mocks';
import { makeProductEditorCatalog } from '@vitrine/ui/mocks/catalog/staffProductEditor';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

function EditorPage() {
  return (
    <Routes>
      <Route path="/dashboard/produtos/:id" element={<ProductEditorScreen />} />
    </Routes>
  );
}

/** The product editor's "Fiscal" section: what the product's line of an NF-e says. */
const meta = {
  title: 'Screens/Dashboard/Products/ProductEditor/Fiscal',
  component: ProductEditorScreen,
  parameters: {
    docs: {
      description: {
        component: `
A seção "Fiscal" do editor de produto: NCM (8 dígitos), CEST (7 dígitos, só com NCM), origem da
mercadoria (0 a 8) e a situação tributária do produto (CSOSN no Simples Nacional, CST nos outros
regimes; vazia, vale a padrão da loja em Configurações). Conferidos pelas regras do servidor antes
de enviar e salvos com o resto do produto.

**Estados**

- \`Filled\`: a camiseta com NCM 6109.10.00, origem nacional, a situação padrão da loja.
- \`FieldError\`: NCM com 4 dígitos e CEST: o erro no campo, nada enviado.
- \`Saved\`: o CSOSN 102 salvo, "Tudo salvo".
- \`Phone\`: a seção em uma coluna, a 320 px.

**GraphQL**: \`ProductEditorOptions\` e \`ProductEditorProduct\` (queries); \`ProductSave\`
(mutation).
`,
      },
    },
    route: '/dashboard/produtos/product-camiseta',
    session: 'staff',
    touchTarget: {
      exempt: [
        {
          selector: 'nav[aria-label="Trilha de navegação"] a',
          reason:
            'The breadcrumb repeats the side bar\'s "Produtos", which has a full-size target.',
        },
      ],
    },
    msw: { handlers: { catalog: catalogMock.answers(makeProductEditorCatalog()) } },
  },
  render: () => <EditorPage />,
} satisfies Meta<typeof ProductEditorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fiscalSection(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('textbox', { name: /Nome/ }, { timeout: 10_000 });
  const section = canvas.getByRole('region', { name: 'Fiscal' });
  section.scrollIntoView({ block: 'center' });
  return within(section);
}

/** A camiseta com NCM 6109.10.00, origem nacional e a situação tributária padrão da loja. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const section = await fiscalSection(canvasElement);
    await expect(section.getByRole('textbox', { name: 'NCM' })).toHaveValue('61091000');
    await expect(section.getByRole('combobox', { name: 'Origem da mercadoria' })).toHaveTextContent(
      '0 – Nacional',
    );
  },
};

/** NCM com 4 dígitos e um CEST: a mensagem do servidor no campo, e nada é enviado. */
export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    const section = await fiscalSection(canvasElement);
    const ncm = section.getByRole('textbox', { name: 'NCM' });
    await userEvent.clear(ncm);
    await userEvent.type(ncm, '6109');
    await userEvent.type(section.getByRole('textbox', { name: 'CEST' }), '2803800');
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Salvar/ }));
    await expect(ncm).toHaveAccessibleDescription(
      'NCM inválido: use os 8 dígitos da classificação fiscal do produto, como 61091000.',
    );
    ncm.scrollIntoView({ block: 'center' });
  },
};

/** O CSOSN 102 informado e salvo com o produto. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const section = await fiscalSection(canvasElement);
    await userEvent.type(section.getByRole('textbox', { name: 'Situação tributária' }), '102');
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Salvar/ }));
    await expect(await within(canvasElement).findByText('Tudo salvo')).toBeVisible();
    section.getByRole('textbox', { name: 'NCM' }).scrollIntoView({ block: 'center' });
  },
};

/** Num celular: os campos em uma coluna, sem rolagem horizontal. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const section = await fiscalSection(canvasElement);
    await expect(section.getByRole('textbox', { name: 'CEST' })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
