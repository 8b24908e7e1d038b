import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QuantityStepper } from '@vitrine/ui';
import { useState } from 'react';
import { fn } from 'storybook/test';

const meta = {
  title: 'Components/Storefront/QuantityStepper',
  component: QuantityStepper,
  parameters: {
    docs: {
      description: {
        component: `
Uma quantidade com os botões − e + (alvos de 44 px) em volta de um campo numérico. O que se digita
vale ao sair do campo ou com Enter, limitado entre \`min\` e \`max\`; os botões se desabilitam nos
limites. \`label\` dá o nome acessível ("Quantidade de Camiseta básica").

**Quando usar**

- Na página do produto, antes de pôr na sacola, e em cada linha da sacola (\`CartLine\`).

**Quando não usar**

- Para escolher tamanho ou cor: use \`VariantPicker\`.
- Para números que não são quantidades de itens (preços, estoque no painel): use um \`TextField\`
  numérico.

**Estados**: \`Default\`, \`AtMaximum\` (+ desabilitado) e \`Disabled\`.
`,
      },
    },
  },
  args: { value: 1, onChange: fn(), max: 5 },
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
      <QuantityStepper
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof QuantityStepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { value: 3, min: 1, max: 10, disabled: false } };
export const AtMaximum: Story = { args: { value: 5 } };
export const Disabled: Story = { args: { disabled: true } };
