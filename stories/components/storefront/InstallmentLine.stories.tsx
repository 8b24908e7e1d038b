import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { InstallmentLine } from '@vitrine/ui';
import { expect } from 'storybook/test';

const meta = {
  title: 'Components/Storefront/InstallmentLine',
  component: InstallmentLine,
  args: { count: 10, installmentCents: 1299 },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof InstallmentLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toContain('em até 10x de R$\u00a012,99 sem juros');
  },
};
export const Playground: Story = { args: { count: 3, installmentCents: 3330, interestFree: true } };
/** A single payment: nothing to show. */
export const SinglePayment: Story = { args: { count: 1, installmentCents: 4990 } };
