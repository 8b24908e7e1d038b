import Box from '@mui/material/Box';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmDialog, type ConfirmDialogProps } from '@vitrine/ui';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';

import { DoDont } from '../../support/DoDont';

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
(o servidor recusou; o diálogo continua aberto com o motivo). \`DoAndDont\`: faça e não faça, com
exemplos.
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

/**
 * The real dialog drawn in place, for the do/don't pairs: its MUI Dialog opens inside this box
 * (not over the page), without backdrop, scroll lock or focus trap, so several sit side by side.
 */
function InPlace(props: Pick<ConfirmDialogProps, 'title' | 'text' | 'confirmLabel' | 'danger'>) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const inPlace = (theme: Theme): Theme => ({
    ...theme,
    components: {
      ...theme.components,
      MuiDialog: {
        ...theme.components?.MuiDialog,
        defaultProps: {
          ...theme.components?.MuiDialog?.defaultProps,
          container,
          // Not hidden from assistive technology when another dialog opens beside it.
          'aria-hidden': false,
          hideBackdrop: true,
          disableScrollLock: true,
          disableEnforceFocus: true,
          disableAutoFocus: true,
          disableRestoreFocus: true,
          transitionDuration: 0,
        },
        styleOverrides: {
          ...theme.components?.MuiDialog?.styleOverrides,
          root: { position: 'relative', inset: 'auto', zIndex: 'auto' },
          container: { height: 'auto' },
          paper: { margin: 0, maxWidth: '100%', boxShadow: theme.shadows[4] },
        },
      },
    },
  });
  return (
    <Box ref={setContainer} sx={{ width: '100%' }}>
      {container ? (
        <ThemeProvider theme={inPlace}>
          <ConfirmDialog
            open
            {...props}
            onConfirm={async () => undefined}
            onClose={() => undefined}
          />
        </ThemeProvider>
      ) : null}
    </Box>
  );
}

/** Faça / não faça: o botão diz a ação; o texto diz o que não pode ser desfeito. */
export const DoAndDont: Story = {
  // The docs page shows this description, in Portuguese, in place of the comment above.
  parameters: {
    docs: { description: { story: 'O botão diz a ação; o texto diz o que não tem volta.' } },
  },
  render: () => (
    <DoDont
      pairs={[
        {
          topic: 'O botão diz a ação',
          do: {
            example: (
              <InPlace
                title="Excluir a marca Aurora?"
                text="A marca Aurora será excluída de vez. Os pedidos já feitos não mudam."
                confirmLabel="Excluir marca"
                danger
              />
            ),
            why: 'O verbo da ação no botão ("Excluir marca"): dá para decidir lendo só o botão.',
          },
          dont: {
            example: <InPlace title="Atenção" text="Deseja continuar?" confirmLabel="OK" />,
            why: '"OK" e "Sim" confirmam qualquer coisa: quem clica no automático exclui sem querer.',
          },
        },
        {
          topic: 'Diga o que não tem volta',
          do: {
            example: (
              <InPlace
                title="Excluir o cupom BEMVINDO10?"
                text="O cupom será excluído e não poderá ser recuperado. Os pedidos que já o usaram não mudam."
                confirmLabel="Excluir cupom"
                danger
              />
            ),
            why: 'O que se perde de vez e o que continua igual, numa frase, antes do clique.',
          },
          dont: {
            example: (
              <InPlace
                title="Tem certeza?"
                text="Esta ação é permanente."
                confirmLabel="Excluir"
                danger
              />
            ),
            why: '"Tem certeza?" sem nomear o cupom nem dizer o que se perde não ajuda a decidir.',
          },
        },
      ]}
    />
  ),
  args: { open: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('figure', { name: 'Faça' })).toHaveLength(2);
    await expect(canvas.getAllByRole('figure', { name: 'Não faça' })).toHaveLength(2);
    // Each dialog is drawn inside its example, with the action's own button.
    const first = within(canvas.getAllByRole('figure', { name: 'Faça' })[0]!);
    const dialog = first.getByRole('dialog', { name: 'Excluir a marca Aurora?' });
    await expect(within(dialog).getByRole('button', { name: 'Excluir marca' })).toBeVisible();
  },
};
