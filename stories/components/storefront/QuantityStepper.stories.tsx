import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QuantityStepper } from '@vitrine/ui';
import { useState } from 'react';
import { fn } from 'storybook/test';

const meta = {
  title: 'Components/Storefront/QuantityStepper',
  component: QuantityStepper,
  args: { value: 1, onChange: fn(), max: 5 },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <QuantityStepper
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof QuantityStepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { value: 3, min: 1, max: 10, disabled: false } };
export const AtMaximum: Story = { args: { value: 5 } };
export const Disabled: Story = { args: { disabled: true } };
