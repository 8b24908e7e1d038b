import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuditScreen, DashboardShellScreen } from '@vitrine/ui';
import { auditExportFailing, staffMock } from '@vitrine/ui/mocks';
import { withAuditFixtures } from '@vitrine/ui/mocks/audit/staffAudit';
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

/** Quem, quando, o quê (com link), de onde e o resumo; "Sistema" quando ninguém estava logado. */
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

/** Um registro aberto nos campos que mudaram. */
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

/** Filtrado pelos eventos de segurança (o grupo 'auth.'), na URL. */
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

/** Celular: os filtros se recolhem em "Filtros", os registros quebram linha. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await entries(canvasElement);
    await expect(within(canvasElement).queryByRole('combobox', { name: 'Pessoa' })).toBeNull();
    await expectNoHorizontalScroll(320);
  },
};

/** SUPPORT (e um gerente de marca) não pode ler o registro. */
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

/** O registro vazio de uma loja nova. */
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

/** Filtros sem nenhum resultado. */
export const NoMatch: Story = {
  parameters: { route: `${PATH}?q=nada-com-isso` },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Nenhum registro encontrado' }),
    ).toBeVisible();
  },
};

/** O registro nunca carrega: o esqueleto. */
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

/** O servidor recusa a exportação: a mensagem dele acima do registro. */
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

/** A API falha: o erro com "Tentar novamente". */
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
