import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeStaffOrders, ordersMock } from '@vitrine/ui/mocks';
import { staffSettingsMock } from '@vitrine/ui/mocks/settings/staffSettings';
import { SettingsScreen } from '@vitrine/ui';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/configuracoes';

function SettingsPage() {
  return (
    <Routes>
      <Route path={PATH} element={<SettingsScreen />} />
    </Routes>
  );
}

/** Configurações, "Dados fiscais (NF-e)": what the store's invoices say about it. */
const meta = {
  title: 'Screens/Dashboard/Settings/Fiscal',
  component: SettingsScreen,
  parameters: {
    docs: {
      description: {
        component: `
A seção "Dados fiscais (NF-e)" das configurações (\`/dashboard/configuracoes\`): inscrição estadual,
regime tributário (o CRT da nota), código IBGE do município (conferido com a UF do endereço da
empresa), série e próximo número da NF-e, CFOP de venda dentro e fora do estado, natureza da
operação, situação tributária padrão (CSOSN no Simples Nacional, CST nos outros regimes) e quando
emitir a nota. Os campos são salvos com os outros, pela barra fixa de salvar; as regras são as do
servidor (@vitrine/rules). No alto da seção, "Emissão de NF-e": se a loja emite notas (o emissor, o
ambiente, o servidor, se as respostas da SEFAZ chegam por webhook ou por consulta) e links para as
notas rejeitadas e pendentes. Só ADMIN.

**Estados**

- \`Filled\`: a loja de demonstração (Simples Nacional, São Paulo).
- \`FieldError\`: um código IBGE do Rio de Janeiro com o endereço em São Paulo: a mensagem no campo,
  nada enviado.
- \`Regime\`: Lucro Presumido escolhido: o campo passa a pedir o CST.
- \`Phone\`: a seção em uma coluna, a 320 px.
- \`IssuingStatus\`: a emissão ativa em homologação, por webhook, com duas notas rejeitadas e uma
  pendente; \`IssuingByPolling\`: em produção, sem segredo de webhook, nada a acompanhar.
- \`IssuingNotConfigured\`: "Emissão de NF-e não configurada", com o que o servidor precisa.

**GraphQL**: \`DashboardSettingsRole\`, \`DashboardSettings\`, \`SettingsInvoicing\` (queries);
\`SettingsUpdate\` (mutation).
`,
      },
    },
    route: PATH,
    session: 'staff',
    msw: { handlers: { settings: staffSettingsMock.answers() } },
  },
  render: () => <SettingsPage />,
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fiscalSection(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const section = await canvas.findByRole(
    'region',
    { name: 'Dados fiscais (NF-e)' },
    { timeout: 10_000 },
  );
  section.scrollIntoView({ block: 'start' });
  return within(section);
}

/** A loja de demonstração: Simples Nacional em São Paulo, CSOSN 102 como padrão. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const section = await fiscalSection(canvasElement);
    await expect(section.getByLabelText('Inscrição estadual')).toHaveValue('110042490114');
    await expect(section.getByLabelText('CSOSN padrão')).toHaveValue('102');
    await expect(section.getByText('CRT 1.')).toBeVisible();
  },
};

/** Código IBGE do Rio de Janeiro com o endereço da empresa em São Paulo: o erro no campo. */
export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    const section = await fiscalSection(canvasElement);
    const code = section.getByLabelText('Código IBGE do município');
    await userEvent.clear(code);
    await userEvent.paste('3304557');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Salvar' }));
    await expect(code).toHaveAccessibleDescription(
      'O código IBGE do município não é de SP: os dois primeiros dígitos devem ser 35.',
    );
    (await fiscalSection(canvasElement)).getByLabelText('Código IBGE do município');
  },
};

/** Lucro Presumido escolhido: o campo da situação tributária passa a ser o CST. */
export const Regime: Story = {
  play: async ({ canvasElement }) => {
    const section = await fiscalSection(canvasElement);
    await userEvent.click(section.getByRole('combobox', { name: 'Regime tributário' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', {
        name: 'Lucro Presumido',
      }),
    );
    await expect(section.getByLabelText('CST padrão')).toBeVisible();
    await expect(section.getByText('CRT 3.')).toBeVisible();
  },
};

/** Num celular: os campos em uma coluna, sem rolagem horizontal. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const section = await fiscalSection(canvasElement);
    await expect(section.getByLabelText('Natureza da operação')).toHaveValue('Venda de mercadoria');
    await expectNoHorizontalScroll(320);
  },
};

async function issuingStatus(canvasElement: HTMLElement) {
  const section = await within(canvasElement).findByRole(
    'region',
    { name: 'Emissão de NF-e' },
    { timeout: 10_000 },
  );
  section.scrollIntoView({ block: 'start' });
  return within(section);
}

/** A emissão ativa: Focus NFe em homologação, por webhook; duas rejeitadas e uma pendente. */
export const IssuingStatus: Story = {
  play: async ({ canvasElement }) => {
    const status = await issuingStatus(canvasElement);
    await expect(await status.findByText('Focus NFe')).toBeVisible();
    await expect(status.getByRole('link', { name: '2 notas rejeitadas' })).toHaveAttribute(
      'href',
      '/dashboard/notas-fiscais?status=REJECTED',
    );
    await expect(status.getByRole('link', { name: '1 nota pendente' })).toBeVisible();
  },
};

/** Em produção, sem segredo de webhook: as respostas da SEFAZ chegam por consulta. */
export const IssuingByPolling: Story = {
  parameters: {
    msw: {
      handlers: {
        settings: staffSettingsMock.answers(),
        orders: ordersMock.answers({
          staffOrders: makeStaffOrders().filter(
            (order) => !['order-10018', 'order-10020', 'order-10022'].includes(order.id),
          ),
          invoicing: { configured: true, environment: 'producao', webhookConfigured: false },
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const status = await issuingStatus(canvasElement);
    await expect(await status.findByText('Produção')).toBeVisible();
    await expect(status.getByText(/^Por consulta/)).toBeVisible();
  },
};

/** Sem emissor: "Emissão de NF-e não configurada" e as variáveis que o servidor precisa. */
export const IssuingNotConfigured: Story = {
  parameters: {
    msw: {
      handlers: {
        settings: staffSettingsMock.answers(),
        orders: ordersMock.answers({
          invoicing: { configured: false, environment: 'homologacao', webhookConfigured: false },
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const status = await issuingStatus(canvasElement);
    await expect(await status.findByText('Emissão de NF-e não configurada.')).toBeVisible();
    await expect(status.getByText('NFE_API_TOKEN')).toBeVisible();
  },
};
