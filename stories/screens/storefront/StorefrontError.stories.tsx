import type { Meta, StoryObj } from '@storybook/react-vite';
import { StorefrontErrorBoundary, StorefrontErrorView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';
import { phone } from './storefrontStoryData';

/** The storefront's friendly error page, shown by each area's error boundary or by a failed query. */
const meta = {
  title: 'Screens/Storefront/Error/View',
  component: StorefrontErrorView,
  parameters: {
    docs: {
      description: {
        component: `
A página de erro amigável da vitrine, para o cliente: o que aconteceu e um caminho adiante ("Tentar
novamente" e a página inicial). Aparece pela proteção de erro de cada área
(\`StorefrontErrorBoundary\`) ou quando uma consulta da página falha; é feita com \`EmptyState\` e
\`ActionButton\`. Não envia nada: quem a usa são as telas da vitrine.

**Estados**

- \`Default\` / \`Playground\`: "Algo deu errado por aqui", com "Tentar novamente" e o início.
- \`WithoutRetry\`: nada a tentar de novo, só o caminho para o início.
- \`PartOfAPage\`: uma parte da página falhou (título \`h2\` sob o \`h1\` da página).
- \`Phone\`: 320 px, sem rolagem lateral.
- \`BoundaryCatchesACrash\`: uma página quebra, a página amigável aparece, e "Tentar novamente" a
  desenha de novo quando a falha passa.

**GraphQL**: nenhuma.
`,
      },
    },
  },
  args: { onRetry: fn() },
} satisfies Meta<typeof StorefrontErrorView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Algo deu errado por aqui' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Tentar novamente' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('link', { name: 'Ir para a página inicial' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};
export const Playground: Story = {};
/** Nada para tentar de novo (a própria página não existe mais): só o caminho para a home. */
export const WithoutRetry: Story = {
  args: { onRetry: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Ir para a página inicial' })).toBeVisible();
  },
};
/** Uma parte de uma página falhou (o título dela é um h2 sob o h1 da própria página). */
export const PartOfAPage: Story = {
  args: { headingLevel: 'h2', title: 'Não foi possível carregar os produtos' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', {
        level: 2,
        name: 'Não foi possível carregar os produtos',
      }),
    ).toBeVisible();
  },
};
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};

/** A passing fault: the page throws while it is on, and renders once it is off. */
const fault = { on: true };

function FaultyPage() {
  if (fault.on) throw new Error('Página quebrada de propósito (história)');
  return <h1>Página recuperada</h1>;
}

/**
 * A proteção de erro: uma página que quebra mostra a página amigável em vez de uma tela em branco,
 * e "Tentar novamente" desenha a página de novo quando a falha já passou.
 */
export const BoundaryCatchesACrash: Story = {
  render: () => {
    fault.on = true;
    return (
      <StorefrontErrorBoundary>
        <FaultyPage />
      </StorefrontErrorBoundary>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Algo deu errado por aqui' }),
    ).toBeVisible();
    fault.on = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Tentar novamente' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Página recuperada' }),
    ).toBeVisible();
  },
};
