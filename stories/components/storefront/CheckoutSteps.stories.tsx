import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckoutSteps } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/CheckoutSteps',
  component: CheckoutSteps,
  parameters: {
    docs: {
      description: {
        component: `
As etapas do checkout ("Identificação › Entrega › Pagamento › Revisão"), numa lista ordenada: as
anteriores aparecem concluídas e a atual (\`activeStep\`) leva \`aria-current="step"\`. Abaixo de
600 px os rótulos somem e fica uma linha "Etapa 2 de 4: Entrega".

**Quando usar**

- No cabeçalho do checkout, para o cliente ver onde está e quanto falta.

**Quando não usar**

- Para a posição na loja: use \`Breadcrumbs\`.
- Para o andamento de um pedido já feito: use \`OrderTimeline\`.

**Estados**: \`FirstStep\` (identificação), \`Default\` (entrega), \`Playground\` (pagamento) e
\`Review\` (revisão).
`,
      },
    },
  },
  args: {
    steps: [
      { id: 'identificacao', label: 'Identificação' },
      { id: 'entrega', label: 'Entrega' },
      { id: 'pagamento', label: 'Pagamento' },
      { id: 'revisao', label: 'Revisão' },
    ],
    activeStep: 1,
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof CheckoutSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { activeStep: 2 } };
export const FirstStep: Story = { args: { activeStep: 0 } };
export const Review: Story = { args: { activeStep: 3 } };
