import type { Meta, StoryObj } from '@storybook/react-vite';
import { StorefrontShellView } from '@vitrine/ui';
import { expect, fn, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

const legal = {
  legalName: 'Vitrine Moda LTDA',
  cnpj: '12.345.678/0001-95',
  legalAddress: 'Rua Exemplo, 100, sala 12 – Pinheiros, São Paulo/SP, CEP 05422-000',
  contactEmail: 'atendimento@vitrine.exemplo.com.br',
  contactPhone: '(11) 99999-0000',
};

/**
 * The storefront footer (issue 12, item 13): the store's razão social, CNPJ, address and contact
 * on every page, as Decreto 7.962/2013 asks, from storeSettings.
 */
const meta = {
  title: 'Screens/Storefront/Shell/Footer',
  component: StorefrontShellView,
  parameters: {
    docs: {
      description: {
        component: `
O rodapé da vitrine, visto pela \`StorefrontShellView\`: em toda página, a identidade legal da loja
(razão social, CNPJ, endereço e contato), como pede o Decreto 7.962/2013, vinda das configurações da
loja (\`legal\`). Linhas que a loja não preencheu ficam de fora; a linha de direitos autorais sempre
aparece. Não envia nada: quem passa \`legal\` é o \`StorefrontShellScreen\`.

**Estados**

- \`WithLegalIdentity\`: razão social, CNPJ, endereço e atendimento.
- \`WithoutLegalIdentity\`: loja sem identidade (ou carregando): só os direitos autorais.
- \`Phone\`: 320 px, o endereço e o e-mail longos quebram, sem rolagem lateral.

**GraphQL**: nenhuma; a tela que a alimenta traz \`legal\` na query \`StorefrontShell\`.
`,
      },
    },
  },
  args: {
    storeName: 'Vitrine',
    onCartClick: fn(),
    onSearch: fn(),
    legal,
    children: null,
  },
} satisfies Meta<typeof StorefrontShellView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithLegalIdentity: Story = {
  play: async ({ canvasElement }) => {
    const footer = within(within(canvasElement).getByRole('contentinfo'));
    await expect(footer.getByText('Vitrine Moda LTDA · CNPJ 12.345.678/0001-95')).toBeVisible();
    await expect(footer.getByText(legal.legalAddress)).toBeVisible();
    await expect(footer.getByText(/^Atendimento:/)).toHaveTextContent(
      'Atendimento: atendimento@vitrine.exemplo.com.br · (11) 99999-0000',
    );
  },
};

/**
 * Uma loja que ainda não definiu a identidade dela (ou enquanto ela carrega): só a linha de
 * direitos autorais.
 */
export const WithoutLegalIdentity: Story = {
  args: { legal: null },
  play: async ({ canvasElement }) => {
    const footer = within(within(canvasElement).getByRole('contentinfo'));
    await expect(footer.getByText('© Vitrine. Todos os direitos reservados.')).toBeVisible();
    await expect(footer.queryByText(/CNPJ/)).toBeNull();
  },
};

/** O menor celular (320 px): o endereço longo e o e-mail quebram a linha, nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async (context) => {
    await WithLegalIdentity.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};
