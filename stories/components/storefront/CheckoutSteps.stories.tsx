import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckoutSteps } from '@vitrine/ui';

const meta = {
  title: 'Components/Storefront/CheckoutSteps',
  component: CheckoutSteps,
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

export const Default: Story = {};
export const Playground: Story = { args: { activeStep: 2 } };
export const FirstStep: Story = { args: { activeStep: 0 } };
export const Review: Story = { args: { activeStep: 3 } };
