// The product import: the template, and the page against the MSW mock: a file uploaded as it is
// (POST /admin/imports/products) becomes an import whose page opens (its id in the URL) once the
// preview is read, the server's refusal of an upload shown in its words, the refused rows with
// their reasons, applying with a progress that moves as the page asks again, a failed import's
// reason, SUPPORT without permission.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { graphql, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { catalogMock, staffMock } from '../../../mocks';
import { makeCatalogStructure } from '../../../mocks/catalog/catalogStructure.fixtures';
import { PRODUCT_IMPORT_UPLOAD_URL } from '../../../mocks/catalog/productImportUpload';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import {
  appliedPercent,
  bytesToBase64,
  importFileProblem,
  PRODUCT_IMPORT_HEADER,
  productImportTemplate,
} from './productImportFile';
import { ProductsImportScreen } from './ProductsImportScreen';
import { ProductsImportView } from './ProductsImportView';

describe('product import file', () => {
  it('builds the template: BOM, the exact header, one example row with every column', () => {
    const template = productImportTemplate();
    expect(template.charCodeAt(0)).toBe(0xfeff);
    const [header, example, rest] = template.slice(1).split('\r\n');
    expect(header).toBe(
      'Identificador URL;Nome;Marca;Categoria;Descrição;Publicado;Destaque;Título SEO;Descrição SEO;SKU;Tamanho;Cor;Preço;Preço "de";Estoque;Peso (g);Comprimento (cm);Largura (cm);Altura (cm);GTIN/EAN;Estoque mínimo;NCM;CEST;Origem;Situação tributária',
    );
    expect(header).toBe(PRODUCT_IMPORT_HEADER);
    expect(example?.split(';')).toHaveLength(25);
    expect(rest).toBe('');
  });

  it('encodes bytes as base64 and refuses files that are not CSV, empty or too large', () => {
    expect(bytesToBase64(new TextEncoder().encode('Preço;SKU'))).toBe(btoa('Pre\u00c3\u00a7o;SKU'));
    expect(importFileProblem({ name: 'produtos.xlsx', size: 10 })).toMatch(/arquivo \.csv/);
    expect(importFileProblem({ name: 'produtos.csv', size: 0 })).toBe('O arquivo está vazio.');
    expect(importFileProblem({ name: 'produtos.CSV', size: 101 * 1024 * 1024 })).toMatch(/100 MB/);
    expect(importFileProblem({ name: 'produtos.csv', size: 60 * 1024 * 1024 })).toBeNull();
    expect(importFileProblem({ name: 'produtos.csv', size: 100 })).toBeNull();
    expect(appliedPercent(3, 8)).toBe(38);
    expect(appliedPercent(0, 0)).toBe(0);
  });
});

describe('ProductsImportView with a store-sized file', () => {
  it('writes its counts the Brazilian way, while reading and once read', () => {
    const detail = {
      __typename: 'ProductImport' as const,
      id: 'import-grande',
      fileName: 'migracao.csv',
      status: 'PREVIEWING' as const,
      createdAt: '2026-11-30T13:00:00.000Z',
      staffName: 'Administrador',
      totalRows: 45000,
      createCount: 40000,
      updateCount: 4000,
      unchangedCount: 999,
      refusedCount: 1,
      appliedRows: 0,
      error: null,
      rows: [],
    };
    const props = {
      imports: [],
      onUpload: async () => undefined,
      importId: detail.id,
      outcome: null,
      onOutcomeChange: () => undefined,
      page: 0,
      onPageChange: () => undefined,
      onApply: async () => undefined,
      onDiscard: async () => undefined,
    };
    const reading = renderAt(
      '/dashboard/produtos/importar',
      <Route
        path="/dashboard/produtos/importar"
        element={<ProductsImportView {...props} detail={detail} />}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Lendo o arquivo e comparando com o catálogo… 45.000 linhas lidas até agora.',
    );
    reading.unmount();
    renderAt(
      '/dashboard/produtos/importar',
      <Route
        path="/dashboard/produtos/importar"
        element={<ProductsImportView {...props} detail={{ ...detail, status: 'READY' }} />}
      />,
    );
    expect(screen.getAllByRole('definition').map((item) => item.textContent)).toEqual([
      '40.000',
      '4.000',
      '999',
      '1',
    ]);
    expect(screen.getByRole('tab', { name: 'Todas (45.000)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'A criar (40.000)' })).toBeInTheDocument();
  });
});

function renderImport(route = '/dashboard/produtos/importar') {
  signInAsStaff();
  server.use(...catalogMock.answers(makeCatalogStructure()));
  return renderAt(
    route,
    <Route path="/dashboard/produtos/importar" element={<ProductsImportScreen pollMs={40} />} />,
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('ProductsImportScreen', () => {
  it('sends a CSV, opens its import once the preview is read and lists the refused rows with reasons', async () => {
    const { user } = renderImport();
    await screen.findByText('precos-black-friday.csv');
    const csv = [
      PRODUCT_IMPORT_HEADER,
      'camiseta-basica-algodao;Camiseta básica;Aurora;Camisetas;;sim;não;;;AUR-CAM-001-M;M;Branco;79,90;;12;;;;;;',
      'nova;Saia nova;Aurora;Calças;;sim;não;;;AUR-SAI-001-P;P;Preto;99,90;;3;;;;;;',
      'nova;Saia nova;Aurora;Calças;;sim;não;;;AUR-SAI-001-M;M;Preto;99,9O;;3;;;;;;',
    ].join('\r\n');
    await user.upload(
      screen.getByLabelText('Arquivo CSV'),
      new File([`\uFEFF${csv}`], 'saias.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(location()).toMatch(/\?importacao=import-new-\d+$/));
    expect(await screen.findByText('Prévia pronta')).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((item) => item.textContent)).toEqual([
      'A criar',
      'A atualizar',
      'Sem mudança',
      'Recusadas',
    ]);
    expect(screen.getAllByRole('definition').map((item) => item.textContent)).toEqual([
      '1',
      '1',
      '0',
      '1',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Recusadas (1)' }));
    await waitFor(() => expect(location()).toContain('resultado=recusadas'));
    const table = await screen.findByRole('table', { name: 'Linhas' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('AUR-SAI-001-M')).toBeInTheDocument();
    expect(
      within(table).getByText('Preço inválido: "99,9O". Use números, como 129,90.'),
    ).toBeInTheDocument();
    expect(within(table).getByText('4')).toBeInTheDocument();
  });

  it('uploads the file as it is, named in the address, and shows the server refusing it in its words', async () => {
    const { user } = renderImport();
    await screen.findByText('precos-black-friday.csv');
    const seen: { fileName: string | null; type: string | null; body: string }[] = [];
    server.use(
      http.post(PRODUCT_IMPORT_UPLOAD_URL, async ({ request }) => {
        seen.push({
          fileName: new URL(request.url).searchParams.get('fileName'),
          type: request.headers.get('Content-Type'),
          body: await request.text(),
        });
        return HttpResponse.json(
          { detail: 'O arquivo tem mais de 200.000 linhas de produtos.' },
          { status: 400 },
        );
      }),
    );
    await user.upload(
      screen.getByLabelText('Arquivo CSV'),
      new File([`${PRODUCT_IMPORT_HEADER}\r\n`], 'catálogo antigo.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText('O arquivo tem mais de 200.000 linhas de produtos.'),
    ).toBeInTheDocument();
    expect(seen).toEqual([
      { fileName: 'catálogo antigo.csv', type: 'text/csv', body: `${PRODUCT_IMPORT_HEADER}\r\n` },
    ]);
    expect(location()).not.toContain('importacao=');
  });

  it('keeps what an update leaves blank, clears with [apagar] and shows each change before and after', async () => {
    const { user } = renderImport();
    await screen.findByText('precos-black-friday.csv');
    expect(screen.getByText(/célula vazia mantém o valor atual/)).toHaveTextContent(
      'Para apagar um campo opcional',
    );
    const csv = [
      PRODUCT_IMPORT_HEADER,
      // Blank Nome, Descrição and Preço: only the stock changes.
      ';;;;;;;;;AUR-CAM-001-M;;;;;30;;;;;;',
      ';;;;[apagar];;;;;AUR-CAM-001-G;;;;;;;;;;;',
    ].join('\r\n');
    await user.upload(
      screen.getByLabelText('Arquivo CSV'),
      new File([`\uFEFF${csv}`], 'estoque.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(location()).toMatch(/\?importacao=import-new-\d+$/));
    await user.click(await screen.findByRole('tab', { name: 'A atualizar (2)' }));
    const table = await screen.findByRole('table', { name: 'Linhas' });
    const stock = await within(table).findByRole('list', { name: 'Alterações da linha 2' });
    expect(
      within(stock)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Estoque: 12 → 30']);
    const description = within(table).getByRole('list', { name: 'Alterações da linha 3' });
    expect(within(description).getByRole('listitem')).toHaveTextContent(
      'Descrição: Camiseta de algodão orgânico com caimento reto. → —',
    );
    expect(within(description).getByRole('deletion')).toHaveTextContent(
      'Camiseta de algodão orgânico com caimento reto.',
    );
  });

  it('applies after confirmation and shows the progress moving until applied', async () => {
    const { user } = renderImport('/dashboard/produtos/importar?importacao=import-1');
    await user.click(await screen.findByRole('button', { name: 'Aplicar importação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar a importação?' });
    expect(dialog).toHaveTextContent(
      '3 variações serão criadas e 2 atualizadas na loja. 2 linhas recusadas ficam de fora.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar importação' }));
    // The mock applies a quarter of the 5 rows to create or update between two reads: 2, 4, 5.
    expect(await screen.findByText('2 de 5 linhas a aplicar (40 %)')).toBeInTheDocument();
    expect(await screen.findByText('4 de 5 linhas a aplicar (80 %)')).toBeInTheDocument();
    expect(await screen.findByText(/^Importação aplicada/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progresso da importação' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.queryByRole('button', { name: 'Aplicar importação' })).toBeNull();
  });

  it('keeps the import on screen, its rows dimmed and busy, while another tab loads', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the refused rows' answer, then lets the mock's own handler answer it.
    server.use(
      graphql.query('DashboardProductImport', async ({ variables }) => {
        if (variables.outcome === 'REFUSED') await held;
      }),
    );
    const { user } = renderImport('/dashboard/produtos/importar?importacao=import-1');
    const table = await screen.findByRole('table', { name: 'Linhas' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(9));
    await user.click(screen.getByRole('tab', { name: 'Recusadas (2)' }));
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(panel).toHaveAttribute('aria-busy', 'true'));
    // No skeleton: the file's heading, its counts and the rows already read stay.
    expect(screen.getByRole('heading', { name: 'produtos-novembro.csv' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar importação' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Carregando a importação')).toBeNull();
    expect(within(panel).getAllByRole('row')).toHaveLength(9);
    release();
    await waitFor(() => expect(panel).not.toHaveAttribute('aria-busy'));
    expect(within(panel).getAllByRole('row')).toHaveLength(3);
    expect(within(panel).queryByText('AUR-VES-010-P')).toBeNull();
  });

  it('says so in the rows when another tab fails to load, and loads it again on request', async () => {
    let failing = true;
    server.use(
      graphql.query('DashboardProductImport', ({ variables }) =>
        failing && variables.outcome === 'REFUSED' ? HttpResponse.error() : undefined,
      ),
    );
    const { user } = renderImport('/dashboard/produtos/importar?importacao=import-1');
    await screen.findByRole('table', { name: 'Linhas' });
    await user.click(screen.getByRole('tab', { name: 'Recusadas (2)' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      await within(panel).findByText('Não foi possível carregar a importação.'),
    ).toBeInTheDocument();
    // The previous tab's rows are not left under the refused tab as if they were its own.
    expect(within(panel).queryByRole('table', { name: 'Linhas' })).toBeNull();
    // Nor pages of rows that did not load to move between.
    expect(within(panel).queryByText(/^1–\d+ de \d+$/)).toBeNull();
    expect(within(panel).queryByRole('button', { name: /próxima página/i })).toBeNull();
    expect(screen.getByRole('heading', { name: 'produtos-novembro.csv' })).toBeInTheDocument();
    failing = false;
    await user.click(within(panel).getByRole('button', { name: 'Tentar de novo' }));
    const table = await within(panel).findByRole('table', { name: 'Linhas' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(panel).getByText('1–2 de 2')).toBeInTheDocument();
    expect(within(panel).queryByText('Não foi possível carregar a importação.')).toBeNull();
  });

  it('shows why a failed import failed', async () => {
    renderImport('/dashboard/produtos/importar?importacao=import-f');
    expect(await screen.findByText('A importação falhou')).toBeInTheDocument();
    expect(screen.getByText(/O arquivo não tem a coluna SKU/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aplicar importação' })).toBeNull();
  });

  it('tells a SUPPORT member that only administrators and brand managers import', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT' }));
    renderImport();
    expect(
      await screen.findByText(
        'Somente administradores e gerentes de marca podem importar produtos.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Escolher arquivo' })).toBeNull();
  });
});
