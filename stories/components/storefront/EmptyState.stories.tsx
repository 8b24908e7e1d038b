import SearchOff from '@mui/icons-material/SearchOff';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Button from '@mui/material/Button';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from '@vitrine/ui';

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
