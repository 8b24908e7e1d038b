import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  CartProvider,
  createCartStore,
  DEMO_STORE_CONTACT,
  ContactScreen,
  StorefrontShellScreen,
  ContactView,
} from '@vitrine/ui';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

/** '/contato': the View through args; `InStore` is the routed Screen inside the storefront frame. */
const meta = {
  title: 'Screens/Storefront/Institutional/Contact',
  component: ContactView,
  parameters: {
    docs: {
      description: {
        component: `
A página de contato da loja (\`/contato\`), para o cliente: como falar com a loja (e-mail, WhatsApp,
horário) e quem a loja é legalmente (razão social, CNPJ, endereço). O texto próprio da loja, quando
configurado, aparece acima dos canais (\`FormattedText\`). As histórias mostram a \`ContactView\`
pelos args; \`InStore\` é a tela roteada (\`ContactScreen\`) dentro da moldura da loja.

**Estados**

- \`Default\` / \`Playground\`: os dados de demonstração; outro nome de loja.
- \`StoreText\`: o texto da loja acima dos canais, que continuam.
- \`Phone\`: 320 px, o e-mail quebra, sem rolagem lateral.
- \`InStore\` / \`InStorePhone\`: a tela roteada, com o nome da loja e o título vindos da API.

**GraphQL**: a View não envia nada; a tela roteada (nas histórias InStore) envia \`StoreName\`,
\`StoreLegal\` e \`InstitutionalTexts\` (queries), além das da moldura da loja.
`,
      },
    },
    route: '/contato',
  },
  args: { contact: DEMO_STORE_CONTACT },
} satisfies Meta<typeof ContactView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Contato' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Conversar no WhatsApp' })).toBeVisible();
  },
};

/** O texto da própria loja (configurações, texto formatado) no lugar da página padrão. */
export const StoreText: Story = {
  args: {
    customText: `Loja física aberta de **terça a sábado**, das 10h às 19h.

Rua das Flores, 120 — Curitiba/PR.`,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Contato' })).toBeVisible();
    // Above the contact details, which stay.
    await expect(canvas.getByText(/terça a sábado/)).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Canais de atendimento' })).toBeVisible();
  },
};

export const Playground: Story = {
  args: { contact: { ...DEMO_STORE_CONTACT, storeName: 'Casa Aurora' } },
};

/** O menor celular (320 px): o e-mail quebra a linha, nada rola para o lado. */
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
        <ContactScreen />
      </StorefrontShellScreen>
    </CartProvider>
  );
}

/** A tela roteada dentro da moldura da loja: o nome da loja e o título da página vêm da API. */
export const InStore: Story = {
  render: () => <InStorePage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Contato' })).toBeVisible();
    await waitFor(() => expect(canvasElement.ownerDocument.title).toBe('Contato | Vitrine'));
  },
};

export const InStorePhone: Story = {
  ...InStore,
  globals: phone,
  play: async (context) => {
    await InStore.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};
