import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { ordersMock, paymentsMock, staffMock } from '../../../mocks';
import {
  makeSampleStatementCsv,
  makeSampleStatementImport,
  makeSuggestionOrders,
  makeSuggestionStatementImport,
  SAMPLE_STATEMENT_FILE_NAME,
} from '../../../mocks/payments/reconciliation.fixtures';
import { makeStaffOrders } from '../../../mocks/orders/staffOrders.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { expiryUrgency, formatExpiresIn, PIX_FORBIDDEN, statementFileProblem } from './pixFormat';
import { IMPORT_FAILED, IMPORT_FORBIDDEN, importErrorMessage, PixScreen } from './PixScreen';
import { StatementScreen } from './StatementScreen';

function renderPix(route = '/dashboard/pix') {
  signInAsStaff();
  return renderAt(
    route,
    <>
      <Route path="/dashboard/pix" element={<PixScreen />} />
      <Route path="/dashboard/pix/extratos/:id" element={<StatementScreen />} />
      <Route path="/dashboard/pedidos/:id" element={<p>Página do pedido</p>} />
    </>,
  );
}

describe('pixFormat', () => {
  const now = Date.parse('2026-03-10T15:00:00Z');
  it('counts down to the expiry and flags the last 30 minutes, red in the last 10', () => {
    expect(formatExpiresIn('2026-03-10T15:35:00Z', now)).toBe('em 35 min');
    expect(formatExpiresIn('2026-03-10T17:05:00Z', now)).toBe('em 2 h 5 min');
    expect(formatExpiresIn('2026-03-10T14:59:00Z', now)).toBe('expirado');
    expect(expiryUrgency('2026-03-10T14:59:00Z', now)).toBe('error');
    expect(expiryUrgency('2026-03-10T15:09:59Z', now)).toBe('error');
    expect(expiryUrgency('2026-03-10T15:10:00Z', now)).toBe('warning');
    expect(expiryUrgency('2026-03-10T15:29:59Z', now)).toBe('warning');
    expect(expiryUrgency('2026-03-10T15:30:00Z', now)).toBe(null);
    expect(expiryUrgency('2026-03-10T16:30:00Z', now)).toBe(null);
    expect(expiryUrgency(null, now)).toBe(null);
  });

  it('refuses files that are not statements', () => {
    expect(statementFileProblem({ name: 'extrato.ofx', size: 10 })).toBeNull();
    expect(statementFileProblem({ name: 'foto.png', size: 10 })).toMatch(/OFX ou CSV/);
    expect(statementFileProblem({ name: 'extrato.csv', size: 0 })).toBe('O arquivo está vazio.');
    expect(statementFileProblem({ name: 'extrato.csv', size: 3 * 1024 * 1024 })).toMatch(/2 MB/);
  });
});

describe('PixScreen', () => {
  it('lists orders waiting for Pix, soonest expiry first, and confirms the selected ones', async () => {
    const { user } = renderPix();
    const grid = await screen.findByRole('grid', { name: 'Pix a conferir' });
    const rows = await within(grid).findAllByRole('link', { name: /^VT-/ });
    expect(rows.map((link) => link.textContent)).toEqual(['VT-10027', 'VT-10029', 'VT-10030']);
    expect(screen.getByRole('button', { name: 'Confirmar pagamento' })).toBeDisabled();

    await user.click(within(grid).getAllByRole('checkbox', { name: /Selecionar linha/i })[0]!);
    await user.click(within(grid).getAllByRole('checkbox', { name: /Selecionar linha/i })[1]!);
    await user.click(screen.getByRole('button', { name: 'Confirmar 2 pagamentos' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmar 2 pagamentos?' });
    expect(dialog).toHaveTextContent(/2 pedidos serão marcados como pagos, somando R\$/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar 2 pagamentos' }));
    expect(await within(dialog).findByText('2 pagamentos confirmados.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('grid', { name: 'Pix a conferir' }))
          .getAllByRole('link', {
            name: /^VT-/,
          })
          .map((link) => link.textContent),
      ).toEqual(['VT-10030']),
    );
  });

  it('says when there is no Pix to check', async () => {
    server.use(...ordersMock.answers({ staffOrders: [] }));
    renderPix();
    expect(await screen.findByText('Nenhum Pix a conferir')).toBeInTheDocument();
  });

  it('imports a statement, confirms the matched Pix once, and a second import finds nothing to confirm', async () => {
    const { user } = renderPix('/dashboard/pix?aba=extratos');
    expect(await screen.findByText('Nenhum extrato importado ainda.')).toBeInTheDocument();
    const file = new File([makeSampleStatementCsv()], SAMPLE_STATEMENT_FILE_NAME, {
      type: 'text/csv',
    });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input!, file);

    expect(
      await screen.findByRole('heading', { level: 1, name: SAMPLE_STATEMENT_FILE_NAME }),
    ).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'Filtrar lançamentos' });
    expect(within(filters).getByRole('button', { name: 'Conferidos (2)' })).toBeInTheDocument();
    expect(
      within(filters).getByRole('button', { name: 'Valor diferente (1)' }),
    ).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'Sem pedido (1)' })).toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'Valor diferente (1)' }));
    const table = screen.getByRole('table', { name: 'Lançamentos do extrato' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('VT-10030');

    await user.click(screen.getByRole('button', { name: 'Confirmar 2 pagamentos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar 2 pagamentos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('2 pagamentos confirmados.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(filters).getByRole('button', { name: 'Confirmados (2)' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /^Confirmar \d/ })).not.toBeInTheDocument();

    // The same file again: the two orders are paid now, nothing to confirm.
    await user.click(screen.getByRole('link', { name: 'Pix a conferir' }));
    await screen.findByRole('tab', { name: 'Extratos', selected: true });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/statement-new-\d+$/),
    );
    const again = await screen.findByRole('group', { name: 'Filtrar lançamentos' });
    expect(await within(again).findByRole('button', { name: 'Já pagos (2)' })).toBeInTheDocument();
    expect(screen.getByText(/Nada a confirmar neste extrato/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirmar \d/ })).not.toBeInTheDocument();
  });

  it('says why a file cannot be read', async () => {
    const { user } = renderPix('/dashboard/pix?aba=extratos');
    await screen.findByText('Nenhum extrato importado ainda.');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['olá'], 'extrato.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/Não reconhecemos este arquivo/)).toBeInTheDocument();
  });
});

describe('Pix without txid: suggested by amount, or more than one order for it', () => {
  function renderSuggestions() {
    const orders = makeSuggestionOrders();
    const statement = makeSuggestionStatementImport(orders);
    server.use(
      ...ordersMock.answers({ staffOrders: orders }),
      ...paymentsMock.answers({ statementImports: [statement] }),
    );
    return renderPix(`/dashboard/pix/extratos/${statement.id}`);
  }

  async function entryRow(description: string) {
    const table = await screen.findByRole('table', { name: 'Lançamentos do extrato' });
    const cell = within(table).getByText(description);
    return cell.closest('tr')!;
  }

  it('shows a suggestion with both names and confirms it in one click', async () => {
    const { user } = renderSuggestions();
    const row = await entryRow('PIX RECEBIDO JOÃO PEREIRA');
    expect(row).toHaveTextContent('Sugerido');
    expect(row).toHaveTextContent('Cliente: João Pereira');
    expect(row).toHaveTextContent('Quem pagou: JOÃO PEREIRA');
    expect(row).toHaveTextContent('Nomes conferem');
    const other = await entryRow('PIX RECEBIDO MARCOS VIEIRA');
    expect(other).toHaveTextContent('Cliente: Maria Oliveira');
    expect(other).toHaveTextContent('Nome diferente');
    const filters = screen.getByRole('group', { name: 'Filtrar lançamentos' });
    expect(within(filters).getByRole('button', { name: 'Sugeridos (2)' })).toBeInTheDocument();
    expect(screen.getByText(/2 sugeridos · 1 com mais de um pedido/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Confirmar como VT-10029' }));
    expect(await screen.findByText('Pagamento do pedido VT-10029 confirmado.')).toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Confirmado'));
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(filters).getByRole('button', { name: 'Sugeridos (1)' })).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'Confirmados (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar sugeridos (1)' })).toBeEnabled();
  });

  it('confirms every suggestion at once, with the matched ones, after saying what it does', async () => {
    const { user } = renderSuggestions();
    await entryRow('PIX RECEBIDO JOÃO PEREIRA');
    const filters = screen.getByRole('group', { name: 'Filtrar lançamentos' });
    expect(screen.getByRole('button', { name: 'Confirmar 1 pagamento' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar sugeridos (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmar 2 pagamentos sugeridos?' });
    expect(dialog).toHaveTextContent(/2 pedidos serão marcados como pagos, somando R\$ 304,01/);
    expect(dialog).toHaveTextContent('Em 1 deles o nome de quem pagou não é o do cliente');
    expect(dialog).toHaveTextContent(
      'O pagamento conferido pelo txid (R$ 274,80) também é confirmado',
    );
    const listed = within(
      within(dialog).getByRole('list', { name: 'Pagamentos sugeridos' }),
    ).getAllByRole('listitem');
    expect(listed).toHaveLength(2);
    expect(listed[0]).toHaveTextContent(
      /^VT-10029 · João Pereira · R\$\s208,21\s*Quem pagou: JOÃO PEREIRA \(nomes conferem\)$/,
    );
    expect(listed[1]).toHaveTextContent(
      /^VT-10030 · Maria Oliveira · R\$\s95,80\s*Quem pagou: MARCOS VIEIRA \(nome diferente\)$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText('3 pagamentos confirmados.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(filters).getByRole('button', { name: 'Confirmados (3)' })).toBeInTheDocument(),
    );
    expect(within(filters).getByRole('button', { name: 'Sugeridos (0)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The ambiguous credit is never guessed: it still waits for a choice.
    expect(
      within(filters).getByRole('button', { name: 'Mais de um pedido (1)' }),
    ).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('button', { name: /^Confirmar (sugeridos|\d)/ })).toBeNull();
  });

  it('lists every order of an ambiguous credit and confirms the one chosen', async () => {
    const { user } = renderSuggestions();
    const row = await entryRow('PIX RECEBIDO JOSÉ DA CONCEIÇÃO');
    expect(row).toHaveTextContent('Mais de um pedido com este valor');
    const candidates = within(
      within(row).getByRole('list', { name: 'Pedidos com este valor' }),
    ).getAllByRole('listitem');
    expect(candidates).toHaveLength(2);
    expect(candidates[0]).toHaveTextContent(/VT-10031 · José da Conceição.*Feito em .*R\$ 209,71/);
    expect(candidates[1]).toHaveTextContent(/VT-10032 · Fernanda Lima.*R\$ 209,71/);

    await user.click(within(row).getByRole('button', { name: 'Confirmar como VT-10031' }));
    expect(await screen.findByText('Pagamento do pedido VT-10031 confirmado.')).toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Confirmado'));
    expect(within(row).getByRole('link', { name: 'VT-10031' })).toBeInTheDocument();
    expect(within(row).queryByText('VT-10032')).toBeNull();
    const filters = screen.getByRole('group', { name: 'Filtrar lançamentos' });
    expect(within(filters).getByRole('button', { name: 'Mais de um pedido (0)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it("shows the server's refusal beside the credit and keeps the choice open", async () => {
    const { user } = renderSuggestions();
    const row = await entryRow('PIX RECEBIDO JOSÉ DA CONCEIÇÃO');
    const refusal = 'O pedido VT-10032 não está mais aguardando este Pix.';
    server.use(
      graphql.mutation('BankStatementEntryConfirm', () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: refusal, extensions: { code: 'BAD_USER_INPUT', field: 'orderId' } }],
        }),
      ),
    );
    await user.click(within(row).getByRole('button', { name: 'Confirmar como VT-10032' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(row).getByRole('button', { name: 'Confirmar como VT-10031' })).toBeEnabled();
    expect(screen.queryByText(/confirmado\.$/)).toBeNull();
  });

  it('sends the file as bytes: a Windows-1252 statement keeps the accents of the name', async () => {
    const orders = makeSuggestionOrders();
    server.use(...ordersMock.answers({ staffOrders: orders }));
    const { user } = renderPix('/dashboard/pix?aba=extratos');
    await screen.findByText('Nenhum extrato importado ainda.');
    const order = orders.find((item) => item.number === 'VT-10031')!;
    const amount = (order.totalCents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
    const text = `Data;Descrição;Valor\n10/03/2026;PIX RECEBIDO JOSÉ DA CONCEIÇÃO;${amount}\n`;
    // Windows-1252 writes these letters as Latin-1 does, one byte each (not UTF-8).
    const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([bytes], 'extrato-1252.csv', { type: 'text/csv' }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'extrato-1252.csv' }),
    ).toBeInTheDocument();
    const row = await entryRow('PIX RECEBIDO JOSÉ DA CONCEIÇÃO');
    expect(row).toHaveTextContent('Quem pagou: JOSÉ DA CONCEIÇÃO');
    expect(row).toHaveTextContent('Mais de um pedido com este valor');
    expect(document.body).not.toHaveTextContent('\uFFFD');
  });
});

describe("Pix a conferir is the store's money: ADMIN only", () => {
  it.each([
    ['BRAND_MANAGER', '/dashboard/pix'],
    ['SUPPORT', '/dashboard/pix?aba=extratos'],
  ] as const)('shows %s, opening %s by its address, the no-permission state', async (role, url) => {
    server.use(...staffMock.answers({ role, brandIds: ['brand-1'] }));
    renderPix(url);
    expect(await screen.findByText(PIX_FORBIDDEN)).toBeInTheDocument();
    expect(screen.getByText('Sem permissão')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pix a conferir' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirmar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Escolher arquivo' })).not.toBeInTheDocument();
  });

  it("shows a BRAND_MANAGER an imported statement's address as no permission, never its entries", async () => {
    const sample = makeSampleStatementImport(makeStaffOrders());
    server.use(
      ...staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-1'] }),
      ...paymentsMock.answers({ statementImports: [sample] }),
    );
    renderPix(`/dashboard/pix/extratos/${sample.id}`);
    expect(await screen.findByText(PIX_FORBIDDEN)).toBeInTheDocument();
    expect(screen.getByText('Sem permissão')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Lançamentos do extrato' })).not.toBeInTheDocument();
    expect(screen.queryByText(sample.fileName)).toBeNull();
  });

  it('says the import is not allowed when the API refuses it, not that the file is unreadable', async () => {
    const { user } = renderPix('/dashboard/pix?aba=extratos');
    await screen.findByText('Nenhum extrato importado ainda.');
    // The account became a brand manager's after the page loaded: the API refuses the import.
    server.use(...staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-1'] }));
    const file = new File([makeSampleStatementCsv()], SAMPLE_STATEMENT_FILE_NAME, {
      type: 'text/csv',
    });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    const alert = await screen.findByText(/Você não tem permissão/);
    expect(alert).toHaveTextContent('Você não tem permissão para esta ação.');
    expect(screen.queryByText(/Não foi possível ler o extrato/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/\/dashboard\/pix\?aba=extratos$/);
  });

  it("reads the import's refusals: permission, the file, anything else", () => {
    const refused = (code: string, message: string) =>
      Object.assign(new Error(message), {
        graphQLErrors: [{ message, extensions: { code } }],
      });
    expect(importErrorMessage(refused('FORBIDDEN', 'Você não tem permissão para esta ação.'))).toBe(
      'Você não tem permissão para esta ação.',
    );
    expect(importErrorMessage(refused('FORBIDDEN', ''))).toBe(IMPORT_FORBIDDEN);
    expect(importErrorMessage(refused('BAD_USER_INPUT', 'Arquivo vazio.'))).toBe('Arquivo vazio.');
    expect(importErrorMessage(new Error('Failed to fetch'))).toBe(IMPORT_FAILED);
  });
});
