import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordStrength } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

const meta = {
  title: 'Components/PasswordStrength',
  component: PasswordStrength,
  args: { password: '' },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 380 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof PasswordStrength>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed yet: every rule is pending. */
export const Default: Story = {};

export const Playground: Story = {
  args: { password: 'girassol', email: 'ana@loja.com.br' },
};

export const TooShort: Story = {
  args: { password: 'girassol' },
};

export const AllRulesMet: Story = {
  args: { password: 'girassol-azul-42', email: 'ana.souza@loja.com.br' },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    for (const item of items) await expect(item).toHaveTextContent('atendido');
  },
};

/** Unknown e-mail (reset by link): the e-mail rule is left to the server. */
export const EmailUnknown: Story = {
  args: { password: 'girassol-azul-42' },
};

export const ContainsEmail: Story = {
  args: { password: 'ana.souza-2024', email: 'ana.souza@loja.com.br' },
};

export const CommonPassword: Story = {
  args: { password: '1234567890' },
};
