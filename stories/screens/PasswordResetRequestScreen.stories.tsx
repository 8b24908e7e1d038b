import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordResetRequestScreen } from '@vitrine/ui';
import { authScenarios } from '@vitrine/ui/mocks';
import { WorkshopRoutes } from '@vitrine/ui/workshop';
import { expect, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Screens/PasswordResetRequest/Screen',
  component: PasswordResetRequestScreen,
  parameters: { route: '/senha/recuperar' },
  render: () => <WorkshopRoutes />,
} satisfies Meta<typeof PasswordResetRequestScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function request(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('E-mail'), `${email}{Enter}`);
  return canvas;
}

export const Default: Story = {};

export const Playground: Story = {};

/** Any address gets the same neutral confirmation. */
export const RequestSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, 'alguem@loja.com.br');
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.',
    );
  },
};

export const ServerDown: Story = {
  parameters: { msw: { handlers: { auth: authScenarios.serverDown } } },
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, 'alguem@loja.com.br');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível conectar ao servidor.',
    );
  },
};
