import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PixPayment } from '@vitrine/ui';
import { makePixCharge } from '@vitrine/ui/mocks/fixtures/storefront';

const charge = makePixCharge({ amountCents: 17171, txid: 'VT10000' });
/** A fixed clock 29 min 41 s before the expiry, so screenshots are stable. */
const fixedNow = () => new Date(charge.expiresAt).getTime() - (29 * 60 + 41) * 1000;

const meta = {
  title: 'Components/Storefront/PixPayment',
  component: PixPayment,
  args: {
    code: charge.code,
    qrCodeSvg: charge.qrCodeSvg,
    amountCents: charge.amountCents,
    expiresAt: charge.expiresAt,
    now: fixedNow,
  },
  decorators: [
    (Story) => (
      <Box sx={{ p: 2, maxWidth: 440 }}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof PixPayment>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { amountCents: 9990 } };
export const Expired: Story = { args: { now: () => new Date(charge.expiresAt).getTime() + 1000 } };
