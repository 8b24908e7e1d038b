import type { Meta, StoryObj } from '@storybook/react-vite';
import { ContentDeclarationScreen, PackingSlipsScreen } from '@vitrine/ui';
import { ordersMock } from '@vitrine/ui/mocks';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };

function PrintPages() {
  return (
    <Routes>
      <Route path="/dashboard/pedidos/romaneios" element={<PackingSlipsScreen />} />
      <Route path="/dashboard/pedidos/:id/declaracao" element={<ContentDeclarationScreen />} />
    </Routes>
  );
}

/** The printable pages: packing slips (?ids=) and the Correios content declaration. */
const meta = {
  title: 'Screens/Dashboard/Orders/Print',
  component: PackingSlipsScreen,
  parameters: {
    docs: {
      description: {
        component: `
As páginas de impressão dos pedidos: os romaneios (\`/dashboard/pedidos/romaneios?ids=…\`, uma folha
por pedido, com SKUs, quantidades e caixas para marcar) e a declaração de conteúdo dos Correios
(\`/dashboard/pedidos/:id/declaracao\`, para pedidos com entrega). Usadas por quem separa e despacha
pedidos, a partir da grade ("Imprimir romaneios") e da página do pedido.

**Estados**

- \`PackingSlips\` / \`PackingSlipsPhone\`: dois pedidos, uma folha cada, com "Imprimir".
- \`PackingSlipsMissing\`: um id que não existe é avisado; os outros imprimem.
- \`PackingSlipsError\`: a API falha.
- \`ContentDeclaration\` / \`ContentDeclarationPhone\`: remetente (com CNPJ), destinatário, bens, totais e peso,
  declaração e assinatura.
- \`ContentDeclarationNotFound\`: "Pedido não encontrado."

**GraphQL**: \`DashboardOrderPrint\` (query, uma por pedido, com o peso do pacote), \`StoreName\` e
\`StoreLegal\` (o remetente, com o CNPJ).
`,
      },
    },
    route: '/dashboard/pedidos/romaneios?ids=order-10026,order-10024',
    session: 'staff',
  },
  render: () => <PrintPages />,
} satisfies Meta<typeof PackingSlipsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Dois pedidos: uma folha para cada, SKUs e quantidades com caixinhas para marcar. */
export const PackingSlips: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('article', { name: 'Romaneio do pedido VT-10026' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('article', { name: 'Romaneio do pedido VT-10024' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
    await expect(canvas.getByText('AUR-CAM-M-BRA')).toBeVisible();
    // The sender as the Correios form asks (legal name and CNPJ) and the parcel's weight.
    const slip = canvas.getByRole('article', { name: 'Romaneio do pedido VT-10026' });
    await expect(slip).toHaveTextContent('Remetente: Vitrine Moda LTDA · CNPJ 12.345.678/0001-95');
    await expect(slip).toHaveTextContent(/Peso \d+,\d{3} kg/);
    // And its dimensions, stacked from the variants' (C × L × A).
    await expect(slip).toHaveTextContent(/Volume \d+ × \d+ × \d+ cm/);
  },
};

export const PackingSlipsPhone: Story = {
  globals: phone,
  play: async (context) => {
    await PackingSlips.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** Um id que não existe é avisado; os demais são impressos. */
export const PackingSlipsMissing: Story = {
  parameters: { route: '/dashboard/pedidos/romaneios?ids=order-10026,order-nenhum' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      '1 pedido não foi encontrado.',
    );
  },
};

export const PackingSlipsError: Story = {
  parameters: { msw: { handlers: { orders: ordersMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os pedidos.',
    );
  },
};

/**
 * A declaração de conteúdo de uma entrega: remetente, destinatário, bens, totais, a declaração e a
 * assinatura.
 */
export const ContentDeclaration: Story = {
  parameters: { route: '/dashboard/pedidos/order-10026/declaracao' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('DECLARAÇÃO DE CONTEÚDO')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'REMETENTE' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'DESTINATÁRIO' })).toHaveTextContent(
      'Beatriz Almeida',
    );
    await expect(canvas.getByText('Assinatura do Declarante/Remetente')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'REMETENTE' })).toHaveTextContent(
      '12.345.678/0001-95',
    );
    // The parcel's weight, filled in from the order (it was left blank).
    const weight = canvas.getByRole('rowheader', { name: 'Peso total (kg)' });
    await expect(weight.nextElementSibling?.textContent).toMatch(/^\d+,\d{3}$/);
    const size = canvas.getByRole('rowheader', { name: 'Dimensões do volume (C × L × A)' });
    await expect(size.nextElementSibling?.textContent).toMatch(/^\d+ × \d+ × \d+ cm$/);
  },
};

export const ContentDeclarationPhone: Story = {
  parameters: { route: '/dashboard/pedidos/order-10026/declaracao' },
  globals: phone,
  play: async (context) => {
    await ContentDeclaration.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

export const ContentDeclarationNotFound: Story = {
  parameters: { route: '/dashboard/pedidos/order-nenhum/declaracao' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Pedido não encontrado.',
    );
  },
};
