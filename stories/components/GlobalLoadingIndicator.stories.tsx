import type { Meta, StoryObj } from '@storybook/react-vite';
import { GlobalLoadingIndicator } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

const meta = {
  title: 'Components/GlobalLoadingIndicator',
  component: GlobalLoadingIndicator,
  parameters: {
    docs: {
      description: {
        component: `
A barra fina (3 px) fixa no topo da página enquanto há requisições do painel em andamento. Leitores
de tela a anunciam pelo \`label\` ("Carregando"); com \`active={false}\` nada é desenhado.

**Quando usar**

- No painel, para sinalizar que algo está sendo carregado ou salvo. No app ela entra pela versão
  conectada, \`ConnectedLoadingIndicator\`, que segue o contador de requisições da autenticação.

**Quando não usar**

- Para o carregamento de uma área (tabela, cartão, gráfico): use \`Skeleton\` na própria área, como
  fazem as telas do painel.
- Na vitrine do cliente: a barra é só do painel (nem é baixada numa primeira visita à loja).

**Estados**: \`Default\` (ativa) e \`Idle\` (inativa, nada renderizado).
`,
      },
    },
  },
  args: { active: true },
} satisfies Meta<typeof GlobalLoadingIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A barra fina no topo da página enquanto uma requisição do painel está em andamento. */
export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('progressbar', { name: 'Carregando' }),
    ).toBeVisible();
  },
};

export const Playground: Story = {
  args: { active: true, label: 'Carregando' },
};

/** Nenhuma requisição em andamento: nada é desenhado. */
export const Idle: Story = {
  args: { active: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('progressbar')).toBeNull();
  },
};
