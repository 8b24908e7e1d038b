// Auditoria against the MSW mock: newest first with who, what and from where, a filter by action
// group kept in the URL and sent as the prefix, an entry's field diff, the CSV export with the
// filter, SUPPORT refused.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { lastExportRequest, MOCK_EXPORT_TICKET, staffMock } from '../../../mocks';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { AuditScreen } from './AuditScreen';

function renderAudit(route = '/dashboard/auditoria', download = vi.fn()) {
  signInAsStaff();
  const rendered = renderAt(
    route,
    <Route path="/dashboard/auditoria" element={<AuditScreen download={download} />} />,
  );
  return { ...rendered, download };
}

// The grids render in jsdom slowly on a loaded machine: more time than the default, never less.
describe('AuditScreen', { timeout: 45_000 }, () => {
  it('lists the newest entries first: action, object link, who and from where', async () => {
    renderAudit();
    const list = await screen.findByRole('list', { name: 'Registros da auditoria' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveAccessibleName('Produto salvo: Camiseta básica de algodão');
    expect(
      within(items[0]!).getByRole('link', { name: 'Camiseta básica de algodão' }),
    ).toHaveAttribute('href', '/dashboard/produtos/prod-camiseta-basica');
    expect(items[0]).toHaveTextContent(
      'Ana Souza (admin@vitrine.com.br) · 200.148.12.34 · Chrome 131 · macOS',
    );
    const failed = within(list).getByRole('listitem', {
      name: 'Falha de login: ana.souza@gmail.com',
    });
    expect(failed).toHaveTextContent('Sistema');
    expect(within(list).getByRole('listitem', { name: /^webhook\.replay/ })).toBeInTheDocument();
  });

  it('filters by an action group, keeping it in the URL', async () => {
    const { user } = renderAudit();
    await screen.findByRole('list', { name: 'Registros da auditoria' });
    await user.click(screen.getByRole('combobox', { name: 'Ação' }));
    await user.click(await screen.findByRole('option', { name: 'Login e segurança' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('acao=auth.'));
    const list = await screen.findByRole('list', { name: 'Registros da auditoria' });
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: /^Produto salvo/ })).toBeNull(),
    );
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toContain('Falha de login: ana.souza@gmail.com');
    expect(names.length).toBe(4);
  });

  it('opens an entry into the fields that changed', async () => {
    const { user } = renderAudit('/dashboard/auditoria?objeto=SETTINGS');
    const list = await screen.findByRole('list', { name: 'Registros da auditoria' });
    const item = await within(list).findByRole('listitem', {
      name: 'Configurações alteradas: Configurações da loja',
    });
    await user.click(within(item).getByRole('button', { name: 'Ver alterações' }));
    const table = within(item).getByRole('table', { name: 'Alterações: Configurações alteradas' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    // The field as the Settings form labels it, not its code name.
    expect(rows[1]).toHaveTextContent('Desconto no Pix58');
    expect(table).not.toHaveTextContent('pixDiscountPercent');
  });

  it('exports the filtered log as CSV through a ticket', async () => {
    const { user, download } = renderAudit('/dashboard/auditoria?acao=order.&q=pedido');
    await screen.findByRole('list', { name: 'Registros da auditoria' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.[0]).toContain(
      `/admin/exports/audit.csv?ticket=${MOCK_EXPORT_TICKET}`,
    );
    expect(lastExportRequest.body).toEqual({ filter: { action: 'order.', search: 'pedido' } });
  });

  it('tells SUPPORT that only administrators see it', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT', name: 'Bruno Lima' }));
    renderAudit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Só administradores veem a auditoria.',
    );
  });
});
