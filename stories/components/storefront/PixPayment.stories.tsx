import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PixPayment } from '@vitrine/ui';
import { makePixCharge } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { expect, within } from 'storybook/test';

const charge = makePixCharge({ amountCents: 17171, txid: 'VT10000' });
/** A fixed clock 29 min 41 s before the expiry, so screenshots are stable. */
const fixedNow = () => new Date(charge.expiresAt).getTime() - (29 * 60 + 41) * 1000;

const meta = {
  title: 'Components/Storefront/PixPayment',
  component: PixPayment,
  parameters: {
    docs: {
      description: {
        component: `
Pagar com Pix: o valor, quanto tempo o código ainda vale (atualizado a cada segundo), o código
"copia e cola" com o botão de copiar e o QR Code. No celular o cliente paga do próprio aparelho,
então o código e o botão vêm primeiro e o QR Code abaixo; a partir de 900 px (\`md\`), o QR Code vem
primeiro. Sem permissão de copiar, o código fica selecionado para cópia manual.

**Quando usar**

- Depois de um pedido pago por Pix: na confirmação e no rastreio do pedido.

**Quando não usar**

- Para mostrar o preço com desconto no Pix antes da compra: use \`PixPrice\`.

**Estados**: \`Default\`, \`Expired\` (código vencido, sem QR nem botão), \`Phone360\` (código
primeiro), \`Desktop\` (QR Code primeiro) e \`DayLong\` (prazo de um dia: "até amanhã").
`,
      },
    },
  },
  args: {
    code: charge.code,
    qrCodeUrl: charge.qrCodeUrl,
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

export const Default: Story = { tags: ['every-brand-and-width'] };
export const Playground: Story = { args: { amountCents: 9990 } };
export const Expired: Story = { args: { now: () => new Date(charge.expiresAt).getTime() + 1000 } };

/** The vertical order of the copy button and the QR code: which one the shopper meets first. */
function copyButtonFirst(canvasElement: HTMLElement): boolean {
  const canvas = within(canvasElement);
  const button = canvas.getByRole('button', { name: 'Copiar código Pix' });
  const qr = canvas.getByRole('img', { name: 'QR Code do Pix para pagar o pedido' });
  return button.getBoundingClientRect().top < qr.getBoundingClientRect().top;
}

/**
 * Num celular de 360 px o cliente paga do próprio aparelho: primeiro o código para copiar, o
 * QR Code abaixo.
 */
export const Phone360: Story = {
  parameters: {
    viewport: {
      options: { phone360: { name: 'Phone 360', styles: { width: '360px', height: '800px' } } },
    },
  },
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(copyButtonFirst(canvasElement)).toBe(true);
    await expect(canvas.getByRole('timer')).toHaveTextContent(/^Expira em 29 min \(até /);
    await expect(canvas.getByText('Pagando de outro aparelho? Escaneie o QR Code:')).toBeVisible();
  },
};

/** No computador, o cliente escaneia com o celular: o QR Code primeiro. */
export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    await expect(copyButtonFirst(canvasElement)).toBe(false);
    await expect(
      within(canvasElement).queryByText('Pagando de outro aparelho? Escaneie o QR Code:'),
    ).not.toBeVisible();
  },
};

/**
 * Um Pix que vale um dia: as horas e os minutos que restam, e o horário do prazo, amanhã (horário
 * de São Paulo).
 */
export const DayLong: Story = {
  args: { now: () => new Date(charge.expiresAt).getTime() - (23 * 3600 + 59 * 60 + 58) * 1000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('timer')).toHaveTextContent(
      /^Expira em 23 h 59 min \(até amanhã, \d\d:\d\d\)$/,
    );
  },
};
