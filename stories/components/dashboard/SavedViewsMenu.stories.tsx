import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SavedViewsMenu, type SavedViewOption } from '@vitrine/ui';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';

const BUILT_IN: SavedViewOption[] = [
  { id: 'to-ship', name: 'A enviar', query: 'payment=PAID&fulfilment=UNFULFILLED' },
  { id: 'awaiting-pix', name: 'Aguardando Pix', query: 'payment=PENDING' },
];
const SAVED: SavedViewOption[] = [
  { id: 'v1', name: 'Sedex de hoje', query: 'period=today&shipping=sedex' },
];

const meta = {
  title: 'Components/Dashboard/SavedViewsMenu',
  component: SavedViewsMenu,
  parameters: {
    docs: {
      description: {
        component: `
O menu "Visões" de uma lista do painel: visões prontas da loja ("A enviar", "Aguardando Pix"), as
visões que a pessoa salvou (filtros e ordem da lista, guardados no servidor) e "Salvar visão
atual…". Excluir uma visão pede confirmação; só a visão sai do menu, nenhum dado muda. O botão
mostra a visão aberta ("Visão: A enviar").

**Quando usar**

- Sobre uma lista do painel com filtros que a equipe repete todo dia (pedidos, produtos).

**Quando não usar**

- Para um filtro só: deixe o filtro na barra da lista.
- Para ações sobre as linhas (enviar, exportar): use a barra de ações da grade.

**Estados**: \`Default\` (fechado), \`Open\`, \`ApplyView\`, \`ActiveView\`, \`NoSavedViews\`, \`SaveView\` (com o
erro do servidor) e \`DeleteWithConfirm\`.
`,
      },
    },
  },
  args: {
    builtIn: BUILT_IN,
    saved: SAVED,
    activeId: null,
    onApply: fn(),
    onSave: fn(async () => null),
    onDelete: fn(),
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SavedViewsMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Visões' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  },
};

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Visões' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('Visões prontas')).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: /Sedex de hoje/ })).toBeVisible();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

export const ApplyView: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Visões' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Aguardando Pix' }));
    await expect(args.onApply).toHaveBeenCalledWith(BUILT_IN[1]);
  },
};

export const ActiveView: Story = {
  args: { activeId: 'to-ship' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Visão: A enviar' }),
    ).toBeVisible();
  },
};

export const NoSavedViews: Story = {
  args: { saved: [] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Visões' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('Nenhuma visão salva')).toBeVisible();
  },
};

export const SaveView: Story = {
  args: {
    onSave: fn(async (name: string) =>
      name === 'A enviar' ? 'Já existe uma visão com esse nome.' : null,
    ),
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Visões' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Salvar visão atual…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar visão' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expect(within(dialog).getByText('Dê um nome à visão.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Nome da visão' }),
      'A enviar',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expect(
      await within(dialog).findByText('Já existe uma visão com esse nome.'),
    ).toBeVisible();
  },
};

/** Saving and deleting change the menu, as the list screens do through the server. */
function Stateful(props: ComponentProps<typeof SavedViewsMenu>) {
  const [saved, setSaved] = useState(props.saved);
  return (
    <SavedViewsMenu
      {...props}
      saved={saved}
      onDelete={(view) => {
        props.onDelete(view);
        setSaved((views) => views.filter((other) => other.id !== view.id));
      }}
    />
  );
}

export const DeleteWithConfirm: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Visões' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Excluir a visão Sedex de hoje' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Excluir a visão?' });
    await expect(dialog).toHaveTextContent('A visão “Sedex de hoje” sai do menu.');
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await expect(args.onDelete).toHaveBeenCalledWith(SAVED[0]);
    // The button is back once the dialog has closed (until then the page behind it is hidden).
    await userEvent.click(await canvas.findByRole('button', { name: 'Visões' }));
    await expect(await screen.findByText('Nenhuma visão salva')).toBeVisible();
  },
};
