import type { Meta, StoryObj } from '@storybook/react-vite';
import { MailScreen, DashboardShellScreen } from '@vitrine/ui';
import { staffMock } from '@vitrine/ui/mocks';
import { makeUnsentMailMessages } from '@vitrine/ui/mocks/audit/mail.fixtures';
import { withAuditFixtures } from '@vitrine/ui/mocks/audit/staffAudit';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/emails';
const denseGrid = {
  disable: { reason: 'The desktop outbox grid is a dense data table used with a mouse.' },
};

function MailPage() {
  return (
    <Routes>
      <Route
        path={PATH}
        element={
          <DashboardShellScreen>
            <MailScreen />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/emails: the store's outbox, newest first (ADMIN). */
const meta = {
  title: 'Screens/Dashboard/Mail',
  component: MailScreen,
  parameters: {
    docs: {
      description: {
        component: `
Os e-mails da loja (\`/dashboard/emails\`): a caixa de saída, do mais novo ao mais antigo, com a
situação real de cada mensagem (na fila, enviado, falhou com a resposta do servidor de e-mail, não
configurado), filtros na URL, a leitura de uma mensagem (o link de uso único de um convite ou de
uma redefinição de senha aparece mascarado: só quem recebe pode usá-lo) e "Reenviar" com
confirmação. Grade no computador, cartões no celular. Só ADMIN; as
histórias a mostram dentro do \`DashboardShellScreen\`.

**Estados**

- \`Filled\` / \`Playground\`: mensagens de cada situação.
- \`Failed\`: só as com falha (\`?status=FAILED\`).
- \`ReadMessage\`: uma mensagem aberta para ler o texto.
- \`ResendConfirm\` (pede confirmação) e \`Resent\` (volta para a fila como pendente).
- \`Phone\`: mensagens como cartões, a 320 px.
- \`NotConfigured\`: a loja sem servidor de e-mail: o aviso, cada mensagem "Não configurado" e
  "Reenviar" desativado até configurar.
- \`Support\`: sem permissão ("Só administradores veem os e-mails da loja.").
- \`Empty\`, \`Loading\` (esqueleto da grade) e \`Error\` (com "Tentar novamente").

**GraphQL**: \`DashboardMailOutbox\` e \`DashboardMailDelivery\` (queries); \`MailResend\`
(mutation).
`,
      },
    },
    route: PATH,
    session: 'staff',
    touchTarget: denseGrid,
  },
  render: () => <MailPage />,
} satisfies Meta<typeof MailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mensagens enviadas, pendentes e com falha, com a resposta do servidor de e-mail. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', { name: 'E-mails' });
    await expect(await within(grid).findByText(/Recipient address rejected/)).toBeVisible();
  },
};

export const Playground: Story = {};

/** Só as com falha (o filtro de situação, na URL). */
export const Failed: Story = {
  parameters: { route: `${PATH}?status=FAILED` },
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', { name: 'E-mails' });
    await expect(await within(grid).findByText(/Connection timed out/)).toBeVisible();
  },
};

/** Uma mensagem aberta para ler o texto. */
export const ReadMessage: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', {
        name: 'Ler: Convite para a equipe de Vitrine',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Convite para a equipe de Vitrine',
    });
    await expect(within(dialog).getByLabelText('Texto do e-mail')).toBeVisible();
  },
};

/** "Reenviar" pede confirmação. */
export const ResendConfirm: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', {
        name: 'Reenviar: Seu pedido VT-10019 foi enviado',
      }),
    );
    await expect(
      await screen.findByRole('dialog', { name: 'Reenviar este e-mail?' }),
    ).toBeVisible();
  },
};

/** Reenviada: de volta à fila como pendente. */
export const Resent: Story = {
  parameters: { route: `${PATH}?status=FAILED` },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', {
        name: 'Reenviar: Seu pedido VT-10019 foi enviado',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar este e-mail?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    // A mutation and the page asked again: slower than one query on a loaded machine.
    await waitFor(
      () =>
        expect(within(canvasElement).getByRole('status')).toHaveTextContent(
          'voltou para a fila de envio',
        ),
      { timeout: 15_000 },
    );
  },
};

/** Celular: mensagens como cartões. */
export const Phone: Story = {
  globals: phone,
  parameters: { touchTarget: undefined },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('list', { name: 'E-mails' })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};

/**
 * Sem servidor de e-mail: o aviso, todas as mensagens retidas ("Não configurado"), nada para
 * reenviar.
 */
export const NotConfigured: Story = {
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
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Os e-mails da loja não estão sendo enviados'),
    ).toBeVisible();
    const grid = await canvas.findByRole('grid', { name: 'E-mails' });
    await waitFor(() =>
      expect(within(grid).getAllByText('Não configurado').length).toBeGreaterThan(0),
    );
    await expect(within(grid).queryByText('Enviado')).toBeNull();
    await expect(
      within(grid).getByRole('button', { name: 'Reenviar: Seu pedido VT-10019 foi enviado' }),
    ).toBeDisabled();
  },
};

/** SUPPORT não pode ler a caixa de saída. */
export const Support: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Só administradores veem os e-mails da loja.',
    );
  },
};

/** Ainda sem mensagens. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers(withAuditFixtures({ mails: [] })) } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum e-mail ainda' }),
    ).toBeVisible();
  },
};

/** A caixa de saída nunca carrega: o esqueleto da grade. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers(withAuditFixtures({ availability: 'pending' })) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('grid', { name: 'E-mails' })).toBeVisible();
  },
};

/** A API falha: o erro com "Tentar novamente". */
export const Error: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers(withAuditFixtures({ availability: 'fails' })) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os e-mails.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};
