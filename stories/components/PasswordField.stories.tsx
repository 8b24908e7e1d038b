import Box from '@mui/material/Box';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { PasswordField } from '@vitrine/ui';
import { expect, userEvent, within } from 'storybook/test';

// A named Decorator keeps the meta's type nameable in the emitted declarations.
const narrow: Decorator = (Story) => (
  <Box sx={{ p: 3, maxWidth: 380 }}>
    <Story />
  </Box>
);

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  args: { label: 'Senha', defaultValue: 'senha-secreta' },
  decorators: [narrow],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {
  args: { label: 'Senha', helperText: 'Use pelo menos 10 caracteres.', disabled: false },
};

export const WithError: Story = {
  args: { error: true, helperText: 'Informe sua senha.', defaultValue: '' },
};

/** The eye button shows and hides what was typed. */
export const Revealed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Senha');
    await expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar senha' }));
    await expect(field).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Ocultar senha' })).toBeVisible();
  },
};
