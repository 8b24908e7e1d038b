import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Timeline, type TimelineEntry } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

const ORDER_HISTORY: TimelineEntry[] = [
  {
    id: 'e4',
    at: '2025-06-02T14:20:00-03:00',
    title: 'Enviado',
    actor: 'Ana Souza',
    note: 'Correios, código AA123456789BR.',
  },
  {
    id: 'e3',
    at: '2025-06-02T09:05:00-03:00',
    title: 'Nota adicionada',
    actor: 'Bruno Lima',
    note: 'Cliente pediu embalagem para presente.\nConferir o cartão antes de fechar.',
  },
  { id: 'e2', at: '2025-06-01T22:41:00-03:00', title: 'Pagamento confirmado', actor: 'Pagamento' },
  { id: 'e1', at: '2025-06-01T22:38:00-03:00', title: 'Pedido criado', actor: 'Cliente' },
];

const meta = {
  title: 'Components/Dashboard/Timeline',
  component: Timeline,
  parameters: {
    docs: {
      description: {
        component: `
O histórico de um registro do painel, do mais recente ao mais antigo: quando (data e hora de
Brasília, em pt-BR), o que aconteceu, quem fez ("Ana Souza", "Cliente", "Sistema") e uma nota
como foi escrita, com as quebras de linha. É uma lista ordenada com nome, para leitores de tela.
Sem nada registrado, mostra o texto de vazio.

**Quando usar**

- Para a história de um registro: o pedido (status, pagamento, envio, notas, reembolsos), as
  alterações do catálogo.

**Quando não usar**

- Para movimentos com números a comparar (entradas e saídas de estoque): uma tabela.
- Para o registro de auditoria da loja, com filtros e exportação: a tela Auditoria.

**Estados**: \`Default\` (um pedido), \`WithoutActor\` e \`Empty\`.
`,
      },
    },
  },
  args: { label: 'Histórico do pedido', entries: ORDER_HISTORY },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, maxWidth: 720 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Histórico do pedido' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent('02/06/2025');
    await expect(items[0]).toHaveTextContent('Enviado · Ana Souza');
    await expect(items[3]).toHaveTextContent('Pedido criado · Cliente');
  },
};

export const WithoutActor: Story = {
  args: {
    label: 'Alterações do catálogo',
    entries: [
      { id: 'c1', at: '2025-06-02T10:00:00-03:00', title: 'Preço de 12 produtos alterado em -10%' },
    ],
  },
  play: async ({ canvasElement }) => {
    const item = within(canvasElement).getByRole('listitem');
    await expect(item).toHaveTextContent('Preço de 12 produtos alterado em -10%');
    await expect(item).not.toHaveTextContent('·');
  },
};

export const Empty: Story = {
  args: { entries: [], emptyText: 'Nenhuma alteração registrada ainda.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByText('Nenhuma alteração registrada ainda.')).toBeVisible();
  },
};
