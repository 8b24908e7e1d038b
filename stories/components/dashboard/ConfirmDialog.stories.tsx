import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmDialog } from '@vitrine/ui';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';

const meta = {
  title: 'Components/Dashboard/ConfirmDialog',
  component: ConfirmDialog,
  parameters: {
    docs: {
      description: {
        component: `
A confirmação antes de uma ação que muda ou apaga dados: uma pergunta que nomeia o objeto, o que
acontece (e o que não muda), "Cancelar" e o botão da própria ação, vermelho quando destrói. A ação
roda daqui: o botão mostra o progresso, o diálogo não fecha no meio, e uma recusa do servidor
aparece dentro dele, que continua aberto; nada se perde.

**Quando usar**

- Antes de excluir, desativar, descartar ou aplicar algo em lote (cupom, forma de entrega,
  importação).

**Quando não usar**

- Para sair de um editor com alterações: \`LeaveDialog\`.
- Para uma ação que se desfaz na hora (marcar como destaque): faça e mostre um aviso.
- Para uma ação com campos (reembolso com valor e motivo): um diálogo com o seu formulário.

**Estados**: \`Default\`, \`Danger\` (excluir), \`Working\` (a ação em andamento) e \`Refused\`
(o servidor recusou; o diálogo continua aberto com o motivo).
`,
      },
    },
  },
  args: {
    open: true,
    title: 'Aplicar a importação?',
    text: '18 variações serão criadas e 4 atualizadas na loja. 2 linhas recusadas ficam de fora.',
    confirmLabel: 'Aplicar importação',
    onConfirm: fn(async () => undefined),
    onClose: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar a importação?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar importação' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(args.onClose).toHaveBeenCalledOnce());
  },
};

export const Danger: Story = {
  args: {
    title: 'Excluir o cupom BEMVINDO10?',
    text: 'O cupom BEMVINDO10 será excluído de vez e não poderá ser recuperado. Os pedidos já feitos não mudam.',
    confirmLabel: 'Excluir',
    danger: true,
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o cupom BEMVINDO10?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Working: Story = {
  args: { onConfirm: fn(() => new Promise<void>(() => undefined)) },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar importação' }));
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  },
};

export const Refused: Story = {
  args: {
    onConfirm: fn(async () => {
      throw new Error('A prévia expirou: envie o arquivo de novo.');
    }),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar importação' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A prévia expirou: envie o arquivo de novo.',
    );
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(within(dialog).getByRole('button', { name: 'Aplicar importação' })).toBeEnabled();
  },
};
