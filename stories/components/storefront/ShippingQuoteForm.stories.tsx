import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ShippingQuoteForm, type ShippingOptionData } from '@vitrine/ui';
import { fn } from 'storybook/test';

const options: ShippingOptionData[] = [
  {
    methodId: 'retirada',
    name: 'Retirar na loja',
    kind: 'PICKUP',
    priceCents: 0,
    fullPriceCents: 0,
    freeShipping: false,
    businessDays: 1,
    pickupAddress: 'Rua Augusta, 1500 — Consolação, São Paulo/SP',
  },
  {
    methodId: 'pac',
    name: 'PAC',
    kind: 'DELIVERY',
    priceCents: 0,
    fullPriceCents: 1990,
    freeShipping: true,
    businessDays: 6,
  },
  {
    methodId: 'sedex',
    name: 'SEDEX',
    kind: 'DELIVERY',
    priceCents: 3490,
    fullPriceCents: 3490,
    freeShipping: false,
    businessDays: 2,
  },
];

const meta = {
  title: 'Components/Storefront/ShippingQuoteForm',
  component: ShippingQuoteForm,
  parameters: {
    docs: {
      description: {
        component: `
"Calcular frete e prazo": o CEP com máscara (validado antes de \`onQuote\`), o link "Não sei meu
CEP" (Correios) e as opções que o servidor cotou, com prazo em dias úteis e preço ou "Grátis".
Entregas vêm primeiro e a retirada na loja por último, nunca no topo só por ser grátis. Com
\`onSelect\`, as opções viram um grupo de rádio.

**Quando usar**

- Na página do produto (só a cotação) e na sacola (opções selecionáveis).
- \`title\` e \`headingLevel\` para encaixar no esboço da página.

**Quando não usar**

- Na etapa de entrega do checkout: lá as opções são cartões do próprio checkout, cotados pelo CEP do
  endereço.

**Estados**: \`Default\` (sem CEP), \`Quoted\`, \`Selectable\`, \`Loading\` ("Calculando…") e
\`NoDelivery\` (erro do servidor para o CEP).
`,
      },
    },
  },
  args: { onQuote: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 460 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ShippingQuoteForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { postalCode: '01310100', options, loading: false } };
export const Quoted: Story = { args: { postalCode: '01310100', options } };
export const Selectable: Story = {
  args: { postalCode: '01310100', options, selectedMethodId: 'pac', onSelect: fn() },
};
export const Loading: Story = { args: { postalCode: '01310100', loading: true } };
export const NoDelivery: Story = {
  args: { postalCode: '53990000', error: 'Não entregamos neste CEP. Escolha retirar na loja.' },
};
