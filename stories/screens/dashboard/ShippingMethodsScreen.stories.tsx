import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardShellScreen } from '@vitrine/ui';
import { catalogMock, checkoutMock, staffMock } from '@vitrine/ui/mocks';
import { makeCatalogStructure } from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { withShippingMethods } from '@vitrine/ui/mocks/shipping/staffShipping';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import {
  ShippingMethodEditorScreen,
  ShippingMethodsScreen,
} from '../../../packages/ui/src/screens/dashboard/Shipping';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const LIST = '/dashboard/frete';
const catalog = catalogMock.answers(makeCatalogStructure());

function ShippingPages() {
  return (
    <Routes>
      <Route
        path={LIST}
        element={
          <DashboardShellScreen>
            <ShippingMethodsScreen />
          </DashboardShellScreen>
        }
      />
      <Route
        path={`${LIST}/:id`}
        element={
          <DashboardShellScreen>
            <ShippingMethodEditorScreen />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/frete: the shipping methods in order, and the simulator (ADMIN only). */
const meta = {
  title: 'Screens/Dashboard/Shipping/List',
  component: ShippingMethodsScreen,
  parameters: {
    docs: {
      description: {
        component: `
As formas de entrega (\`/dashboard/frete\`): a lista na ordem em que o checkout as oferece (onde
atende, preços, prazos, frete grátis, a transportadora que cota, ativa ou não), a reordenação e o
simulador de frete, com CEP e peso na URL (\`?cep=&peso=\`) para reproduzir uma cotação. Só ADMIN;
as histórias a mostram dentro do \`DashboardShellScreen\`.

**Estados**

- \`Filled\` / \`Playground\`: PAC (cotado pelo Melhor Envio, serviço 1), SEDEX, retirada e um
  motoboy inativo.
- \`Simulated\` (link com \`?cep=&peso=\`), \`SimulateQuote\` (CEP e peso em kg digitados) e
  \`FreeShippingQuote\` (acima do mínimo: PAC grátis, SEDEX nunca).
- \`InvalidCep\`: a mensagem no campo, nada é pedido.
- \`Reorder\`: SEDEX acima do PAC, posições salvas.
- \`Empty\`: sem formas, o checkout não fecha pedidos; o caminho para criar a primeira.
- \`Phone\`: cada forma um cartão, o simulador abaixo, a 320 px.
- \`Loading\`, \`Error\` (com "Tentar de novo"), \`Support\` e \`BrandManager\` (sem permissão).

**GraphQL**: \`ShippingMe\`, \`ShippingMethods\`, \`ShippingMethod\` (lida inteira antes de mudar a
posição) e \`ShippingSimulate\` (queries); \`ShippingMethodUpdate\` (mutation).
`,
      },
    },
    route: LIST,
    session: 'staff',
    msw: { handlers: { catalog } },
  },
  render: () => <ShippingPages />,
} satisfies Meta<typeof ShippingMethodsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findList(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole('list', { name: 'Formas de entrega' });
}

function names(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
}

/** As formas de entrega nunca respondem: o esqueleto. */
export const Loading: Story = {
  parameters: { msw: { handlers: { catalog, checkout: checkoutMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', {
        name: 'Carregando as formas de entrega',
      }),
    ).toBeInTheDocument();
  },
};

/** A API falha: a mensagem com "Tentar de novo". */
export const Error: Story = {
  parameters: { msw: { handlers: { catalog, checkout: checkoutMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Não foi possível carregar as formas de entrega.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
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
    await expect(
      await within(canvasElement).findByText(
        'Somente administradores podem ver e alterar as formas de entrega.',
      ),
    ).toBeVisible();
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

/** PAC, SEDEX, retirada e um motoboy inativo: onde cada um atende, preços, prazos, frete grátis. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const list = await findList(canvasElement);
    await expect(names(list)).toEqual(['PAC', 'SEDEX', 'Retirada na loja', 'Motoboy SP']);
    await expect(within(list).getByRole('listitem', { name: 'SEDEX' })).toHaveTextContent(
      'Sudeste + 3 UFs',
    );
    await expect(within(list).getByRole('listitem', { name: 'Motoboy SP' })).toHaveTextContent(
      'Inativa',
    );
  },
};

export const Playground: Story = {};

/** Um link com ?cep=&peso= reproduz uma cotação: São Paulo, 500 g. */
export const Simulated: Story = {
  parameters: { route: `${LIST}?cep=01310100&peso=500` },
  play: async ({ canvasElement }) => {
    const options = await within(canvasElement).findByRole('list', { name: 'Opções de frete' });
    await expect(names(options)).toEqual(['Retirada na loja', 'PAC', 'SEDEX']);
    await expect(within(options).getByRole('listitem', { name: 'PAC' })).toHaveTextContent(
      'até 5 dias úteis',
    );
  },
};

/** Digitando um CEP e um peso em kg: a cotação e a URL que a reproduz. */
export const SimulateQuote: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'CEP' }), '20040002');
    await expect(canvas.getByRole('textbox', { name: 'CEP' })).toHaveValue('20040-002');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Unidade' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'kg' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Peso' }), '1,5');
    await userEvent.click(canvas.getByRole('button', { name: 'Simular' }));
    const options = await canvas.findByRole('list', { name: 'Opções de frete' });
    await expect(names(options)).toEqual(['Retirada na loja', 'PAC', 'SEDEX']);
    await expect(canvas.getByText('Peso considerado: 1,5 kg')).toBeVisible();
  },
};

/** Um subtotal acima do limite da loja: PAC grátis (o preço antigo riscado), SEDEX nunca grátis. */
export const FreeShippingQuote: Story = {
  parameters: { route: `${LIST}?cep=01310100&peso=500&subtotal=30000` },
  play: async ({ canvasElement }) => {
    const options = await within(canvasElement).findByRole('list', { name: 'Opções de frete' });
    await expect(within(options).getByRole('listitem', { name: 'PAC' })).toHaveTextContent(
      'Grátis',
    );
    await expect(within(options).getByRole('listitem', { name: 'SEDEX' })).toHaveTextContent(
      /R\$\s34,90/,
    );
  },
};

/** Um CEP curto demais: a mensagem no campo, nada é consultado. */
export const InvalidCep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findList(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'CEP' }), '0131');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Peso' }), '300');
    await userEvent.click(canvas.getByRole('button', { name: 'Simular' }));
    await expect(
      await canvas.findByText('CEP inválido: use 8 dígitos, como 01310-100.'),
    ).toBeVisible();
  },
};

/** Mover o SEDEX para cima do PAC salva as posições. */
export const Reorder: Story = {
  play: async ({ canvasElement }) => {
    const list = await findList(canvasElement);
    await userEvent.click(within(list).getByRole('button', { name: 'Mover SEDEX para cima' }));
    await waitFor(() =>
      expect(names(list)).toEqual(['SEDEX', 'PAC', 'Retirada na loja', 'Motoboy SP']),
    );
    await expect(await within(canvasElement).findByText('SEDEX agora é a 1ª opção.')).toBeVisible();
  },
};

/**
 * Nenhuma forma de entrega ainda: o checkout não consegue fechar um pedido; o caminho para criar a
 * primeira.
 */
export const Empty: Story = {
  parameters: {
    msw: { handlers: { catalog, checkout: checkoutMock.answers(withShippingMethods([])) } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/Nenhuma forma de entrega ainda/),
    ).toBeVisible();
  },
};

/** Um celular: cada forma de entrega em um card, o simulador abaixo, sem rolagem para o lado. */
export const Phone: Story = {
  globals: phone,
  parameters: { route: `${LIST}?cep=01310100&peso=500` },
  play: async ({ canvasElement }) => {
    await findList(canvasElement);
    await within(canvasElement).findByRole('list', { name: 'Opções de frete' });
    await expectNoHorizontalScroll(320);
  },
};
