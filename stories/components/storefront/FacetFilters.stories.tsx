import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EMPTY_FILTER_SELECTION, FacetFilters, type ListingFacets } from '@vitrine/ui';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

const facets: ListingFacets = {
  categories: [
    { value: 'roupas', label: 'Roupas', count: 7, parentValue: null },
    { value: 'camisetas', label: 'Camisetas', count: 4, parentValue: 'roupas' },
    { value: 'vestidos', label: 'Vestidos', count: 3, parentValue: 'roupas' },
    { value: 'calcados', label: 'Calçados', count: 2, parentValue: null },
    { value: 'tenis', label: 'Tênis', count: 2, parentValue: 'calcados' },
    { value: 'sandalias', label: 'Sandálias', count: 0, parentValue: 'calcados' },
    { value: 'acessorios', label: 'Acessórios', count: 0, parentValue: null },
  ],
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
  inStockCount: 9,
};

const meta = {
  title: 'Components/Storefront/FacetFilters',
  component: FacetFilters,
  parameters: {
    docs: {
      description: {
        component: `
Os filtros da listagem: categoria (uma por vez, com as subcategorias abrindo sob a escolhida),
disponibilidade ("Somente em estoque"), marca, tamanho e cor (caixas com a contagem do servidor) e
faixa de preço. Só informa a próxima seleção (\`onChange\`); a tela a põe na URL. Opções sem
produtos ficam desabilitadas, a não ser que já estejam escolhidas.

**Quando usar**

- Na coluna lateral das listagens (categoria, marca, busca); no celular, a listagem o abre numa
  gaveta inferior "Filtros".
- \`hideBrands\` na página da marca; \`hideCategories\` + \`categoryLinks\` na página da categoria.

**Quando não usar**

- Para a ordem dos resultados: use \`SortSelect\`.
- Para buscar por texto: use \`SearchBox\`.

**Estados**: \`Default\`, \`WithSelection\` ("Limpar filtros (3)"), \`ChooseACategory\`,
\`WithCategories\` (subcategorias como links) e \`BrandPage\` (sem o filtro de marca).
`,
      },
    },
  },
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

export const Default: Story = { tags: ['every-brand-and-width'] };
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

/** Uma categoria por vez; as subcategorias dela abrem logo abaixo, e "Todas" desfaz a escolha. */
export const ChooseACategory: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('radiogroup', { name: 'Categoria' });
    await expect(within(group).getByRole('radio', { name: 'Todas as categorias' })).toBeChecked();
    await expect(within(group).queryByRole('radio', { name: /^Tênis/ })).toBeNull();
    await expect(within(group).getByRole('radio', { name: 'Acessórios (0)' })).toBeDisabled();
    await userEvent.click(within(group).getByRole('radio', { name: 'Calçados (2)' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTER_SELECTION,
      category: 'calcados',
    });
    await userEvent.click(await within(group).findByRole('radio', { name: 'Tênis (2)' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTER_SELECTION,
      category: 'tenis',
    });
    await expect(canvas.getByRole('button', { name: 'Limpar filtros (1)' })).toBeVisible();
    await userEvent.click(within(group).getByRole('radio', { name: 'Todas as categorias' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(EMPTY_FILTER_SELECTION);
  },
};

/** A página da categoria: a página já é a categoria, então as subcategorias viram links. */
export const WithCategories: Story = {
  args: {
    hideCategories: true,
    categoryLinks: [
      { label: 'Camisetas', href: '/categoria/camisetas', count: 2 },
      { label: 'Vestidos', href: '/categoria/vestidos', count: 2 },
      { label: 'Bermudas', href: '/categoria/bermudas', count: 1 },
    ],
  },
};

/** A página da marca já filtra uma marca. */
export const BrandPage: Story = { args: { hideBrands: true } };
