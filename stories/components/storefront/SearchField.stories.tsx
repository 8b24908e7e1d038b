import Search from '@mui/icons-material/Search';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ActionButton, SearchField } from '@vitrine/ui';
import { expect, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Components/Storefront/SearchField',
  component: SearchField,
  args: {
    type: 'search',
    placeholder: 'Buscar produtos e marcas',
    'aria-label': 'Buscar produtos e marcas',
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 480 }}>
        <Story />
      </Box>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component: `Campo de busca leve, desenhado como o campo contornado pequeno do MUI, mas feito com um
\`input\` nativo: a primeira visita à loja não baixa os campos do MUI (cerca de 6 KB gzip).
Todo o quadro de 44 px é um \`label\`: um toque em qualquer ponto foca o texto.

**Quando usar**
- No cabeçalho da loja, antes de a busca com sugestões (\`SearchBox\`) carregar.
- Na busca da página de listagem, com o botão de buscar no fim (\`WithSubmit\`).

**Quando não usar**
- Para buscar com sugestões enquanto a pessoa digita: use \`SearchBox\`.
- Em formulários com rótulo visível, ajuda e erro: use o \`TextField\` do MUI.

**Estados**: \`Default\` (ícone antes do texto), \`WithSubmit\` (botão de buscar no fim),
\`Filled\` (com texto digitado).`,
      },
    },
  },
} satisfies Meta<typeof SearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  args: { start: <SearchRounded fontSize="small" /> },
};

export const WithSubmit: Story = {
  args: {
    placeholder: 'O que você procura?',
    'aria-label': 'Buscar produtos',
    end: (
      <ActionButton
        variant="icon"
        type="submit"
        aria-label="Buscar"
        sx={{ width: 44, height: 44, p: '10px', my: '-1px', mr: '-1px' }}
      >
        <Search />
      </ActionButton>
    ),
  },
};

export const Filled: Story = {
  args: { start: <SearchRounded fontSize="small" /> },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('searchbox', {
      name: 'Buscar produtos e marcas',
    });
    await userEvent.type(field, 'tênis azul');
    await expect(field).toHaveValue('tênis azul');
    await expect(field).toHaveFocus();
  },
};
