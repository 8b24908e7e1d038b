import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CouponField } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Components/Storefront/CouponField',
  component: CouponField,
  parameters: {
    docs: {
      description: {
        component: `
"Cupom de desconto": aplica um código e mostra o cupom aplicado (com o desconto e/ou o frete grátis)
ou por que foi recusado. O código vai em maiúsculas e é conferido antes de chamar \`onApply\`
(letras, números, \`-\` e \`_\`, até 40 caracteres); um cupom salvo que o servidor não aplicou fica
à mostra com o motivo e "Remover", para nunca ficar preso à sacola.

**Quando usar**

- No resumo da sacola, com os dados do servidor (\`appliedCode\`, \`savedCode\`, \`discountCents\`,
  \`freeShipping\`, \`error\`).

**Quando não usar**

- Para o cadastro de cupons no painel: o editor de cupons tem seu próprio formulário.

**Estados**: \`Default\` (vazio), \`Applied\`, \`FreeShipping\`, \`Refused\` (recusado pelo
servidor), \`RefusedSaved\` (cupom salvo não aplicado), \`MalformedTyped\` (formato inválido, nada é
enviado) e \`Applying\` (aplicando).
`,
      },
    },
  },
  args: { onApply: fn(), onRemove: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 400 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof CouponField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Cupom de desconto' }), 'bemvindo10');
    await userEvent.click(canvas.getByRole('button', { name: 'Aplicar' }));
    await expect(args.onApply).toHaveBeenCalledWith('BEMVINDO10');
  },
};
export const Playground: Story = { args: { loading: false, error: null } };
export const Applied: Story = { args: { appliedCode: 'BEMVINDO10', discountCents: 1598 } };
export const FreeShipping: Story = { args: { appliedCode: 'FRETEGRATIS', freeShipping: true } };
export const Refused: Story = { args: { error: 'Cupom inválido ou expirado.' } };
/** Um código salvo que o servidor não aplicou: o motivo, e 'Remover'. */
export const RefusedSaved: Story = {
  args: { savedCode: 'NATAL2019', error: 'Este cupom expirou em 31/12/2019.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remover' }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};
/** Um código com espaço ou '!' é recusado no próprio campo e nunca aplicado. */
export const MalformedTyped: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Cupom de desconto' }), 'natal!');
    await userEvent.click(canvas.getByRole('button', { name: 'Aplicar' }));
    await expect(await canvas.findByText(/Cupom inválido: use só letras/)).toBeVisible();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};
export const Applying: Story = { args: { loading: true } };
