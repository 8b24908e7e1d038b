import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardHomeView, DashboardShellView } from '@vitrine/ui';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'Screens/Dashboard/Shell/View',
  component: DashboardShellView,
  args: {
    storeName: 'Vitrine',
    staff: { name: 'Ana Souza', email: 'admin@vitrine.com.br', role: 'ADMIN' },
    onLogout: fn(),
    currentPath: '/dashboard',
    children: <DashboardHomeView staffName="Ana Souza" />,
  },
  parameters: { route: '/dashboard' },
} satisfies Meta<typeof DashboardShellView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('staff-name')).toHaveTextContent('Ana Souza');
    await userEvent.click(canvas.getByRole('button', { name: 'Sair' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

export const Playground: Story = {
  args: { storeName: 'Casa Aurora', staff: { name: 'Bruno Lima', role: 'BRAND_MANAGER' } },
};

/** `me` is still loading: skeletons where the name goes. */
export const LoadingStaff: Story = {
  args: {
    staff: null,
    staffLoading: true,
    children: <DashboardHomeView staffName={null} loading />,
  },
};

export const SupportRole: Story = {
  args: { staff: { name: 'Carla Mendes', role: 'SUPPORT' } },
};
