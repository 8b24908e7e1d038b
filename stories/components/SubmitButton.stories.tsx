import Box from '@mui/material/Box';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { SubmitButton } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

// A form around the button, as in every screen: it is a submit button.
const inForm: Decorator = (Story) => (
  <Box
    component="form"
    aria-label="Formulário"
    sx={{ p: 3, maxWidth: 380 }}
    onSubmit={(event) => event.preventDefault()}
  >
    <Story />
  </Box>
);

const meta = {
  title: 'Components/SubmitButton',
  component: SubmitButton,
  args: { label: 'Entrar', sendingLabel: 'Entrando…', sending: false },
  decorators: [inForm],
} satisfies Meta<typeof SubmitButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { onClick: fn() },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Entrar' });
    await expect(button).toHaveAttribute('type', 'submit');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalled();
  },
};

export const Playground: Story = {
  args: { label: 'Enviar link', sendingLabel: 'Enviando…', color: 'primary' },
};

/** While sending: the spinner and the new label, disabled so a second click sends nothing. */
export const Sending: Story = {
  args: { sending: true, onClick: fn() },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Entrando…' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** Disabled for another reason (e.g. a form not ready): the normal label, greyed out. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Entrar' })).toBeDisabled();
  },
};
