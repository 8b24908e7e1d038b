import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductCard, type ProductCardData } from '@vitrine/ui';
import { storefrontProduct } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';

import { DoDont } from '../../support/DoDont';

const shirt = storefrontProduct('camiseta-basica-algodao');

const product: ProductCardData = {
  slug: shirt.slug,
  name: shirt.name,
  brandName: shirt.brand.name,
  image: shirt.images[0] ?? null,
  priceCents: 7990,
  compareAtPriceCents: 9990,
  inStock: true,
};

const meta = {
  title: 'Components/Storefront/ProductCard',
  component: ProductCard,
  parameters: {
    docs: {
      description: {
        component: `
Um produto na grade: foto, marca, nome, preço (\`PriceTag\`, com a promoção), preço no Pix
(\`PixPrice\`, só com desconto) e parcelas (\`InstallmentLine\`). O cartão inteiro é a área do link
para a página do produto; os preços ficam no pé do cartão, alinhados numa linha qualquer que seja o
tamanho do nome. Esgotado, mostra o selo "Esgotado" e "Indisponível no momento".

**Quando usar**

- Nas grades de produtos (listagens, home, "você também pode gostar" do produto) e na prévia do tema
  da marca no painel.
- \`imageLoading="eager"\` nos cartões da primeira linha; \`headingLevel\` \`h2\` sob o \`h1\` da
  página, \`h3\` (padrão) dentro de uma seção.

**Quando não usar**

- Para um item da sacola: use \`CartLine\`; para um item de pedido, \`OrderLines\`.
- Para sugestões da busca: elas já vêm no \`SearchBox\`.

**Estados**: \`Default\` (promoção), \`FullPrice\`, \`StartingAt\`, \`WithOffer\`, \`WithPixPrice\`,
\`PixWithoutDiscount\`, \`SoldOut\`, \`NoImage\`, \`LongName\` (duas linhas e reticências) e
\`RowAlignment\` (preços alinhados numa fileira). \`DoAndDont\`: faça e não faça, com exemplos.
`,
      },
    },
  },
  args: { product, href: `/produto/${shirt.slug}` },
  decorators: [
    (Story, { parameters }) => (
      <Box sx={{ p: 2, width: (parameters['cardWidth'] as number | undefined) ?? 280 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** O desconto é dito uma vez, pelo preço (sem um segundo selo na foto). */
export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText(/-20%/)).toHaveLength(1);
  },
};
export const Playground: Story = { args: { imageLoading: 'eager' } };
export const FullPrice: Story = { args: { product: { ...product, compareAtPriceCents: null } } };
export const StartingAt: Story = {
  args: { product: { ...product, compareAtPriceCents: null, startingAt: true } },
};
export const WithOffer: Story = {
  args: {
    product: {
      ...product,
      pix: { priceCents: 7591, discountPercent: 5 },
      installments: {
        count: 2,
        perInstallmentCents: 3995,
        firstInstallmentCents: 3995,
        totalCents: 7990,
        interestFree: true,
        interestCents: 0,
      },
    },
  },
};
export const SoldOut: Story = { args: { product: { ...product, inStock: false } } };
export const NoImage: Story = { args: { product: { ...product, image: null } } };
export const LongName: Story = {
  args: {
    product: {
      ...product,
      name: 'Camiseta básica de algodão orgânico com gola careca reforçada e bolso frontal',
    },
  },
};

/** Com o desconto da loja no Pix: o preço no Pix abaixo do preço. */
export const WithPixPrice: Story = {
  args: { product: { ...product, pix: { priceCents: 7591, discountPercent: 5 } } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toContain('R$\u00a075,91 no Pix');
  },
};

/** Pix sem desconto: sem a linha do Pix (ela só repetiria o preço). */
export const PixWithoutDiscount: Story = {
  args: { product: { ...product, pix: { priceCents: 7990, discountPercent: 0 } } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).not.toContain('no Pix');
  },
};

const rowCards: ProductCardData[] = [
  { ...product, slug: 'a', name: 'Boné', pix: { priceCents: 7591, discountPercent: 5 } },
  {
    ...product,
    slug: 'b',
    name: 'Camiseta básica de algodão orgânico com gola careca reforçada e bolso frontal',
    compareAtPriceCents: null,
    pix: { priceCents: 7591, discountPercent: 5 },
  },
  {
    ...product,
    slug: 'c',
    name: 'Meia',
    compareAtPriceCents: null,
    startingAt: true,
    pix: { priceCents: 7591, discountPercent: 5 },
  },
];

/**
 * Uma fileira de cards: os preços ficam na mesma linha, seja qual for o nome ou um preço 'de' acima
 * deles.
 */
export const RowAlignment: Story = {
  render: (args) => (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
      style={{ gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}
    >
      {rowCards.map((card) => (
        <li key={card.slug}>
          <ProductCard {...args} product={card} href={`/produto/${card.slug}`} />
        </li>
      ))}
    </Box>
  ),
  parameters: { cardWidth: 760 },
  play: async ({ canvasElement }) => {
    const pixLines = within(canvasElement).getAllByText(/no Pix/);
    const bottoms = pixLines.map((line) => Math.round(line.getBoundingClientRect().bottom));
    await expect(new Set(bottoms).size).toBe(1);
  },
};

/** A card as wide as in the storefront's grid, for the do/don't examples. */
function GridCard({ card, children }: { card: ProductCardData; children?: ReactNode }) {
  return (
    <Box sx={{ position: 'relative', width: 200 }}>
      <ProductCard product={card} href={`/produto/${card.slug}`} />
      {children}
    </Box>
  );
}

/** Faça / não faça: uma foto de verdade, um nome curto, o desconto dito uma vez, pelo preço. */
export const DoAndDont: Story = {
  // The docs page shows parameters.docs.description, in Portuguese, in place of the comment above.
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'A foto',
          do: {
            example: <GridCard card={product} />,
            why: 'A foto do produto de verdade, de frente e no fundo claro: é ela que o cliente compara na grade.',
          },
          dont: {
            example: <GridCard card={{ ...product, image: null }} />,
            why: 'Sem foto, o cartão vira uma caixa cinza: publique o produto só depois das fotos.',
          },
        },
        {
          topic: 'O nome',
          do: {
            example: <GridCard card={{ ...product, name: 'Camiseta básica de algodão' }} />,
            why: 'Um nome curto, que cabe inteiro em duas linhas: o que é e o diferencial.',
          },
          dont: {
            example: (
              <GridCard
                card={{
                  ...product,
                  name: 'Camiseta Básica Algodão Masculina Feminina Unissex Verão Promoção Frete Grátis',
                }}
              />
            ),
            why: 'Palavras-chave no nome cortam o que importa com reticências; elas vão na descrição.',
          },
        },
        {
          topic: 'O desconto',
          do: {
            example: <GridCard card={product} />,
            why: 'O desconto aparece uma vez, no preço ("de" riscado e a porcentagem).',
          },
          dont: {
            example: (
              <GridCard card={product}>
                <Box
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    top: 8,
                    left: 8,
                    right: 8,
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 0.5,
                  }}
                >
                  {['-20%', 'OFERTA', 'FRETE GRÁTIS', 'NOVO', 'ÚLTIMAS'].map((badge) => (
                    <Chip key={badge} label={badge} size="small" color="error" />
                  ))}
                </Box>
              </GridCard>
            ),
            why: 'Uma pilha de selos cobre a foto e repete o preço: nenhum deles chama mais atenção.',
          },
        },
      ]}
    />
  ),
  // The pairs sit side by side, wider than one card.
  parameters: {
    cardWidth: 960,
    docs: {
      description: {
        story: 'Uma foto de verdade, um nome curto e o desconto dito uma vez, pelo preço.',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('figure', { name: 'Faça' })).toHaveLength(3);
    await expect(canvas.getAllByRole('figure', { name: 'Não faça' })).toHaveLength(3);
  },
};
