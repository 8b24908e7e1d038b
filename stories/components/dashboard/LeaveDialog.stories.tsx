import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LeaveDialog, useLeaveGuard } from '@vitrine/ui';
import { useState } from 'react';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';

/** An editor as the dashboard's are built: a field, a save, and the guard on leaving. */
function GuardedEditorForm() {
  const [saved, setSaved] = useState('Camiseta de linho');
  const [name, setName] = useState(saved);
  const guard = useLeaveGuard(name !== saved);
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Link component={RouterLink} to="/lista">
        Voltar para a lista
      </Link>
      <TextField label="Nome" value={name} onChange={(event) => setName(event.target.value)} />
      <Button variant="contained" sx={{ alignSelf: 'start' }} onClick={() => setSaved(name)}>
        Salvar
      </Button>
      <LeaveDialog
        open={guard.asking}
        where="neste produto"
        onLeave={guard.proceed}
        onStay={guard.stay}
      />
    </Stack>
  );
}

function GuardedEditorDemo() {
  return (
    <Routes>
      <Route path="/lista" element={<Typography component="h1">Lista de produtos</Typography>} />
      <Route path="*" element={<GuardedEditorForm />} />
    </Routes>
  );
}

const meta = {
  title: 'Components/Dashboard/LeaveDialog',
  component: LeaveDialog,
  parameters: {
    docs: {
      description: {
        component: `
A pergunta de todo editor do painel antes de uma navegação que perderia alterações não salvas:
"Continuar editando" (o botão principal; Esc e um clique fora fazem o mesmo) ou "Sair sem
salvar". \`useLeaveGuard(quandoHáAlterações)\` diz quando perguntar: segura os links e a
navegação do app e, ao fechar ou recarregar a aba, pede a pergunta do próprio navegador;
\`release()\` deixa passar a navegação logo depois de salvar.

**Quando usar**

- Em todo formulário do painel que guarda alterações só ao salvar (produto, cupom, forma de
  entrega, configurações).

**Quando não usar**

- Para confirmar uma ação que apaga ou muda dados: \`ConfirmDialog\`, com o nome do que muda.
- Em um formulário que salva cada campo na hora (a edição de preço na grade): nada se perde.

**Estados**: \`Default\` (a pergunta), \`GuardedEditor\` (um editor com alterações: o link pergunta;
"Continuar editando" fica, "Sair sem salvar" sai) e \`SavedLeavesFreely\` (depois de salvar, o link
sai sem perguntar).
`,
      },
    },
  },
  args: { open: true, where: 'neste produto', onLeave: fn(), onStay: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof LeaveDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await expect(dialog).toHaveTextContent(
      'Há alterações neste produto que ainda não foram salvas. Se sair agora, elas se perdem.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await expect(args.onStay).toHaveBeenCalledOnce();
    await expect(args.onLeave).not.toHaveBeenCalled();
  },
};

export const GuardedEditor: Story = {
  render: () => <GuardedEditorDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nome' }), ' azul');
    await userEvent.click(canvas.getByRole('link', { name: 'Voltar para a lista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('textbox', { name: 'Nome' })).toHaveValue(
      'Camiseta de linho azul',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Voltar para a lista' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair sem salvar' }),
    );
    await expect(await canvas.findByRole('heading', { name: 'Lista de produtos' })).toBeVisible();
  },
};

export const SavedLeavesFreely: Story = {
  render: () => <GuardedEditorDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nome' }), ' azul');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await userEvent.click(canvas.getByRole('link', { name: 'Voltar para a lista' }));
    await expect(await canvas.findByRole('heading', { name: 'Lista de produtos' })).toBeVisible();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
