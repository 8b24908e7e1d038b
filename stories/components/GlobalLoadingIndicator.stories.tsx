import type { Meta, StoryObj } from '@storybook/react-vite';
import { GlobalLoadingIndicator } from '@vitrine/ui';
import { expect, within } from 'storybook/test';

const meta = {
  title: 'Components/GlobalLoadingIndicator',
  component: GlobalLoadingIndicator,
  args: { active: true },
} satisfies Meta<typeof GlobalLoadingIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The thin bar at the top of the page while a dashboard request runs. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('progressbar', { name: 'Carregando' }),
    ).toBeVisible();
  },
};

export const Playground: Story = {
  args: { active: true, label: 'Carregando' },
};

/** No request running: nothing is rendered. */
export const Idle: Story = {
  args: { active: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('progressbar')).toBeNull();
  },
};
