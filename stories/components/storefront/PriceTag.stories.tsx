import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { InstallmentLine, PixPrice, PriceTag, StockMessage } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

import { DoDont } from '../../support/DoDont';

const meta = {
  title: 'Components/Storefront/PriceTag',
  component: PriceTag,
  parameters: {
    docs: {
      description: {
        component: `
Um preço como as lojas brasileiras mostram: o "de" riscado, o "por" e o percentual de desconto
(arredondado para baixo, para nunca prometer mais do que dá). O "de" só aparece quando é maior que o
preço; leitores de tela ouvem "Preço original", "Preço com desconto" e "20% de desconto".

**Quando usar**

- O preço do produto na página do produto (\`size="large"\`) e no cartão de produto
  (\`size="small"\`).
- \`startingAt\` ("a partir de") quando as variantes têm preços diferentes.

**Quando não usar**

- Para o preço no Pix: use \`PixPrice\`; para as parcelas, \`InstallmentLine\`.

**Estados**: \`Default\`, \`OnSale\`, \`StartingAt\`, \`Sizes\` e \`WithOfferAndStock\` (o bloco de
preço completo da página do produto, com \`PixPrice\`, \`InstallmentLine\` e \`StockMessage\`).
\`DoAndDont\`: faça e não faça, com exemplos.
`,
      },
    },
  },
  args: { priceCents: 7990 },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, display: 'grid', gap: 1 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof PriceTag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };

export const Playground: Story = {
  args: { priceCents: 7990, compareAtPriceCents: 9990, startingAt: false, size: 'large' },
};

export const OnSale: Story = {
  args: { compareAtPriceCents: 9990 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('20% de desconto')).toBeInTheDocument();
  },
};

export const StartingAt: Story = { args: { startingAt: true } };

/** O bloco de preço completo de uma página de produto: preço, Pix, parcelas e estoque. */
export const WithOfferAndStock: Story = {
  args: { priceCents: 39990, compareAtPriceCents: 49990, size: 'large' },
  render: (args) => (
    <>
      <PriceTag {...args} />
      <PixPrice pixPriceCents={37990} discountPercent={5} />
      <InstallmentLine
        count={7}
        perInstallmentCents={5712}
        firstInstallmentCents={5718}
        totalCents={39990}
        interestFree
        interestCents={0}
      />
      <StockMessage stock={3} />
    </>
  ),
};

export const Sizes: Story = {
  args: { compareAtPriceCents: 9990 },
  render: (args) => (
    <>
      <PriceTag {...args} size="small" />
      <PriceTag {...args} size="medium" />
      <PriceTag {...args} size="large" />
    </>
  ),
};

/** Faça / não faça: o "de" é um preço anterior de verdade; o preço no Pix tem uma linha só dele. */
export const DoAndDont: Story = {
  // The docs page shows this description, in Portuguese, in place of the comment above.
  parameters: {
    docs: {
      description: { story: 'O "de" é um preço que existiu; o preço no Pix tem a linha dele.' },
    },
  },
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'Preço no Pix',
          do: {
            example: (
              <Box sx={{ display: 'grid', gap: 0.5 }}>
                <PriceTag priceCents={8990} size="large" />
                <PixPrice pixPriceCents={8541} discountPercent={5} />
              </Box>
            ),
            why: 'O preço de sempre em cima; o desconto do Pix na linha dele, com PixPrice.',
          },
          dont: {
            example: <PriceTag priceCents={8541} compareAtPriceCents={8990} size="large" />,
            why: 'O preço do Pix como "por" vira uma promoção que não existe para quem paga no cartão.',
          },
        },
        {
          topic: 'Tamanho',
          do: {
            example: <PriceTag priceCents={8990} compareAtPriceCents={11990} size="small" />,
            why: 'Pequeno no cartão de produto, grande só na página do produto.',
          },
          dont: {
            example: <PriceTag priceCents={8990} compareAtPriceCents={11990} size="large" />,
            why: 'Grande numa grade de cartões, o preço engole o nome e a foto do produto.',
          },
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('figure', { name: 'Faça' })).toHaveLength(2);
    await expect(canvas.getAllByRole('figure', { name: 'Não faça' })).toHaveLength(2);
  },
};
