import Container from '@mui/material/Container';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReturnSectionView, type OrderReturnsInfo } from '@vitrine/ui';
import {
  makeDeliveredOrder,
  RETURN_STATES,
  returnLineId,
  type ReturnFixture,
} from '@vitrine/ui/mocks/returns/returns.fixtures';
import { expect, fn, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';
import { phone } from './storefrontStoryData';

const order = makeDeliveredOrder();

/** What orderStatus answers of VT-9998's returns (the mock's fixtures), with `returns`. */
function info(overrides: Partial<OrderReturnsInfo> = {}, returns: ReturnFixture[] = []) {
  const asked = new Map<string, number>();
  for (const ret of returns) {
    if (ret.status === 'REJECTED') continue;
    for (const line of ret.lines)
      asked.set(line.lineId, (asked.get(line.lineId) ?? 0) + line.quantity);
  }
  const open = returns.some((ret) => ret.status === 'REQUESTED' || ret.status === 'LABEL_ISSUED');
  return {
    number: order.number,
    returnWindowEndsAt: '2024-06-16T02:59:59.999Z',
    returnable: !open,
    returnableLines: order.lines.map((line, index) => ({
      lineId: returnLineId(order.number, index),
      productName: line.productName,
      brandName: line.brandName,
      variantLabel: line.variantLabel,
      sku: line.sku,
      imageUrl: line.imageUrl,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      returnableQuantity: line.quantity - (asked.get(returnLineId(order.number, index)) ?? 0),
    })),
    returns: returns.map((ret) => ({
      ...ret,
      refundCents: ret.refundCents ?? 0,
      shippingRefundCents: ret.shippingRefundCents ?? 0,
    })),
    ...overrides,
  } satisfies OrderReturnsInfo;
}

/** 'Devolver produtos' on the tracking page, pure. */
const meta = {
  title: 'Screens/Storefront/OrderTracking/Returns/View',
  component: ReturnSectionView,
  parameters: {
    docs: {
      description: {
        component: `
"Devolver produtos" na página "Acompanhe seu pedido", puro: o direito de arrependimento (7 dias
após a entrega, CDC art. 49). Dentro do prazo, até quando e o botão que abre o formulário
(quantas unidades de cada item voltam e o motivo); depois do pedido, a confirmação e cada
devolução com o seu andamento e o código de postagem; fora do prazo, a política de trocas da loja
(a página Trocas e devoluções) no lugar do formulário.

**Estados**

- \`Default\` / \`Playground\`: dentro do prazo, formulário fechado.
- \`Form\` (aberto), \`Sending\` (enviando) e \`Refused\` (o servidor recusou, com o motivo).
- \`Requested\`: a confirmação logo depois do pedido, o código ainda a caminho.
- \`CodeIssued\`: o código de autorização de postagem dos Correios, até quando e como postar.
- \`Refunded\` (produtos recebidos e reembolso feito) e \`Rejected\` (a loja recusou, com o motivo).
- \`WindowClosed\`: passados os 7 dias, a política de trocas da loja; \`AllReturned\`.
- \`Loading\` e \`Error\`; \`FormPhone\` e \`CodeIssuedPhone\` a 320 px.

**GraphQL**: nenhuma; quem consulta a API (\`StorefrontOrderReturns\`,
\`StorefrontRequestOrderReturn\`) é a seção com dados da página.
`,
      },
    },
  },
  decorators: [
    (Story) => (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Story />
      </Container>
    ),
  ],
  args: {
    status: 'ready',
    info: info(),
    onSubmit: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof ReturnSectionView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { tags: ['mobile'] };
export const Playground: Story = {};

/** O formulário aberto: todas as unidades voltam por padrão; o motivo é obrigatório. */
export const Form: Story = {
  tags: ['mobile'],
  args: { initialOpen: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Solicitar devolução' }));
    await expect(canvas.getByText('Conte o motivo da devolução.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const Sending: Story = { args: { initialOpen: true, submitting: true } };
/** O servidor recusou o pedido (o prazo acabou enquanto o formulário estava aberto). */
export const Refused: Story = {
  args: {
    initialOpen: true,
    error: {
      message:
        'O prazo de 7 dias para desistir da compra terminou em 15/06/2024. Trocas depois desse prazo seguem a política de trocas da loja: veja a página Trocas e devoluções.',
      field: null,
    },
  },
};
/** Logo depois do pedido: a confirmação no alto e a devolução aguardando o código. */
export const Requested: Story = {
  tags: ['mobile'],
  args: {
    info: info({}, [RETURN_STATES.requested()]),
    requested: { ...RETURN_STATES.requested(), refundCents: 15181, shippingRefundCents: 0 },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Recebemos seu pedido de devolução 1/)).toBeVisible();
    await expect(canvas.getByText(/Estamos gerando o código de postagem/)).toBeVisible();
  },
};
/** O código de autorização de postagem dos Correios: até quando vale e como postar. */
export const CodeIssued: Story = {
  tags: ['mobile'],
  args: { info: info({}, [RETURN_STATES.labelIssued()]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('LR123456785BR')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copiar código' })).toBeVisible();
  },
};
export const Refunded: Story = {
  args: {
    info: info({ returnable: false, returnWindowEndsAt: '2024-06-16T02:59:59.999Z' }, [
      RETURN_STATES.refunded(),
    ]),
  },
};
export const Rejected: Story = {
  args: { info: info({}, [RETURN_STATES.rejected()]) },
};
/** Passados os 7 dias: a política de trocas da loja no lugar do formulário. */
export const WindowClosed: Story = {
  tags: ['mobile'],
  args: { info: info({ returnable: false, returnWindowEndsAt: '2024-05-28T02:59:59.999Z' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/terminou em 27\/05\/2024/)).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Ver a política de trocas e devoluções' }),
    ).toBeVisible();
  },
};
export const AllReturned: Story = {
  args: {
    info: info({ returnable: false }, [
      {
        ...RETURN_STATES.refunded(),
        wholeOrder: true,
        lines: order.lines.map((line, index) => ({
          lineId: returnLineId(order.number, index),
          productName: line.productName,
          variantLabel: line.variantLabel,
          sku: line.sku,
          imageUrl: line.imageUrl,
          quantity: line.quantity,
          refundCents: null,
        })),
        refundCents: 35211,
        shippingRefundCents: 1990,
      },
    ]),
  },
};
export const Loading: Story = { args: { status: 'loading', info: null } };
export const Error: Story = { args: { status: 'error', info: null } };
/** O menor celular (320 px): o formulário cabe, nada rola para o lado. */
export const FormPhone: Story = {
  args: { initialOpen: true },
  globals: phone,
  play: async () => {
    await expectNoHorizontalScroll(320);
  },
};
export const CodeIssuedPhone: Story = {
  args: CodeIssued.args,
  globals: phone,
  play: async (context) => {
    await CodeIssued.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};
