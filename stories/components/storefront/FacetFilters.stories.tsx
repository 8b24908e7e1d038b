import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EMPTY_FILTER_SELECTION, FacetFilters, type ListingFacets } from '@vitrine/ui';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

const facets: ListingFacets = {
  brands: [
    { value: 'aurora', label: 'Aurora', count: 4 },
    { value: 'mare', label: 'Maré', count: 3 },
    { value: 'serra', label: 'Serra', count: 0 },
  ],
  sizes: ['PP', 'P', 'M', 'G', 'GG'].map((size, index) => ({
    value: size,
    label: size,
    count: [1, 6, 5, 4, 2][index] ?? 0,
  })),
  colors: [
    { value: 'Preto', label: 'Preto', count: 3 },
    { value: 'Branco', label: 'Branco', count: 2 },
    { value: 'Terracota', label: 'Terracota', count: 1 },
  ],
  priceRange: { minCents: 7990, maxCents: 25990 },
};

const meta = {
  title: 'Components/Storefront/FacetFilters',
  component: FacetFilters,
  args: { facets, value: EMPTY_FILTER_SELECTION, onChange: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, width: 280 }}>
        <Story />
      </Box>
    ),
  ],
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <FacetFilters
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof FacetFilters>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { hideBrands: false } };

export const WithSelection: Story = {
  args: {
    value: { ...EMPTY_FILTER_SELECTION, brands: ['aurora'], sizes: ['M'], inStock: true },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar filtros (3)' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(EMPTY_FILTER_SELECTION);
  },
};

export const WithCategories: Story = {
  args: {
    categoryLinks: [
      { label: 'Camisetas', href: '/categoria/camisetas', count: 2 },
      { label: 'Vestidos', href: '/categoria/vestidos', count: 2 },
      { label: 'Bermudas', href: '/categoria/bermudas', count: 1 },
    ],
  },
};

/** The brand page filters one brand already. */
export const BrandPage: Story = { args: { hideBrands: true } };
