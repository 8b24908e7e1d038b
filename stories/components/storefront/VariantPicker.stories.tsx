import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { VariantPicker } from '@vitrine/ui';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DoDont } from '../../support/DoDont';

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

- \`soldOutChoosable\` quando a opção esgotada pode ser escolhida mesmo assim, para o cliente pedir
  "Avise-me quando chegar" (a página do produto): continua riscada e é lida como "esgotado".

**Estados**: \`Default\`, \`KeyboardChoice\`, \`Colours\` (amostras de cor), \`WithError\`,
\`ShoeSizes\` (muitos tamanhos, alguns esgotados) e \`SoldOutChoosable\` (a cor esgotada
escolhida). \`DoAndDont\`: faça e não faça, com exemplos.
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

/** As setas do teclado movem a escolha e pulam o tamanho esgotado. */
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

/**
 * Os seletores da página do produto: a cor esgotada pode ser escolhida (para o 'Avise-me'),
 * riscada.
 */
export const SoldOutChoosable: Story = {
  args: {
    label: 'Cor',
    value: 'Terracota',
    soldOutChoosable: true,
    options: [
      { value: 'Preto', swatch: '#1f2937', available: true },
      { value: 'Branco', swatch: '#fafafa', available: true },
      { value: 'Terracota', swatch: '#c2410c', available: false },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Terracota (esgotado)' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Preto' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Terracota (esgotado)' }));
    await expect(canvas.getByRole('radio', { name: 'Terracota (esgotado)' })).toBeChecked();
  },
};

const colours = [
  { value: 'Preto', swatch: '#1f2937', available: true },
  { value: 'Branco', swatch: '#fafafa', available: true },
  { value: 'Terracota', swatch: '#c2410c', available: false },
];

/**
 * Faça / não faça: uma opção esgotada continua à vista (riscada, para o 'Avise-me'); nenhum tamanho
 * vem escolhido de antemão.
 */
export const DoAndDont: Story = {
  // The docs page shows this description, in Portuguese, in place of the comment above.
  parameters: {
    docs: {
      description: {
        story:
          'O que esgotou continua à vista (riscado, para o Avise-me); o tamanho é o cliente quem escolhe.',
      },
    },
  },
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'O que esgotou continua à vista',
          do: {
            example: (
              <VariantPicker
                label="Cor"
                options={colours}
                value="Terracota"
                soldOutChoosable
                onChange={() => undefined}
              />
            ),
            why: 'Riscada e ainda escolhível: quem quer a Terracota pede "Avise-me quando chegar".',
          },
          dont: {
            example: (
              <VariantPicker
                label="Cor"
                options={colours.filter((colour) => colour.available)}
                value="Preto"
                onChange={() => undefined}
              />
            ),
            why: 'Esconder a cor esgotada faz parecer que ela não existe, e a loja perde o aviso de quem a queria.',
          },
        },
        {
          topic: 'O cliente escolhe o tamanho',
          do: {
            example: (
              <VariantPicker
                label="Tamanho"
                options={sizes}
                value={null}
                error="Escolha um tamanho."
                onChange={() => undefined}
              />
            ),
            why: 'Nenhum tamanho marcado de início; quem tenta comprar sem escolher vê o aviso junto ao seletor.',
          },
          dont: {
            example: (
              <VariantPicker label="Tamanho" options={sizes} value="G" onChange={() => undefined} />
            ),
            why: 'Um tamanho já marcado passa despercebido, e o cliente recebe o G que não escolheu.',
          },
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('figure', { name: 'Faça' })).toHaveLength(2);
    await expect(canvas.getAllByRole('figure', { name: 'Não faça' })).toHaveLength(2);
    // The sold-out colour is there and chosen in the "do"; gone from the "don't".
    const kept = within(canvas.getAllByRole('figure', { name: 'Faça' })[0]!);
    const hidden = within(canvas.getAllByRole('figure', { name: 'Não faça' })[0]!);
    await expect(kept.getByRole('radio', { name: 'Terracota (esgotado)' })).toBeChecked();
    await expect(hidden.queryByRole('radio', { name: /Terracota/ })).toBeNull();
  },
};
