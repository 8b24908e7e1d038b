import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SearchBox, type SearchSuggestion } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/fixtures/storefront';
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

export const Default: Story = { args: { suggestions: [] } };
export const Playground: Story = { args: { placeholder: 'Buscar na Vitrine', debounceMs: 250 } };

/** Also shot at 375 px by the visual script. */
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
