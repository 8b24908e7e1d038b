import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { VariantPicker } from '@vitrine/ui';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

const sizes = [
  { value: 'P', available: true },
  { value: 'M', available: false },
  { value: 'G', available: true },
  { value: 'GG', available: true },
];

const meta = {
  title: 'Components/Storefront/VariantPicker',
  component: VariantPicker,
  parameters: {
    docs: {
      description: {
        component: `
A escolha de tamanho ou cor como um grupo de rádio: rádios nativos dão o teclado (as setas pulam o
que está indisponível) e a leitura correta nos leitores de tela. Opções indisponíveis continuam à
vista, riscadas na diagonal. Com \`swatch\`, mostra a bolinha de cor no lugar do texto; cada opção
tem pelo menos 48 × 44 px.

**Quando usar**

- Na página do produto, um seletor para cada opção (\`label\` "Tamanho", "Cor").
- \`error\` para pedir a escolha depois de uma tentativa de pôr na sacola sem ela.

**Quando não usar**

- Para listas longas ou filtros com contagem: use \`FacetFilters\`.
- Para a quantidade: use \`QuantityStepper\`.

**Estados**: \`Default\`, \`KeyboardChoice\`, \`Colours\` (amostras de cor), \`WithError\` e
\`ShoeSizes\` (muitos tamanhos, alguns esgotados).
`,
      },
    },
  },
  args: { label: 'Tamanho', options: sizes, value: 'P', onChange: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <VariantPicker
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof VariantPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };

export const Playground: Story = { args: { label: 'Tamanho', value: null } };

/** Arrow keys move the choice and skip the sold-out size. */
export const KeyboardChoice: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'P' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'G' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('G');
    await expect(canvas.getByRole('radio', { name: 'M (indisponível)' })).toBeDisabled();
  },
};

export const Colours: Story = {
  args: {
    label: 'Cor',
    value: 'Preto',
    options: [
      { value: 'Preto', swatch: '#1f2937', available: true },
      { value: 'Branco', swatch: '#fafafa', available: true },
      { value: 'Terracota', swatch: '#c2410c', available: false },
    ],
  },
};

export const WithError: Story = { args: { value: null, error: 'Escolha um tamanho.' } };

export const ShoeSizes: Story = {
  args: {
    value: null,
    options: ['36', '37', '38', '39', '40', '41', '42', '43'].map((value, index) => ({
      value,
      available: index % 3 !== 1,
    })),
  },
};
