import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SortSelect } from '@vitrine/ui';
import { fn } from 'storybook/test';

const meta = {
  title: 'Components/Storefront/SortSelect',
  component: SortSelect,
  parameters: {
    docs: {
      description: {
        component: `
"Ordenar por": menor preço, maior preço, novidades e nome (A–Z), e relevância só numa busca
(\`allowRelevance\`). Num celular de 320 px divide a linha com o botão de filtros e pode ficar mais
estreito que os 200 px que tem do \`sm\` para cima.

**Quando usar**

- No topo das listagens (categoria, marca, busca), ao lado do botão de filtros.

**Quando não usar**

- Para filtrar resultados: use \`FacetFilters\`.
- Fora da vitrine: as opções e rótulos são os da listagem de produtos.

**Estados**: \`Default\` (novidades) e \`SearchResults\` (com relevância).
`,
      },
    },
  },
  args: { value: 'NEWEST', onChange: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SortSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { value: 'PRICE_ASC', allowRelevance: false } };
export const SearchResults: Story = { args: { value: 'RELEVANCE', allowRelevance: true } };
