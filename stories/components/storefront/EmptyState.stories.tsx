import SearchOff from '@mui/icons-material/SearchOff';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Button from '@mui/material/Button';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

import { DoDont } from '../../support/DoDont';

const meta = {
  title: 'Components/Storefront/EmptyState',
  component: EmptyState,
  parameters: {
    docs: {
      description: {
        component: `
Um "nada por aqui" amigável, com o que fazer em seguida: ícone decorativo (\`icon\`, oculto para
leitores de tela), título, \`description\` e \`actions\` (botões ou links), centralizados numa
coluna de até 560 px.

**Quando usar**

- Sacola vazia, busca ou listagem sem resultados, checkout indisponível e páginas de erro da
  vitrine.
- Escolha \`headingLevel\` (\`h1\`, \`h2\` ou \`h3\`; \`h2\` por padrão) conforme a página: \`h1\`
  quando o estado vazio é a página inteira.

**Quando não usar**

- Para um erro num campo ou numa ação: mostre a mensagem junto do controle (\`helperText\`,
  \`Alert\`).
- Para uma área que ainda carrega: use o estado de carregamento dela.

**Estados**: \`Default\` (sacola vazia com ação) e \`NoResults\` (busca sem resultado, com dicas).
\`DoAndDont\`: faça e não faça, com exemplos.
`,
      },
    },
  },
  args: {
    title: 'Sua sacola está vazia',
    description: <p>Que tal começar pelas novidades?</p>,
    icon: <ShoppingBagOutlined />,
    actions: <Button variant="contained">Ver novidades</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { title: 'Nada por aqui', headingLevel: 'h2' } };
export const NoResults: Story = {
  args: {
    icon: <SearchOff />,
    title: 'Nenhum resultado para “camisetta”',
    description: (
      <ul>
        <li>Confira se a palavra está escrita corretamente.</li>
        <li>Use termos mais gerais.</li>
      </ul>
    ),
  },
};

/** Faça / não faça: um estado vazio diz o que fazer a seguir; uma falha não é "nada aqui". */
export const DoAndDont: Story = {
  // The docs page shows this description, in Portuguese, in place of the comment above.
  parameters: {
    docs: {
      description: {
        story: 'Um estado vazio diz o que fazer a seguir; uma falha não é "nada aqui".',
      },
    },
  },
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'Diga o que fazer a seguir',
          do: {
            example: (
              <EmptyState
                headingLevel="h3"
                title="Sua sacola está vazia"
                description={<p>Que tal começar pelas novidades?</p>}
                icon={<ShoppingBagOutlined />}
                actions={<Button variant="contained">Ver novidades</Button>}
              />
            ),
            why: 'Título, uma frase e uma ação: o cliente tem para onde ir.',
          },
          dont: {
            example: <EmptyState headingLevel="h3" title="Nenhum item" />,
            why: 'Um vazio sem saída: o cliente não sabe o que fazer agora.',
          },
        },
        {
          topic: 'Erro não é vazio',
          do: {
            example: (
              <EmptyState
                headingLevel="h3"
                title="Não foi possível carregar os produtos"
                description={<p>Verifique a conexão e tente de novo.</p>}
                actions={<Button variant="outlined">Tentar de novo</Button>}
              />
            ),
            why: 'Quando a loja falhou, diga que falhou e ofereça tentar de novo.',
          },
          dont: {
            example: (
              <EmptyState
                headingLevel="h3"
                title="Nenhum produto encontrado"
                icon={<SearchOff />}
              />
            ),
            why: '"Nenhum produto" depois de uma falha mente: o cliente desiste de algo que existe.',
          },
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('figure', { name: 'Faça' })).toHaveLength(2);
    await expect(canvas.getAllByRole('figure', { name: 'Não faça' })).toHaveLength(2);
  },
};
