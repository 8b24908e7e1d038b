import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuditScreen, DashboardShellScreen } from '@vitrine/ui';
import { auditExportFailing, staffMock } from '@vitrine/ui/mocks';
import { withAuditFixtures } from '@vitrine/ui/mocks/handlers/staffAudit';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/auditoria';

function AuditPage() {
  return (
    <Routes>
      <Route
        path={PATH}
        element={
          <DashboardShellScreen>
            <AuditScreen download={() => undefined} />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/auditoria: the one audit log, newest first (ADMIN). */
const meta = {
  title: 'Screens/Dashboard/Audit',
  component: AuditScreen,
  parameters: {
    docs: {
      description: {
        component: `
A auditoria (\`/dashboard/auditoria\`): o registro único do que aconteceu na loja, do mais novo ao
mais antigo (quem, quando, o quê, de onde e o resumo), com os filtros na URL e exportação em CSV. Só
ADMIN a lê.

**Estados**

- \`Filled\` / \`Playground\`: registros com links, e "Sistema" quando ninguém estava logado.
- \`FieldDiff\`: um registro aberto nos campos que mudaram (\`?objeto=SETTINGS\`).
- \`SecurityEvents\`: só os eventos de segurança (\`?acao=auth.\`).
- \`Phone\`: os filtros recolhidos em "Filtros", sem rolagem lateral a 320 px.
- \`Support\`: SUPPORT sem permissão ("Só administradores veem a auditoria.").
- \`Empty\` (loja nova), \`NoMatch\` (filtros sem resultado), \`Loading\` (esqueleto) e \`Error\`
  (com "Tentar novamente").
- \`ExportFailed\`: a exportação recusada, com a mensagem acima do registro.

**GraphQL**: \`DashboardAuditLog\`, \`DashboardAuditStaff\` e \`DashboardAuditBrands\` (queries; as
duas últimas dão as opções dos filtros).

**Rede**: \`POST /admin/exports/audit\` (a exportação em CSV; depois, o download que o servidor
envia).
`,
      },
    },
    route: PATH,
    session: 'staff',
  },
  render: () => <AuditPage />,
} satisfies Meta<typeof AuditScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function entries(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole('list', { name: 'Registros da auditoria' });
}

/** Who, when, what (linked), from where and the summary; "Sistema" when nobody was signed in. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const list = await entries(canvasElement);
    await expect(
      within(list).getByRole('link', { name: 'Camiseta básica de algodão' }),
    ).toBeVisible();
    await expect(
      within(list).getByRole('listitem', { name: 'Falha de login: ana.souza@gmail.com' }),
    ).toHaveTextContent('Sistema');
  },
};

export const Playground: Story = {};

/** An entry opened into the fields that changed. */
export const FieldDiff: Story = {
  parameters: { route: `${PATH}?objeto=SETTINGS` },
  play: async ({ canvasElement }) => {
    const list = await entries(canvasElement);
    await userEvent.click(await within(list).findByRole('button', { name: 'Ver alterações' }));
    await expect(
      within(list).getByRole('table', { name: 'Alterações: Configurações alteradas' }),
    ).toBeVisible();
  },
};

/** Filtered to the security events (the 'auth.' group), in the URL. */
export const SecurityEvents: Story = {
  parameters: { route: `${PATH}?acao=auth.` },
  play: async ({ canvasElement }) => {
    const list = await entries(canvasElement);
    await expect(
      within(list).getByRole('listitem', {
        name: 'Login bloqueado por tentativas: admin@vitrine.com.br',
      }),
    ).toBeVisible();
    await expect(within(list).queryByRole('listitem', { name: /^Produto salvo/ })).toBeNull();
  },
};

/** A phone: the filters fold under "Filtros", entries wrap. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await entries(canvasElement);
    await expect(within(canvasElement).queryByRole('combobox', { name: 'Pessoa' })).toBeNull();
    await expectNoHorizontalScroll(320);
  },
};

/** SUPPORT (and a brand manager) may not read the log. */
export const Support: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Só administradores veem a auditoria.',
    );
  },
};

/** A new store's empty log. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers(withAuditFixtures({ auditEntries: [] })) } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum registro ainda' }),
    ).toBeVisible();
  },
};

/** Filters that match nothing. */
export const NoMatch: Story = {
  parameters: { route: `${PATH}?q=nada-com-isso` },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum registro encontrado' }),
    ).toBeVisible();
  },
};

/** The log never answers: the skeleton. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers(withAuditFixtures({ availability: 'pending' })) } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando auditoria' }),
    ).toBeVisible();
  },
};

/** The export is refused by the server: its message above the log. */
export const ExportFailed: Story = {
  parameters: { msw: { handlers: { exports: auditExportFailing() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await entries(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Exportar CSV' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível gerar a exportação.',
    );
  },
};

/** The API fails: the error with "Tentar novamente". */
export const Error: Story = {
  parameters: {
    msw: { handlers: { staff: staffMock.answers(withAuditFixtures({ availability: 'fails' })) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar a auditoria.',
    );
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};
