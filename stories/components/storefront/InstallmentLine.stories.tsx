import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { InstallmentLine } from '@vitrine/ui';
import { expect } from 'storybook/test';

const NBSP = '\u00a0';
const brl = (text: string) => text.replaceAll('R$ ', `R$${NBSP}`);

/** The server's installment offer in words: "sem juros" only when the offer says so. */
const meta = {
  title: 'Components/Storefront/InstallmentLine',
  component: InstallmentLine,
  parameters: {
    docs: {
      description: {
        component: `
O parcelamento em palavras, exatamente como o servidor o oferece: "em até 10x de R$ 19,90 sem
juros". "Sem juros" só aparece quando a oferta diz; com juros, mostra o total pago. Quando a
primeira parcela leva o resto da divisão, mostra o detalhe ("1ª de … + 9x de …").

**Quando usar**

- Sob o preço no cartão do produto, na página do produto e no resumo da sacola, com os campos do
  \`InstallmentOffer\` do servidor.

**Quando não usar**

- Com menos de 2 parcelas: ela não mostra nada (não é preciso testar antes).
- Onde só cabe texto (o detalhe de uma forma de pagamento): use \`describeInstallments\`.
- Para o preço no Pix: use \`PixPrice\`.

Com \`alternative\`, a linha nomeia o plano com juros ao lado do sem juros: "ou 12x de R$ 10,34
com juros (total R$ 124,08)".

**Estados**: \`Default\`, \`UnevenFirstInstallment\`, \`WithInterest\`,
\`WithInterestAndUnevenFirst\`, \`AlternativeWithInterest\` e \`SinglePayment\` (nada exibido).
`,
      },
    },
  },
  args: {
    count: 10,
    perInstallmentCents: 1990,
    firstInstallmentCents: 1990,
    totalCents: 19900,
    interestFree: true,
    interestCents: 0,
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof InstallmentLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe(brl('em até 10x de R$ 19,90 sem juros'));
  },
};
export const Playground: Story = {
  args: {
    count: 3,
    perInstallmentCents: 3330,
    firstInstallmentCents: 3330,
    totalCents: 9990,
    interestFree: true,
  },
};
/** O resto da divisão vai na primeira parcela. */
export const UnevenFirstInstallment: Story = {
  args: { firstInstallmentCents: 1993, totalCents: 19903 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe(
      brl('em até 10x sem juros: 1ª de R$ 19,93 + 9x de R$ 19,90'),
    );
  },
};
/** Com juros: sem "sem juros", e com o total que o cliente paga. */
export const WithInterest: Story = {
  args: {
    perInstallmentCents: 2150,
    firstInstallmentCents: 2150,
    totalCents: 21500,
    interestFree: false,
    interestCents: 1600,
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).not.toContain('sem juros');
    await expect(canvasElement.textContent).toBe(
      brl('em até 10x de R$ 21,50 com juros (total R$ 215,00)'),
    );
  },
};
export const WithInterestAndUnevenFirst: Story = {
  args: {
    perInstallmentCents: 2150,
    firstInstallmentCents: 2153,
    totalCents: 21503,
    interestFree: false,
    interestCents: 1603,
  },
};
/** O plano com juros ao lado do sem juros: começa com "ou" e mostra o total (Tabela Price). */
export const AlternativeWithInterest: Story = {
  args: {
    alternative: true,
    count: 12,
    perInstallmentCents: 1034,
    firstInstallmentCents: 1034,
    totalCents: 12408,
    interestFree: false,
    interestCents: 2408,
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe(
      brl('ou 12x de R$ 10,34 com juros (total R$ 124,08)'),
    );
  },
};
/** Pagamento numa vez só: nada a mostrar. */
export const SinglePayment: Story = {
  args: { count: 1, perInstallmentCents: 4990, firstInstallmentCents: 4990, totalCents: 4990 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('');
  },
};
