import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  CartProvider,
  createCartStore,
  DEMO_STORE_CONTACT,
  PrivacyPolicyScreen,
  StorefrontShellScreen,
  PrivacyPolicyView,
} from '@vitrine/ui';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

/** '/privacidade': the View through args; `InStore` is the routed Screen inside the storefront frame. */
const meta = {
  title: 'Screens/Storefront/Institutional/Privacy',
  component: PrivacyPolicyView,
  parameters: {
    docs: {
      description: {
        component: `
A política de privacidade (\`/privacidade\`), para o cliente, pela LGPD: o que é coletado no
checkout, para quê e com que base legal, por quanto tempo, com quem é compartilhado, os direitos do
titular (art. 18), o contato do encarregado e os poucos cookies da loja. Quando a loja escreve o
próprio texto nas configurações, ele substitui a página padrão. As histórias mostram a
\`PrivacyPolicyView\` pelos args; \`InStore\` é a tela roteada dentro da moldura da loja.

**Estados**

- \`Default\` / \`Playground\`: a política padrão.
- \`StoreText\`: o texto da loja no lugar da política padrão.
- \`Phone\`: 320 px, e-mails longos quebram, sem rolagem lateral.
- \`InStore\` / \`InStorePhone\`: a tela roteada, com o nome da loja e o título vindos da API.

**GraphQL**: a View não envia nada; a tela roteada (nas histórias InStore) envia \`StoreName\`,
\`StoreLegal\` e \`InstitutionalTexts\` (queries), além das da moldura da loja.
`,
      },
    },
    route: '/privacidade',
  },
  args: { contact: DEMO_STORE_CONTACT },
} satisfies Meta<typeof PrivacyPolicyView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Política de privacidade' }),
    ).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Seus direitos' })).toBeVisible();
  },
};

/** O texto da própria loja (configurações, texto formatado) no lugar da página padrão. */
export const StoreText: Story = {
  args: {
    customText: `A **Casa Aurora** usa seus dados só para entregar seus pedidos.

**Seus direitos**

- Pedir uma cópia dos seus dados.
- Pedir a exclusão: privacidade@casaaurora.com.br.`,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Política de privacidade' }),
    ).toBeVisible();
    await expect(canvas.getByText('Pedir uma cópia dos seus dados.')).toBeVisible();
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
        <PrivacyPolicyScreen />
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
      canvas.getByRole('heading', { level: 1, name: 'Política de privacidade' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.ownerDocument.title).toBe('Política de privacidade | Vitrine'),
    );
  },
};

export const InStorePhone: Story = { ...InStore, globals: phone };
