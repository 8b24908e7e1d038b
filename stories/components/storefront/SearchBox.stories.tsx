import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SearchBox, type SearchSuggestion } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, fn, userEvent, within } from 'storybook/test';

const shirt = storefrontProduct('camiseta-basica-algodao');
const suggestions: SearchSuggestion[] = [
  {
    id: shirt.id,
    kind: 'product',
    label: shirt.name,
    href: `/produto/${shirt.slug}`,
    detail: 'Aurora · R$ 79,90',
    imageUrl: shirt.images[0]?.url ?? null,
  },
  { id: 'b1', kind: 'brand', label: 'Aurora', href: '/marcas/aurora', detail: 'Marca' },
  {
    id: 'c1',
    kind: 'category',
    label: 'Camisetas',
    href: '/categoria/camisetas',
    detail: 'Categoria',
  },
];

const meta = {
  title: 'Components/Storefront/SearchBox',
  component: SearchBox,
  parameters: {
    docs: {
      description: {
        component: `
A busca do cabeçalho, com sugestões enquanto se digita (produtos, marcas e categorias). O pedido de
sugestões sai só quando a digitação pausa (\`debounceMs\`, 250 ms) e com 2 caracteres ou mais; Enter
busca (\`onSubmit\`) e escolher uma sugestão a abre (\`onSelect\`). É um \`role="search"\` com o
campo "Buscar produtos".

**Quando usar**

- No cabeçalho da vitrine. Numa primeira visita, o cabeçalho mostra um campo simples
  (\`SearchField\`) com o mesmo visual e troca para este quando a pessoa foca ou digita.

**Quando não usar**

- Para as buscas das listas do painel (pedidos, produtos): lá é um \`TextField\` simples.
- Para filtros de listagem: use \`FacetFilters\`.

**Estados**: \`Default\`, \`WithSuggestions\` (também fotografada a 375 px) e \`Loading\`
("Buscando…").
`,
      },
    },
  },
  args: { suggestions, onQueryChange: fn(), onSubmit: fn(), onSelect: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, maxWidth: 520, minHeight: 360 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'], args: { suggestions: [] } };
export const Playground: Story = { args: { placeholder: 'Buscar na Vitrine', debounceMs: 250 } };

/** Também capturada em 375 px pelo script visual. */
export const WithSuggestions: Story = {
  tags: ['mobile'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Buscar produtos' }), 'cami');
    await expect(
      await within(canvasElement.ownerDocument.body).findByRole('listbox'),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(args.onQueryChange).toHaveBeenCalledWith('cami');
  },
};

export const Loading: Story = {
  args: { suggestions: [], loading: true, defaultQuery: 'tênis' },
};
