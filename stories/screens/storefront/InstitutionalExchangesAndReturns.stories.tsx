import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  CartProvider,
  createCartStore,
  DEMO_STORE_CONTACT,
  ExchangesAndReturnsScreen,
  StorefrontShellScreen,
  ExchangesAndReturnsView,
} from '@vitrine/ui';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

/** '/trocas-e-devolucoes': the View through args; `InStore` is the routed Screen inside the storefront frame. */
const meta = {
  title: 'Screens/Storefront/Institutional/ExchangesAndReturns',
  component: ExchangesAndReturnsView,
  parameters: {
    docs: {
      description: {
        component: `
A página de trocas e devoluções (\`/trocas-e-devolucoes\`), para o cliente: desistência em até 7
dias (CDC art. 49), troca por defeito (arts. 18 e 26), a troca de tamanho ou cor da loja, reembolsos
e como pedir. Quando a loja escreve o próprio texto nas configurações, ele substitui a página
padrão. As histórias mostram a \`ExchangesAndReturnsView\` pelos args; \`InStore\` é a tela roteada
dentro da moldura da loja.

**Estados**

- \`Default\` / \`Playground\`: a página padrão.
- \`StoreText\`: o texto da loja no lugar da página padrão.
- \`Phone\`: 320 px, e-mails longos quebram, sem rolagem lateral.
- \`InStore\` / \`InStorePhone\`: a tela roteada, com o nome da loja e o título vindos da API.

**GraphQL**: a View não envia nada; a tela roteada (nas histórias InStore) envia \`StoreName\`,
\`StoreLegal\` e \`InstitutionalTexts\` (queries), além das da moldura da loja.
`,
      },
    },
    route: '/trocas-e-devolucoes',
  },
  args: { contact: DEMO_STORE_CONTACT },
} satisfies Meta<typeof ExchangesAndReturnsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Trocas e devoluções' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('region', { name: 'Desistência da compra em até 7 dias' }),
    ).toBeVisible();
  },
};

/** O texto da própria loja (configurações, texto formatado) no lugar da página padrão. */
export const StoreText: Story = {
  args: {
    customText: `Trocas em até **30 dias** após o recebimento, com a etiqueta presa.

**Como pedir**

- Escreva para atendimento@casaaurora.com.br com o número do pedido.
- Enviamos a etiqueta de postagem em até 1 dia útil.`,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Trocas e devoluções' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('Enviamos a etiqueta de postagem em até 1 dia útil.'),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('region', { name: 'Desistência da compra em até 7 dias' }),
    ).toBeNull();
  },
};

export const Playground: Story = {
  args: { contact: { ...DEMO_STORE_CONTACT, storeName: 'Casa Aurora' } },
};

/** O menor celular (320 px): endereços de e-mail longos quebram a linha, nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async (context) => {
    await Default.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

function InStorePage() {
  const [store] = useState(() => createCartStore());
  return (
    <CartProvider store={store}>
      <StorefrontShellScreen>
        <ExchangesAndReturnsScreen />
      </StorefrontShellScreen>
    </CartProvider>
  );
}

/** A tela roteada dentro da moldura da loja: o nome da loja e o título da página vêm da API. */
export const InStore: Story = {
  render: () => <InStorePage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Trocas e devoluções' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.ownerDocument.title).toBe('Trocas e devoluções | Vitrine'),
    );
  },
};

export const InStorePhone: Story = { ...InStore, globals: phone };
