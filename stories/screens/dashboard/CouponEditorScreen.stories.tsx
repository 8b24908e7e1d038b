import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardShellScreen } from '@vitrine/ui';
import { catalogMock, checkoutMock, staffMock } from '@vitrine/ui/mocks';
import { makeCatalogStructure } from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { COUPONS_NOW } from '@vitrine/ui/mocks/coupons/coupons.fixtures';
import { COUPON_USED_MESSAGE } from '@vitrine/ui/mocks/coupons/staffCoupons';
import { graphql, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

import {
  CouponEditorScreen,
  CouponsScreen,
} from '../../../packages/ui/src/screens/dashboard/Coupons';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const LIST = '/dashboard/cupons';
const NOW = Date.parse(COUPONS_NOW);
const catalog = catalogMock.answers(makeCatalogStructure());

function CouponPages() {
  return (
    <Routes>
      <Route
        path={LIST}
        element={
          <DashboardShellScreen>
            <CouponsScreen now={NOW} />
          </DashboardShellScreen>
        }
      />
      <Route
        path={`${LIST}/novo`}
        element={
          <DashboardShellScreen>
            <CouponEditorScreen now={NOW} />
          </DashboardShellScreen>
        }
      />
      <Route
        path={`${LIST}/:id`}
        element={
          <DashboardShellScreen>
            <CouponEditorScreen now={NOW} />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/cupons/novo and /dashboard/cupons/:id: one coupon, ADMIN only. */
const meta = {
  title: 'Screens/Dashboard/Coupons/Editor',
  component: CouponEditorScreen,
  parameters: {
    docs: {
      description: {
        component: `
O editor de um cupom (\`/dashboard/cupons/novo\` e \`/dashboard/cupons/:id\`): código, desconto
(percentual ou valor fixo, frete grátis), alcance (loja, marca ou categoria), mínimo, validade e
limites de uso, com um resumo em frase do que o cupom faz e o uso até agora. Só ADMIN; as histórias
o mostram dentro do \`DashboardShellScreen\`.

**Estados**

- \`Filled\` / \`Playground\`: AURORA15 ativo, 12 de 100 usos; \`Phone\`: o mesmo a 320 px.
- \`New\` (formulário vazio), \`Scheduled\` (agendado, nunca usado: pode excluir) e \`UsedUp\`
  (esgotado).
- \`CreateCodeTaken\` (código já existe, erro no campo) e \`Created\` (a página do cupom novo, com o
  aviso).
- \`Deactivate\` (confirmação, depois "Reativar"), \`UsedNoDelete\` (usado: só desativar) e
  \`DeleteRefused\` (usado nesse meio-tempo: o servidor recusa).
- \`LeaveUnsaved\`: sair com alterações pede confirmação.
- \`Loading\`, \`Error\` (com "Tentar novamente") e \`NotFound\` (cupom excluído).
- \`Support\` e \`BrandManagerPhone\`: sem permissão.

**GraphQL**: \`CouponsMe\` e \`Coupons\` (queries; a página \`:id\` acha seu cupom na lista);
\`CouponCreate\`, \`CouponUpdate\` (também desativa e reativa) e \`CouponDelete\` (mutations).
`,
      },
    },
    route: `${LIST}/coupon-aurora`,
    session: 'staff',
    msw: { handlers: { catalog } },
  },
  render: () => <CouponPages />,
} satisfies Meta<typeof CouponEditorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findForm(canvasElement: HTMLElement, name: string) {
  return within(canvasElement).findByRole('form', { name });
}

/** Um cupom ativo: 15% na Aurora, mínimo de R$ 100,00, até 31/03, 12 de 100 usos. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'AURORA15' })).toBeVisible();
    await expect(canvas.getByTestId('cupom-resumo')).toHaveTextContent(
      '15% em produtos da marca Aurora, pedidos a partir de R$ 100,00, até 31/03/2026 23:59, 100 usos no total, 1 uso por cliente.',
    );
    await expect(canvas.getByRole('region', { name: 'Uso até agora' })).toHaveTextContent(
      '12 usos de 100',
    );
    await expect(canvas.queryByRole('button', { name: 'Excluir' })).toBeNull();
  },
};

export const Playground: Story = {};

/** Um cupom novo: o formulário vazio, o resumo para a loja inteira. */
export const New: Story = {
  parameters: { route: `${LIST}/novo` },
  play: async ({ canvasElement }) => {
    await findForm(canvasElement, 'Novo cupom');
    await expect(within(canvasElement).getByTestId('cupom-resumo')).toHaveTextContent(
      '?% em toda a loja.',
    );
  },
};

/** O editor no celular. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await findForm(canvasElement, 'Cupom AURORA15');
    await expectNoHorizontalScroll(320);
  },
};

/** Um cupom agendado, restrito a uma categoria, nunca usado: pode ser excluído. */
export const Scheduled: Story = {
  parameters: { route: `${LIST}/coupon-pascoa` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'PASCOA20' })).toBeVisible();
    await expect(canvas.getByText('Agendado')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Excluir' })).toBeVisible();
  },
};

/** Um cupom esgotado, de valor fixo e com frete grátis. */
export const UsedUp: Story = {
  parameters: { route: `${LIST}/coupon-vip` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Esgotado')).toBeVisible();
    await expect(canvas.getByText('Limite atingido: o cupom não é mais aceito.')).toBeVisible();
  },
};

/** Criar: o servidor recusa um código que já existe, com o erro no campo. */
export const CreateCodeTaken: Story = {
  parameters: { route: `${LIST}/novo` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await findForm(canvasElement, 'Novo cupom');
    const code = within(form).getByRole('textbox', { name: /Código/ });
    await userEvent.click(code);
    await userEvent.paste('bemvindo10');
    await userEvent.click(within(form).getByRole('textbox', { name: /Porcentagem/ }));
    await userEvent.paste('20');
    await userEvent.click(canvas.getByRole('button', { name: 'Criar cupom' }));
    await expect(
      await canvas.findByText('Já existe um cupom com o código BEMVINDO10.'),
    ).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Criar (depois da recusa acima, com um código livre): a página do cupom novo, com o aviso. */
export const Created: Story = {
  parameters: { route: `${LIST}/novo` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await findForm(canvasElement, 'Novo cupom');
    await userEvent.click(within(form).getByRole('textbox', { name: /Código/ }));
    await userEvent.paste('volta20');
    await userEvent.click(within(form).getByRole('textbox', { name: /Porcentagem/ }));
    await userEvent.paste('20');
    await userEvent.click(within(form).getByRole('textbox', { name: 'Usos por e-mail' }));
    await userEvent.paste('1');
    await userEvent.click(canvas.getByRole('button', { name: 'Criar cupom' }));
    await expect(await screen.findByText('Cupom VOLTA20 criado.')).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 1, name: 'VOLTA20' })).toBeVisible();
  },
};

/** Desativar pede confirmação; depois o cupom fica Inativo. */
export const Deactivate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'AURORA15' });
    await userEvent.click(canvas.getByRole('button', { name: 'Desativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar AURORA15?' });
    await expect(dialog).toHaveTextContent('deixa de ser aceito no carrinho');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await expect(await screen.findByText('Cupom AURORA15 desativado.')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Reativar' })).toBeVisible());
  },
};

/** Um cupom usado não oferece excluir: só desativar, e o motivo. */
export const UsedNoDelete: Story = {
  parameters: { route: `${LIST}/coupon-teste` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'TESTE-QA' });
    await expect(canvas.queryByRole('button', { name: 'Excluir' })).toBeNull();
    await expect(canvas.getByText(/não pode ser excluído, só desativado/)).toBeVisible();
  },
};

/**
 * Usado nesse meio-tempo (um pedido chegou depois que a página carregou): o servidor recusa a
 * exclusão.
 */
export const DeleteRefused: Story = {
  parameters: {
    route: `${LIST}/coupon-inverno`,
    msw: {
      handlers: {
        catalog,
        checkout: [
          graphql.mutation('CouponDelete', () =>
            HttpResponse.json({
              data: null,
              errors: [
                {
                  message: COUPON_USED_MESSAGE,
                  extensions: { code: 'BAD_USER_INPUT', field: 'id' },
                },
              ],
            }),
          ),
          ...checkoutMock.handlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'INVERNO10' });
    await userEvent.click(canvas.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o cupom INVERNO10?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(COUPON_USED_MESSAGE);
  },
};

/** Sair com alterações não salvas pede confirmação. */
export const LeaveUnsaved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'AURORA15' });
    await userEvent.click(canvas.getByRole('textbox', { name: /Descrição/ }));
    await userEvent.paste(' (2ª fase)');
    const crumbs = canvas.getByRole('navigation', { name: 'Trilha de navegação' });
    await userEvent.click(within(crumbs).getByRole('link', { name: 'Cupons' }));
    await expect(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).toBeVisible();
  },
};

/** Os cupons nunca carregam. */
export const Loading: Story = {
  parameters: { msw: { handlers: { catalog, checkout: checkoutMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando o cupom' }),
    ).toBeInTheDocument();
  },
};

/** A API falha. */
export const Error: Story = {
  parameters: { msw: { handlers: { catalog, checkout: checkoutMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o cupom.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** Um cupom que não existe (excluído nesse meio-tempo). */
export const NotFound: Story = {
  parameters: { route: `${LIST}/nao-existe` },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Este cupom não existe ou foi excluído.'),
    ).toBeVisible();
  },
};

/** SUPPORT: sem permissão. */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: { catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Somente administradores podem ver e gerenciar os cupons.',
    );
  },
};

/** Um gerente de marca: sem permissão, no celular. */
export const BrandManagerPhone: Story = {
  globals: phone,
  parameters: {
    msw: {
      handlers: {
        catalog,
        staff: staffMock.answers({
          name: 'Carla Dias',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-1'],
        }),
      },
    },
  },
  play: Support.play,
};
