import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { RestockAlertForm } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Components/Storefront/RestockAlertForm',
  component: RestockAlertForm,
  parameters: {
    docs: {
      description: {
        component: `
"Avise-me quando chegar": num produto ou tamanho esgotado, um campo de e-mail. O servidor manda
primeiro um link de confirmação (dupla confirmação) e depois um único e-mail quando o estoque
voltar. Com mais de uma variante esgotada em \`options\`, pede também o "Tamanho"; o e-mail é
validado antes de enviar, com mensagens em português.

**Quando usar**

- Na página do produto, sob o botão de compra (que passa a dizer "Tamanho esgotado"), quando há
  variantes esgotadas para avisar.

**Quando não usar**

- Para só dizer que acabou: use \`StockMessage\`.
- Para cadastro em newsletter ou contato: não é um formulário genérico de e-mail.

**Estados**: \`Default\` (um tamanho), \`ChooseASize\`, \`InvalidEmail\`, \`Sending\`,
\`ServerError\` (recusado pelo servidor) e \`Sent\` ("Enviamos um e-mail para confirmar").
`,
      },
    },
  },
  args: {
    status: 'idle',
    options: [{ variantId: 'v-39', label: 'Tamanho 39' }],
    onSubmit: fn(),
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 440 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof RestockAlertForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** O tamanho escolhido está esgotado: só o e-mail. */
export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { error: null } };
/** Vários tamanhos esgotados: o cliente escolhe qual. */
export const ChooseASize: Story = {
  args: {
    options: [
      { variantId: 'v-37', label: 'Tamanho 37' },
      { variantId: 'v-41', label: 'Tamanho 41' },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Avise-me' }));
    await expect(canvas.getByText('Escolha o tamanho.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.selectOptions(canvas.getByLabelText('Tamanho'), 'v-41');
    await userEvent.click(canvas.getByRole('button', { name: 'Avise-me' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('ana@example.com', 'v-41');
  },
};
/** Um e-mail inválido é apontado antes do envio, em português. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('E-mail'), 'ana@exemplo');
    await userEvent.click(canvas.getByRole('button', { name: 'Avise-me' }));
    await expect(
      canvas.getByText('Informe um e-mail válido, como nome@exemplo.com.br.'),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const Sending: Story = { args: { status: 'sending' } };
/** O servidor recusou (requisições demais). */
export const ServerError: Story = {
  args: { error: 'Muitos pedidos de aviso. Tente novamente em 58 minutos.' },
};
export const Sent: Story = { args: { status: 'sent' } };
