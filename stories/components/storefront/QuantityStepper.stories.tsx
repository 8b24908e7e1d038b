import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import { QuantityStepper, StockMessage } from '@vitrine/ui';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';

import { DoDont } from '../../support/DoDont';

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

**Estados**: \`Default\`, \`AtMaximum\` (+ desabilitado) e \`Disabled\`. \`DoAndDont\`: faça e não
faça, com exemplos.
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

const ignore = () => undefined;

/** Faça / não faça: o estoque é o limite, e a página diz isso; remover é um botão à parte. */
export const DoAndDont: Story = {
  // The docs page shows this description, in Portuguese, in place of the comment above.
  parameters: {
    docs: {
      description: {
        story: 'O estoque é o limite, e a página diz por quê; tirar da sacola é um botão à parte.',
      },
    },
  },
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'Limite ao estoque e diga por quê',
          do: {
            example: (
              <Box sx={{ display: 'grid', gap: 1, justifyItems: 'center' }}>
                <QuantityStepper
                  value={3}
                  max={3}
                  onChange={ignore}
                  label="Quantidade de Camiseta básica"
                />
                <StockMessage stock={3} />
              </Box>
            ),
            why: 'O máximo é o estoque, e "Últimas 3 unidades" explica por que o + parou.',
          },
          dont: {
            example: (
              <QuantityStepper
                value={3}
                max={99}
                onChange={ignore}
                label="Quantidade de Camiseta básica"
              />
            ),
            why: 'Sem limite, o cliente pede 10 e só descobre na sacola que não há: a frustração vem depois.',
          },
        },
        {
          topic: 'Tirar da sacola',
          do: {
            example: (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <QuantityStepper value={1} onChange={ignore} label="Quantidade de Boné" />
                <Button>Remover</Button>
              </Box>
            ),
            why: 'O mínimo é 1; para tirar o item há um botão "Remover" que diz o que faz.',
          },
          dont: {
            example: (
              <QuantityStepper value={1} min={0} onChange={ignore} label="Quantidade de Boné" />
            ),
            why: 'Com mínimo 0, um toque a mais no − some com o item sem aviso.',
          },
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('figure', { name: 'Faça' })).toHaveLength(2);
    await expect(canvas.getAllByRole('figure', { name: 'Não faça' })).toHaveLength(2);
    // At the stock's limit the + is off, and the stock says why.
    const limited = within(canvas.getAllByRole('figure', { name: 'Faça' })[0]!);
    await expect(limited.getByRole('button', { name: 'Aumentar quantidade' })).toBeDisabled();
    await expect(limited.getByText('Últimas 3 unidades')).toBeVisible();
  },
};
