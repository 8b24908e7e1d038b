import type { Meta, StoryObj } from '@storybook/react-vite';
import { catalogMock, staffMock } from '@vitrine/ui/mocks';
import {
  makeCatalogStructure,
  makeProductImport,
  makeProductImports,
} from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { ProductsImportScreen } from '@vitrine/ui';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const catalog = { catalog: catalogMock.answers(makeCatalogStructure()) };
const PATH = '/dashboard/produtos/importar';

function ImportPage() {
  return (
    <Routes>
      <Route path={PATH} element={<ProductsImportScreen pollMs={300} />} />
    </Routes>
  );
}

/** /dashboard/produtos/importar: product CSV import, ADMIN and BRAND_MANAGER. */
const meta = {
  title: 'Screens/Dashboard/Products/Import',
  component: ProductsImportScreen,
  parameters: {
    docs: {
      description: {
        component: `
A importação de produtos por CSV (\`/dashboard/produtos/importar\`): enviar o arquivo (com modelo
para baixar e instruções), ver a prévia com as linhas aceitas e recusadas (e por quê), aplicar ou
descartar. A importação aberta fica na URL (\`?importacao=\`, \`&resultado=\`, \`&pagina=\`) e a
página pergunta de novo a cada segundo enquanto o servidor lê ou aplica. ADMIN e BRAND_MANAGER (que
vê as próprias importações); SUPPORT não tem acesso.

**Estados**

- \`Start\` / \`Playground\`: envio, modelo, ajuda e as importações recentes; \`PhoneStart\` a 320
  px.
- \`UploadPreview\` (arquivo enviado, a linha recusada diz por quê) e \`PreviewRefused\`.
- \`PreviewChanges\` / \`PhonePreviewChanges\`: as linhas a atualizar com o antes e o depois de
  cada campo que muda (célula vazia numa atualização mantém o valor; \`[apagar]\` apaga).
- \`ApplyConfirm\`, \`Applying\` (a barra avança até aplicar), \`ApplyingFrozen\` (60 %) e
  \`Applied\`.
- \`Failed\` (o motivo, nada aplicado) e \`Discard\` (nada mudou no catálogo).
- \`Phone\`: a prévia a 320 px, cada linha em bloco (linha, SKU e resultado; o motivo ou as
  alterações embaixo, na largura do cartão).
- \`Empty\`, \`Loading\` e \`LoadFailed\`.
- \`BrandManager\` (só as próprias importações) e \`Support\` (sem permissão).

**GraphQL**: \`DashboardImportRole\`, \`DashboardProductImports\` e \`DashboardProductImport\`
(queries); \`ProductImportApply\` e \`ProductImportDiscard\` (mutations). O arquivo vai como
está em \`POST /admin/imports/products\` (até 100 MB; o mock o entrega ao
\`productImportCreate\` do mundo simulado).
`,
      },
    },
    route: PATH,
    session: 'staff',
    msw: { handlers: catalog },
  },
  render: () => <ImportPage />,
} satisfies Meta<typeof ProductsImportScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** O envio, o modelo, a ajuda e as importações recentes. */
export const Start: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('precos-black-friday.csv')).toBeVisible();
    const template = canvas.getByRole('link', { name: 'Baixar modelo' });
    await expect(template).toHaveAttribute('download', 'modelo-importacao-produtos.csv');
    await expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain(
      '\uFEFFIdentificador URL;Nome;Marca;',
    );
    await expect(canvas.getByRole('heading', { name: 'Como preparar o arquivo' })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Um arquivo enviado: a importação abre assim que ele é lido, e a linha recusada diz o motivo. */
export const UploadPreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('precos-black-friday.csv');
    const csv =
      '\uFEFFIdentificador URL;Nome;Marca;Categoria;Descrição;Publicado;Destaque;Título SEO;Descrição SEO;SKU;Tamanho;Cor;Preço;Preço "de";Estoque;Peso (g);Comprimento (cm);Largura (cm);Altura (cm);GTIN/EAN;Estoque mínimo\r\n' +
      'saia;Saia midi;Aurora;Calças;;sim;não;;;AUR-SAI-001-P;P;Preto;99,90;;3;;;;;;\r\n' +
      'saia;Saia midi;Aurora;Calças;;sim;não;;;AUR-SAI-001-M;M;Preto;99,9O;;3;;;;;;\r\n';
    await userEvent.upload(
      canvas.getByLabelText('Arquivo CSV'),
      new File([csv], 'saias.csv', { type: 'text/csv' }),
    );
    await userEvent.click(
      await canvas.findByRole('tab', { name: 'Recusadas (1)' }, { timeout: 5000 }),
    );
    // The tab's own rows (header and the refused one), not the previous tab's still on screen.
    const panel = canvas.getByRole('tabpanel');
    await waitFor(() => {
      expect(panel).not.toHaveAttribute('aria-busy');
      expect(within(panel).getAllByRole('row')).toHaveLength(2);
    });
    await expect(
      within(panel).getByText('Preço inválido: "99,9O". Use números, como 129,90.'),
    ).toBeVisible();
  },
};

/**
 * As linhas a atualizar: cada campo que muda, com o valor atual (riscado) e o novo; uma descrição
 * apagada ([apagar]) aparece como "—". Uma célula em branco numa atualização não muda nada.
 */
export const PreviewChanges: Story = {
  parameters: { route: `${PATH}?importacao=import-1&resultado=atualizar` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Linhas' });
    const row = await within(table).findByRole('list', { name: 'Alterações da linha 5' });
    await expect(within(row).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(row).getAllByRole('deletion')[0]).toHaveTextContent(
      'Camiseta de algodão orgânico com caimento reto.',
    );
    await expect(
      within(table).getByRole('list', { name: 'Alterações da linha 6' }),
    ).toHaveTextContent('Estoque: 12 → 30');
  },
};

/** O mesmo em 320 px: as alterações de cada linha embaixo dela, na largura do cartão. */
export const PhonePreviewChanges: Story = {
  ...PreviewChanges,
  globals: phone,
};

/** Uma prévia pronta: as contagens e as linhas recusadas, com os motivos. */
export const PreviewRefused: Story = {
  parameters: { route: `${PATH}?importacao=import-1&resultado=recusadas` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Linhas' });
    await expect(
      within(table).getByText('SKU ausente: cada linha precisa do SKU da variação.'),
    ).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Recusadas (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Aplicar importação' })).toBeEnabled();
  },
};

/** 'Aplicar importação' pede confirmação antes. */
export const ApplyConfirm: Story = {
  parameters: { route: `${PATH}?importacao=import-1` },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Aplicar importação' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar a importação?' });
    await expect(dialog).toHaveTextContent('2 linhas recusadas ficam de fora.');
  },
};

/** Aplicando: a barra avança a cada nova consulta da página, até a importação ser aplicada. */
export const Applying: Story = {
  parameters: { route: `${PATH}?importacao=import-1` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Aplicar importação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar a importação?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar importação' }));
    await expect(await canvas.findByText('2 de 5 linhas a aplicar (40 %)')).toBeVisible();
    await expect(
      await canvas.findByText(/^Importação aplicada/, {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/**
 * Uma importação no meio da aplicação (aberta pela lista de recentes): a barra dela, lida uma vez.
 */
export const ApplyingFrozen: Story = {
  render: () => (
    <Routes>
      <Route path={PATH} element={<ProductsImportScreen pollMs={3_600_000} />} />
    </Routes>
  ),
  parameters: {
    route: `${PATH}?importacao=import-1`,
    msw: {
      handlers: {
        catalog: catalogMock.answers(
          makeCatalogStructure({
            productImports: [makeProductImport({ status: 'APPLYING', appliedRows: 3 })],
          }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('progressbar', { name: 'Progresso da importação' }),
    ).toHaveAttribute('aria-valuenow', '60');
    await expect(within(canvasElement).getByText('3 de 5 linhas a aplicar (60 %)')).toBeVisible();
  },
};

/** Aplicada: o que foi feito e as linhas. */
export const Applied: Story = {
  parameters: { route: `${PATH}?importacao=import-0` },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^Importação aplicada/)).toBeVisible();
  },
};

/** Falhou: o motivo, nada aplicado. */
export const Failed: Story = {
  parameters: { route: `${PATH}?importacao=import-f` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('A importação falhou')).toBeVisible();
    await expect(canvas.getByText(/O arquivo não tem a coluna SKU/)).toBeVisible();
  },
};

/** Descartar pede confirmação, e depois a importação informa que foi descartada. */
export const Discard: Story = {
  parameters: { route: `${PATH}?importacao=import-1` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Descartar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar a importação?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await expect(
      await canvas.findByText('Importação descartada: nada mudou no catálogo.'),
    ).toBeVisible();
  },
};

/**
 * Um celular: as contagens da prévia de duas em duas; cada linha em bloco, o motivo da recusa
 * embaixo dela, inteiro na tela (sem rolar para os lados).
 */
export const Phone: Story = {
  globals: phone,
  parameters: { route: `${PATH}?importacao=import-1` },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Linhas' });
    const reason = within(table).getByText('SKU ausente: cada linha precisa do SKU da variação.');
    await expect(reason).toBeVisible();
    const { left, right } = reason.getBoundingClientRect();
    await expect(left).toBeGreaterThanOrEqual(0);
    await expect(right).toBeLessThanOrEqual(320);
    await expectNoHorizontalScroll(320);
  },
};

/** Um celular na página inicial da importação. */
export const PhoneStart: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('precos-black-friday.csv');
    await expectNoHorizontalScroll(320);
  },
};

/** Nenhuma importação ainda. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: { catalog: catalogMock.answers(makeCatalogStructure({ productImports: [] })) },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nenhuma importação ainda.')).toBeVisible();
  },
};

/** A lista nunca responde. */
export const Loading: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando as importações' }),
    ).toBeInTheDocument();
  },
};

/** A lista falha. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Não foi possível carregar as importações.'),
    ).toBeVisible();
  },
};

/** Um gerente de marca também importa; vê as próprias importações. */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        catalog: catalogMock.answers(
          makeCatalogStructure({
            productImports: makeProductImports().map((item, index) =>
              index === 0 ? { ...item, staffId: 'staff-1' } : { ...item, staffId: 'staff-9' },
            ),
          }),
        ),
        staff: staffMock.answers({
          name: 'Carla Dias',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-1'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('produtos-novembro.csv')).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('precos-black-friday.csv')).toBeNull());
  },
};

/** SUPPORT: sem permissão. */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: { ...catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Somente administradores e gerentes de marca podem importar produtos.',
      ),
    ).toBeVisible();
  },
};
