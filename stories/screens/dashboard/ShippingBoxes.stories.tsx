import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardShellScreen } from '@vitrine/ui';
import { catalogMock, checkoutMock } from '@vitrine/ui/mocks';
import { makeCatalogStructure } from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { withShippingBoxes } from '@vitrine/ui/mocks/shipping/staffShippingBoxes';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { ShippingMethodsScreen } from '../../../packages/ui/src/screens/dashboard/Shipping';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const catalog = catalogMock.answers(makeCatalogStructure());

/** /dashboard/frete, the boxes section: the store's boxes, added, edited and deleted (ADMIN). */
const meta = {
  title: 'Screens/Dashboard/Shipping/Boxes',
  component: ShippingMethodsScreen,
  parameters: {
    docs: {
      description: {
        component: `
As caixas da loja, na página de frete (\`/dashboard/frete\`, abaixo das formas de entrega): as
transportadoras cotam o pedido embalado nelas. Cada caixa tem nome, medidas internas (cm), peso da
caixa vazia e o peso máximo do conteúdo; a lista vem da menor para a maior, a ordem em que o
empacotamento as tenta. Só ADMIN; as histórias mostram a página inteira dentro do
\`DashboardShellScreen\`.

**Estados**

- \`Filled\` / \`Playground\`: envelope, caixa de sapato e caixa G.
- \`Empty\`: sem caixas, cada pedido é cotado como um pacote dos produtos empilhados; o botão
  para adicionar a primeira.
- \`Loading\` e \`Error\` (só a lista de caixas; as formas de entrega continuam lá, com "Tentar de
  novo").
- \`New\`: a caixa nova com um erro de digitação no campo (nada é enviado).
- \`FieldError\`: o servidor recusa um nome que já existe, no campo.
- \`DeleteWithConfirm\`: excluir pede confirmação.
- \`Phone\` e \`NewPhone\`: a lista e o diálogo (tela cheia) a 320 px.

**GraphQL**: \`ShippingBoxes\` (query); \`ShippingBoxCreate\`, \`ShippingBoxUpdate\` e
\`ShippingBoxDelete\` (mutations), além das da página de frete.
`,
      },
    },
    route: '/dashboard/frete',
    session: 'staff',
    msw: { handlers: { catalog } },
  },
  render: () => (
    <DashboardShellScreen>
      <ShippingMethodsScreen />
    </DashboardShellScreen>
  ),
} satisfies Meta<typeof ShippingMethodsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findBoxes(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole('list', { name: 'Caixas' });
}

/** Envelope, caixa de sapato e caixa G, da menor para a maior. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const list = await findBoxes(canvasElement);
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    await expect(names).toEqual(['Envelope de segurança', 'Caixa de sapato', 'Caixa G']);
    await expect(within(list).getByRole('listitem', { name: 'Caixa G' })).toHaveTextContent(
      '45 × 35 × 25 cm por dentro',
    );
  },
};

export const Playground: Story = {};

/** Nenhuma caixa: o pedido vai num pacote dos produtos empilhados; adicionar a primeira. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: { catalog, checkout: checkoutMock.answers(withShippingBoxes([])) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Nenhuma caixa cadastrada/)).toBeVisible();
  },
};

/** A lista de caixas não responde: o esqueleto, as formas de entrega já na tela. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: { catalog, checkout: checkoutMock.answers(withShippingBoxes('pending')) },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando as caixas' }),
    ).toBeInTheDocument();
  },
};

/** A lista de caixas falha: a mensagem com "Tentar de novo"; as formas de entrega continuam. */
export const Error: Story = {
  parameters: {
    msw: { handlers: { catalog, checkout: checkoutMock.answers(withShippingBoxes('fails')) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Não foi possível carregar as caixas.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  },
};

async function openNewWithTypo(canvasElement: HTMLElement) {
  await findBoxes(canvasElement);
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Adicionar caixa' }));
  const dialog = within(await within(document.body).findByRole('dialog', { name: 'Nova caixa' }));
  await userEvent.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Caixa P');
  await userEvent.type(dialog.getByRole('textbox', { name: 'Comprimento' }), '20');
  await userEvent.type(dialog.getByRole('textbox', { name: 'Largura' }), '15,5');
  await userEvent.click(dialog.getByRole('button', { name: 'Adicionar caixa' }));
  await expect(
    await dialog.findByText('A largura deve ser de 1 a 200 cm, em centímetros inteiros.'),
  ).toBeVisible();
}

/** A caixa nova com "15,5" na largura: o erro no campo, nada é enviado. */
export const New: Story = {
  play: async ({ canvasElement }) => openNewWithTypo(canvasElement),
};

/** O servidor recusa um nome que outra caixa já tem (maiúsculas não contam): o erro no campo. */
export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    const list = await findBoxes(canvasElement);
    await userEvent.click(within(list).getByRole('button', { name: 'Editar Caixa G' }));
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: 'Editar Caixa G' }),
    );
    const name = dialog.getByRole('textbox', { name: 'Nome' });
    await userEvent.clear(name);
    await userEvent.type(name, 'caixa de sapato');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar caixa' }));
    await expect(
      await dialog.findByText('Já existe uma caixa chamada caixa de sapato.'),
    ).toBeVisible();
  },
};

/** Excluir a caixa G pede confirmação: os pedidos já feitos não mudam. */
export const DeleteWithConfirm: Story = {
  play: async ({ canvasElement }) => {
    const list = await findBoxes(canvasElement);
    await userEvent.click(within(list).getByRole('button', { name: 'Excluir Caixa G' }));
    const confirm = await within(document.body).findByRole('dialog', {
      name: 'Excluir Caixa G?',
    });
    await waitFor(() => expect(confirm).toBeVisible());
    await expect(confirm).toHaveTextContent('Os pedidos já feitos não mudam.');
  },
};

/** Um celular: cada caixa em uma linha com os botões ao lado, sem rolagem para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await findBoxes(canvasElement);
    await expectNoHorizontalScroll(320);
  },
};

/** O diálogo da caixa nova em tela cheia no celular, com o erro no campo. */
export const NewPhone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => openNewWithTypo(canvasElement),
};
