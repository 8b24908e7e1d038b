import type { Meta, StoryObj } from '@storybook/react-vite';
import { settingsMock, staffMock } from '@vitrine/ui/mocks';
import { makeUnsentMailMessages } from '@vitrine/ui/mocks/audit/mail.fixtures';
import { makePixProviderConfigured } from '@vitrine/ui/mocks/payments/pixPsp.fixtures';
import { withAuditFixtures } from '@vitrine/ui/mocks/audit/staffAudit';
import { staffSettingsMock } from '@vitrine/ui/mocks/settings/staffSettings';
import { SettingsScreen } from '@vitrine/ui';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/configuracoes';
const PIX_KEY_ERROR =
  'Chave Pix inválida: use um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.';

function SettingsPage() {
  return (
    <Routes>
      <Route path={PATH} element={<SettingsScreen />} />
    </Routes>
  );
}

// Typing goes in with paste (one change per field): a keystroke at a time re-renders the page
// for every character, too slow for the stories' time limit on a loaded machine.

/** /dashboard/configuracoes: the store's settings, ADMIN only. */
const meta = {
  title: 'Screens/Dashboard/Settings',
  component: SettingsScreen,
  parameters: {
    docs: {
      description: {
        component: `
As configurações da loja (\`/dashboard/configuracoes\`): nome e textos da loja, dados legais (CNPJ),
o recebedor Pix com a prévia "Como o cliente verá" (pedida 400 ms depois que os campos do Pix param
de mudar), a exigência de verificação em duas etapas e os textos institucionais com
pré-visualização. Só os campos alterados são enviados, pela barra fixa de salvar. Só ADMIN.

**Estados**

- \`Filled\` / \`Playground\`: todas as seções, com a prévia do Pix salvo.
- \`InvalidPixKey\` (a mensagem do servidor no campo, sem QR Code) e \`NoPixKey\` (sem Pix no
  checkout).
- "Pix pelo banco": \`PixBankNotConfigured\` (sem PSP, o Pix é conferido manualmente ou pelo
  extrato), \`PixBankConfigured\` (o servidor da API do banco, o webhook e as cobranças abertas,
  aguardando criação e recusadas) e \`PixBankConfiguredPhone\`. Nunca mostra segredos.
- \`Dirty\` (a barra conta as alterações), \`Saved\` e \`FieldError\` (CNPJ recusado no campo).
- \`TwoFactorConfirm\`: exigir a verificação de toda a equipe pede confirmação.
- \`InstitutionalPreview\`: um texto institucional como a loja o mostra.
- \`InstallmentInterest\`: parcelamento com juros ao mês (até 6x sem juros, 12x com juros) e o
  exemplo da tabela em R$ 100,00.
- \`Phone\` e \`PhoneDirty\`: uma coluna, a prévia do Pix abaixo, a 320 px.
- \`MailNotConfigured\`: o aviso de que os e-mails da loja não estão saindo (sem servidor de
  e-mail configurado no servidor).
- \`Loading\` e \`LoadFailed\`.
- \`Support\` e \`BrandManager\`: sem permissão.

**GraphQL**: \`DashboardSettingsRole\`, \`DashboardSettings\`, \`SettingsPixPreview\`,
\`SettingsPixProvider\` e \`DashboardMailDelivery\` (queries);
\`SettingsUpdate\` (mutation).
`,
      },
    },
    route: PATH,
    session: 'staff',
  },
  render: () => <SettingsPage />,
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByLabelText(/^Nome da loja/, {}, { timeout: 10_000 });
  return canvas;
}

/** Todas as seções, com a prévia do Pix do recebedor salvo ao lado dos campos do Pix. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const preview = canvas.getByLabelText('Como o cliente verá');
    await expect(
      await within(preview).findByRole('img', { name: /^QR Code Pix de R\$\s95,00$/ }),
    ).toBeVisible();
    await expect(canvas.getByText('CNPJ: 12.345.678/0001-95')).toBeVisible();
    await expect(canvas.getByText(/^Alterado por Ana Souza em/)).toBeVisible();
  },
};

export const Playground: Story = {};

/** Uma chave que não é chave Pix: a mensagem do servidor no campo e nenhum QR Code. */
export const InvalidPixKey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const key = canvas.getByLabelText('Chave Pix');
    await userEvent.clear(key);
    await userEvent.paste('123.456.789-00');
    await expect(await canvas.findByText(PIX_KEY_ERROR)).toBeVisible();
    await expect(
      within(canvas.getByLabelText('Como o cliente verá')).queryByRole('img'),
    ).toBeNull();
  },
};

/** Uma loja sem chave Pix: a prévia diz que o Pix não é oferecido. */
export const NoPixKey: Story = {
  parameters: { msw: { handlers: { settings: staffSettingsMock.answers({ pixKey: null }) } } },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(
      canvas.getByText('Sem chave Pix, a loja não oferece Pix no checkout.'),
    ).toBeVisible();
  },
};

async function pixBankCard(canvasElement: HTMLElement) {
  const canvas = await loaded(canvasElement);
  const card = canvas.getByRole('region', { name: 'Pix pelo banco' });
  await waitFor(() => expect(card).toHaveAttribute('aria-busy', 'false'));
  card.scrollIntoView({ block: 'center' });
  return card;
}

/**
 * Pix pelo banco, sem PSP (a loja de demonstração): o Pix é conferido manualmente ou pelo extrato,
 * e o cartão diz o que um desenvolvedor configura no servidor.
 */
export const PixBankNotConfigured: Story = {
  play: async ({ canvasElement }) => {
    const card = await pixBankCard(canvasElement);
    await expect(card).toHaveTextContent(
      'Os pagamentos Pix são conferidos manualmente ou pelo extrato.',
    );
    await expect(card).toHaveTextContent('PIX_PSP_URL');
  },
};

/**
 * Pix pelo banco, com PSP: ativo, o servidor da API do banco, o webhook registrado e as cobranças
 * abertas, aguardando criação e recusadas.
 */
export const PixBankConfigured: Story = {
  parameters: {
    msw: { handlers: { settings: staffSettingsMock.answers({}, makePixProviderConfigured()) } },
  },
  play: async ({ canvasElement }) => {
    const card = await pixBankCard(canvasElement);
    await expect(card).toHaveTextContent('pix.api.efipay.com.br');
    await expect(card).toHaveTextContent('Registrado no banco');
    await expect(within(card).getByText('Recusadas pelo banco')).toBeVisible();
  },
};

/** O mesmo num celular: as contagens empilhadas, sem rolagem lateral a 320 px. */
export const PixBankConfiguredPhone: Story = {
  globals: phone,
  parameters: PixBankConfigured.parameters,
  play: async (context) => {
    await PixBankConfigured.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** Campos alterados: a barra fixa conta quantos são, com Salvar e Descartar. */
export const Dirty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const title = canvas.getByLabelText(/^Título/);
    await userEvent.clear(title);
    await userEvent.paste('Moda brasileira, direto das marcas');
    await expect(canvas.getByText('1 alteração não salva')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Salvar' })).toBeVisible();
  },
};

/** Salvo: a confirmação, sem barra. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const name = canvas.getByLabelText(/^Nome da loja/);
    await userEvent.clear(name);
    await userEvent.paste('Casa Aurora');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await canvas.findByText('Configurações salvas.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Salvar' })).toBeNull();
  },
};

/** Um valor recusado: a mensagem do servidor no campo. */
export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const cnpj = canvas.getByLabelText('CNPJ');
    await userEvent.clear(cnpj);
    await userEvent.paste('11.111.111/1111-11');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(
      await canvas.findByText('CNPJ inválido: confira os 14 dígitos, como 12.345.678/0001-95.'),
    ).toBeVisible();
    await expect(cnpj).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Ativar o login em duas etapas para todos pede confirmação antes. */
export const TwoFactorConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(
      canvas.getByRole('switch', { name: 'Exigir verificação em duas etapas de toda a equipe' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Exigir verificação em duas etapas?',
    });
    await expect(dialog).toHaveTextContent('toda a equipe precisará de um código');
  },
};

/** Um texto institucional e a prévia de como a loja o mostra. */
export const InstitutionalPreview: Story = {
  parameters: {
    msw: {
      handlers: {
        settings: staffSettingsMock.answers({
          exchangesPolicyText:
            'Você tem **30 dias** para trocar.\n\n- Produto sem uso\n- Com etiqueta\n\nDúvidas? Fale com a gente.',
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(
      within(
        canvas.getByRole('tablist', { name: 'Trocas e devoluções: escrever ou pré-visualizar' }),
      ).getByRole('tab', { name: 'Pré-visualizar' }),
    );
    const preview = canvas.getByLabelText('Pré-visualização: Trocas e devoluções');
    await expect(within(preview).getByText('30 dias')).toBeVisible();
    preview.scrollIntoView({ block: 'center' });
  },
};

/**
 * Parcelamento com juros: até 6x sem juros, depois até 12x a 1,99% ao mês (Tabela Price), com o
 * exemplo da tabela em R$ 100,00 abaixo dos campos.
 */
export const InstallmentInterest: Story = {
  parameters: {
    msw: {
      handlers: {
        settings: staffSettingsMock.answers({
          maxInstallments: 12,
          interestFreeInstallments: 6,
          installmentInterestPercent: 1.99,
          minInstallmentCents: 500,
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByLabelText('Juros ao mês (%)')).toHaveValue('1,99');
    const example = canvas.getByText(/^Exemplo em R\$/);
    await expect(example).toHaveTextContent(
      /até 6x sem juros de R\$\s16,66 ou 12x de R\$\s9,46 com juros \(total R\$\s113,52\)\.$/,
    );
    canvas.getByRole('region', { name: 'Parcelamento' }).scrollIntoView({ block: 'center' });
  },
};

/** Um celular: uma coluna, a prévia do Pix abaixo dos campos do Pix. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await within(canvas.getByLabelText('Como o cliente verá')).findByRole('img');
    await expectNoHorizontalScroll(320);
  },
};

/** Um celular com uma alteração: a barra fixa de salvar. */
export const PhoneDirty: Story = {
  globals: phone,
  play: async (context) => {
    await Dirty.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** As configurações nunca respondem. */
export const Loading: Story = {
  parameters: { msw: { handlers: { settings: settingsMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando as configurações' }),
    ).toBeInTheDocument();
  },
};

/** As configurações falham. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { settings: settingsMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Não foi possível carregar as configurações.'),
    ).toBeVisible();
  },
};

/** Nenhum servidor de e-mail configurado: o aviso acima do formulário. */
export const MailNotConfigured: Story = {
  parameters: {
    msw: {
      handlers: {
        staff: staffMock.answers(
          withAuditFixtures({ mails: makeUnsentMailMessages(), mailConfigured: false }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(
      await canvas.findByText('Os e-mails da loja não estão sendo enviados'),
    ).toBeVisible();
  },
};

/** Atendimento: sem permissão. */
export const Support: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Somente administradores podem ver e alterar as configurações.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(within(canvasElement).queryByRole('textbox')).toBeNull());
  },
};

/** Um gerente de marca: sem permissão. */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
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
