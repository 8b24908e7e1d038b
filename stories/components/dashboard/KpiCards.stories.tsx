import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { KpiCards, KpiCardsSkeleton, type Kpi } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

const KPIS: Kpi[] = [
  {
    key: 'revenue',
    label: 'Receita',
    value: 'R$ 12.480,90',
    previousValue: 'R$ 10.120,00',
    change: 23.3,
    goodWhenUp: true,
  },
  {
    key: 'orders',
    label: 'Pedidos',
    value: '84',
    previousValue: '91',
    change: -7.7,
    goodWhenUp: true,
  },
  {
    key: 'averageTicket',
    label: 'Ticket médio',
    value: 'R$ 148,58',
    previousValue: 'R$ 111,21',
    change: 33.6,
    goodWhenUp: true,
  },
  {
    key: 'unitsSold',
    label: 'Unidades vendidas',
    value: '132',
    previousValue: '132',
    change: 0,
    goodWhenUp: true,
  },
  {
    key: 'awaitingPix',
    label: 'Aguardando Pix',
    value: '6',
    previousValue: '0',
    change: null,
    goodWhenUp: false,
  },
  {
    key: 'toShip',
    label: 'Pagos a enviar',
    value: '11',
    previousValue: '8',
    change: 37.5,
    goodWhenUp: false,
  },
];

const meta = {
  title: 'Components/Dashboard/KpiCards',
  component: KpiCards,
  parameters: {
    docs: {
      description: {
        component: `
Os cartões de números do painel: o valor do período, o do período anterior ("Antes: …") e a
variação em %, com seta e cor. A cor diz se a mudança é boa notícia (\`goodWhenUp\`: receita sobe,
verde; desce, vermelho); números que são trabalho a fazer (Pix a confirmar, pedidos a enviar)
ficam neutros. Cada cartão é uma região com o nome do número e uma frase para leitores de tela
("Alta de 23,3% em relação ao período anterior (R$ 10.120,00).").

**Quando usar**

- Para poucos números de um período com comparação, no alto de uma página do painel.
- Enquanto os números carregam: \`KpiCardsSkeleton\`, com o mesmo desenho.

**Quando não usar**

- Para uma série no tempo: use o gráfico de receita por dia.
- Para listas com ação (pedidos a enviar): use a lista "A fazer" da página inicial.
- Na vitrine: os números são da equipe.

**Estados**: \`Default\` (alta, queda, estável, sem base, trabalho a fazer), \`Loading\` e
\`NoComparison\` (nenhum período anterior com movimento).
`,
      },
    },
  },
  args: { kpis: KPIS },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof KpiCards>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['every-brand-and-width'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Indicadores do período' });
    await expect(within(group).getAllByRole('region')).toHaveLength(6);
    const revenue = canvas.getByRole('region', { name: 'Receita' });
    await expect(revenue).toHaveTextContent('R$ 12.480,90');
    await expect(revenue).toHaveTextContent('+23,3%');
    await expect(revenue).toHaveTextContent(
      'Alta de 23,3% em relação ao período anterior (R$ 10.120,00).',
    );
    await expect(canvas.getByRole('region', { name: 'Pedidos' })).toHaveTextContent(
      'Queda de 7,7% em relação ao período anterior (91).',
    );
    await expect(canvas.getByRole('region', { name: 'Aguardando Pix' })).toHaveTextContent(
      'Sem base de comparação: 0 no período anterior.',
    );
  },
};

export const Loading: Story = {
  render: () => <KpiCardsSkeleton />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.MuiSkeleton-root')).toHaveLength(18);
  },
};

export const NoComparison: Story = {
  args: {
    kpis: KPIS.slice(0, 3).map((kpi) => ({
      ...kpi,
      previousValue: kpi.key === 'orders' ? '0' : 'R$ 0,00',
      change: null,
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('—')).toHaveLength(3);
  },
};
