import Box from '@mui/material/Box';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { SubmitButton } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DoDont } from '../support/DoDont';

// A form around the button, as in every screen: it is a submit button.
const inForm: Decorator = (Story) => (
  <Box
    component="form"
    aria-label="Formulário"
    sx={{ p: 3, maxWidth: 380 }}
    onSubmit={(event) => event.preventDefault()}
  >
    <Story />
  </Box>
);

const meta = {
  title: 'Components/SubmitButton',
  component: SubmitButton,
  parameters: {
    docs: {
      description: {
        component: `
O botão principal de envio de um formulário (\`type="submit"\`, contained, grande e com a largura
toda), com o estado de envio: desabilitado, com spinner e o texto de \`sendingLabel\`, mantendo a
cor da marca, só mais suave. O texto vem de \`label\`; aceita as demais props do \`Button\` do MUI.

**Quando usar**

- O envio de um formulário de uma ação só: entrar, enviar código, redefinir senha, aceitar convite,
  acompanhar pedido.
- Sempre que um segundo clique durante o envio não deva mandar de novo.

**Quando não usar**

- Para ações que não enviam formulário: use \`ActionButton\` (vitrine) ou o \`Button\` do MUI.

**Estados**: \`Default\`, \`Sending\` (enviando, segundo clique ignorado) e \`Disabled\` (texto
normal, acinzentado). \`DoAndDont\`: faça e não faça, com exemplos.
`,
      },
    },
  },
  args: { label: 'Entrar', sendingLabel: 'Entrando…', sending: false },
  decorators: [inForm],
} satisfies Meta<typeof SubmitButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  args: { onClick: fn() },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Entrar' });
    await expect(button).toHaveAttribute('type', 'submit');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalled();
  },
};

export const Playground: Story = {
  args: { label: 'Enviar link', sendingLabel: 'Enviando…', color: 'primary' },
};

/**
 * Enviando: o ícone girando e o novo texto, desabilitado para que um segundo clique não envie nada.
 */
export const Sending: Story = {
  args: { sending: true, onClick: fn() },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Entrando…' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/**
 * Desabilitado por outro motivo (ex.: um formulário ainda incompleto): o texto normal, acinzentado.
 */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Entrar' })).toBeDisabled();
  },
};

/** Faça / não faça: o botão diz que está enviando; o texto dele nomeia a ação. */
export const DoAndDont: Story = {
  // The docs page shows this description, in Portuguese, in place of the comment above.
  parameters: {
    docs: { description: { story: 'O botão diz que está enviando; o texto dele nomeia a ação.' } },
  },
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'Enquanto envia',
          do: {
            example: <SubmitButton label="Entrar" sendingLabel="Entrando…" sending />,
            why: 'O botão diz o que está fazendo e ignora um segundo clique.',
          },
          dont: {
            example: <SubmitButton label="Entrar" sendingLabel="Entrando…" disabled />,
            why: 'Só desabilitado, o botão não diz se a loja está trabalhando ou travou.',
          },
        },
        {
          topic: 'O texto do botão',
          do: {
            example: <SubmitButton label="Enviar link de acesso" sendingLabel="Enviando…" />,
            why: 'A ação do formulário, com o que ela faz.',
          },
          dont: {
            example: <SubmitButton label="OK" sendingLabel="Enviando…" />,
            why: '"OK" e "Enviar" não dizem o que acontece depois do toque.',
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
