import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardHomeView } from '@vitrine/ui';

const meta = {
  title: 'Screens/Dashboard/Home/View',
  component: DashboardHomeView,
  args: { staffName: 'Ana Souza', loading: false },
  decorators: [
    (Story) => (
      <Box sx={{ p: 4, bgcolor: 'background.default', minHeight: '100vh' }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof DashboardHomeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {};

export const Loading: Story = {
  args: { staffName: null, loading: true },
};

/** `me` failed: a plain greeting. */
export const WithoutName: Story = {
  args: { staffName: null },
};
