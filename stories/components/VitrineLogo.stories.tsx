import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { VitrineLogo } from '@vitrine/ui';

const meta = {
  title: 'Components/VitrineLogo',
  component: VitrineLogo,
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof VitrineLogo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {
  args: { name: 'Casa Aurora', size: 'medium', tone: 'default' },
};

export const Sizes: Story = {
  render: (args) => (
    <Stack spacing={2}>
      <VitrineLogo {...args} size="small" />
      <VitrineLogo {...args} size="medium" />
      <VitrineLogo {...args} size="large" />
    </Stack>
  ),
};

export const OnDarkSurface: Story = {
  args: { tone: 'light' },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, bgcolor: 'grey.900' }}>
        <Story />
      </Box>
    ),
  ],
};
