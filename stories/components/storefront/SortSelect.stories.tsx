import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SortSelect } from '@vitrine/ui';
import { fn } from 'storybook/test';

const meta = {
  title: 'Components/Storefront/SortSelect',
  component: SortSelect,
  args: { value: 'NEWEST', onChange: fn() },
  decorators: [
    (Story) => (
      <Box sx={{ p: 3 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SortSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { value: 'PRICE_ASC', allowRelevance: false } };
export const SearchResults: Story = { args: { value: 'RELEVANCE', allowRelevance: true } };
