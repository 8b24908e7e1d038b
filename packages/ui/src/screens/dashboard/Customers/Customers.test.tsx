// Clientes against the MSW mock: the staff orders grouped by e-mail, search by a punctuated CPF
// kept in the URL, a BRAND_MANAGER refused; the customer page exports the LGPD JSON and an ADMIN
// anonymises after two confirmations (SUPPORT never sees the button).
import { screen, waitFor, within } from '@testing-library/react';
import { Link, Route } from 'react-router-dom';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { GRAPHQL_URL, staffMock } from '../../../mocks';
import { cpfWithCheckDigits } from '@vitrine/rules';
import { customerIdOf } from '../../../mocks/customers/staffCustomers';
import { server } from '../../../mocks/server';
import { deferred, renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { OrderScreen } from '../Orders/OrderScreen';
import { CustomerScreen } from './CustomerScreen';
import { CustomersScreen } from './CustomersScreen';

const MARIA = 'maria.oliveira@example.com';
const MARIA_ID = customerIdOf(MARIA);

function renderList(route = '/dashboard/clientes') {
  signInAsStaff();
  return renderAt(route, <Route path="/dashboard/clientes" element={<CustomersScreen />} />);
}

function renderCustomer(id = MARIA_ID, saveFile = vi.fn()) {
  signInAsStaff();
  const rendered = renderAt(
    `/dashboard/clientes/${id}`,
    <Route path="/dashboard/clientes/:id" element={<CustomerScreen saveFile={saveFile} />} />,
  );
  return { ...rendered, saveFile };
}

// The grids render in jsdom slowly on a loaded machine: more time than the default, never less.
describe('CustomersScreen', { timeout: 45_000 }, () => {
  it('lists the customers grouped by e-mail, with the CPF masked and a link to each', async () => {
    renderList();
    const grid = await screen.findByRole('grid', { name: 'Clientes' });
    const maria = await within(grid).findByRole('link', { name: 'Maria Oliveira' });
    expect(maria).toHaveAttribute('href', `/dashboard/clientes/${MARIA_ID}`);
    expect(within(grid).getByText(MARIA)).toBeInTheDocument();
    expect(within(grid).getAllByText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/).length).toBeGreaterThan(1);
    expect(screen.getByText(/1–6 de 6/)).toBeInTheDocument();
  });

  it('finds a customer by a punctuated CPF and keeps the search in the URL', async () => {
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Maria Oliveira' });
    const digits = cpfWithCheckDigits('111444777');
    const punctuated = `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
    await user.type(
      screen.getByLabelText('Buscar por nome, e-mail, CPF ou telefone'),
      `${punctuated}{Enter}`,
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `q=${encodeURIComponent(punctuated)}`,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Maria Oliveira' })).toBeNull());
    expect(screen.getByRole('link', { name: 'João Pereira' })).toBeInTheDocument();
  });

  it('tells a brand manager they have no permission', async () => {
    server.use(...staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-serra'] }));
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para ver os clientes.',
    );
    expect(screen.queryByRole('search')).toBeNull();
  });
});

// The grids render in jsdom slowly on a loaded machine: more time than the default, never less.
describe('CustomerScreen', { timeout: 45_000 }, () => {
  it('shows contact, totals and the orders, and downloads the LGPD export as cliente-<id>.json', async () => {
    const { user, saveFile } = renderCustomer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Oliveira' })).toBeVisible();
    expect(screen.getByText(MARIA)).toBeInTheDocument();
    const orders = screen.getByRole('table', { name: 'Pedidos' });
    const links = within(orders).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^\/dashboard\/pedidos\//));
    await user.click(screen.getByRole('button', { name: 'Exportar dados (LGPD)' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [name, contents] = saveFile.mock.calls[0] as [string, string];
    expect(name).toBe(`cliente-${MARIA_ID}.json`);
    const parsed = JSON.parse(contents) as { customer: { email: string }; orders: unknown[] };
    expect(parsed.customer.email).toBe(MARIA);
    expect(parsed.orders.length).toBe(links.length);
  });

  it('anonymises after the explanation and the typed e-mail, then shows the anonymised state', async () => {
    const { user } = renderCustomer();
    await user.click(await screen.findByRole('button', { name: 'Anonimizar' }));
    const first = await screen.findByRole('dialog', { name: 'Anonimizar Maria Oliveira?' });
    expect(first).toHaveTextContent('Não é possível desfazer.');
    expect(first).toHaveTextContent('Nome, e-mail, CPF e telefone');
    expect(first).toHaveTextContent('valores, pagamentos e reembolsos');
    await user.click(within(first).getByRole('button', { name: 'Continuar' }));
    const second = await screen.findByRole('dialog', { name: 'Confirme a anonimização' });
    const confirm = within(second).getByRole('button', { name: 'Anonimizar definitivamente' });
    expect(confirm).toBeDisabled();
    const field = within(second).getByRole('textbox', { name: 'E-mail do cliente' });
    await user.click(field);
    await user.paste('maria.oliveira@example.co');
    expect(confirm).toBeDisabled();
    await user.type(field, 'm');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cliente anonimizado' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/Cliente anonimizado: \d+ pedidos/);
    expect(screen.queryByText(MARIA)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anonimizar' })).toBeNull();
  });

  it('shows none of her data on an order page read before the anonymisation', async () => {
    signInAsStaff();
    const { user } = renderAt(
      `/dashboard/clientes/${MARIA_ID}`,
      <>
        <Route path="/dashboard/clientes/:id" element={<CustomerScreen />} />
        <Route
          path="/dashboard/pedidos/:id"
          element={
            <>
              <OrderScreen />
              <Link to={`/dashboard/clientes/${MARIA_ID}`}>Voltar ao cliente</Link>
            </>
          }
        />
      </>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Maria Oliveira' });
    const orders = screen.getByRole('table', { name: 'Pedidos' });
    const first = within(orders).getAllByRole('link')[0]!;
    const number = first.textContent ?? '';
    await user.click(first);
    expect(
      await screen.findByRole('heading', { level: 1, name: new RegExp(number) }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByText(MARIA)).toBeInTheDocument());
    await user.click(screen.getByRole('link', { name: 'Voltar ao cliente' }));
    await user.click(await screen.findByRole('button', { name: 'Anonimizar' }));
    const explain = await screen.findByRole('dialog', { name: 'Anonimizar Maria Oliveira?' });
    await user.click(within(explain).getByRole('button', { name: 'Continuar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirme a anonimização' });
    await user.click(within(confirm).getByRole('textbox', { name: 'E-mail do cliente' }));
    await user.paste(MARIA);
    await user.click(within(confirm).getByRole('button', { name: 'Anonimizar definitivamente' }));
    await screen.findByRole('heading', { level: 1, name: 'Cliente anonimizado' });
    // The server's answer for the order is held: what shows meanwhile comes from the cache.
    const answer = deferred();
    server.use(
      http.all(GRAPHQL_URL, async () => {
        await answer.promise;
        return undefined; // then the schema-executing handler answers
      }),
    );
    await user.click(screen.getByRole('link', { name: number }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/pedidos\//),
    );
    expect(screen.queryByText(MARIA)).toBeNull();
    expect(screen.queryByText('Maria Oliveira')).toBeNull();
    answer.resolve();
    expect(
      await screen.findByRole('heading', { level: 1, name: new RegExp(number) }),
    ).toBeVisible();
    expect(screen.queryByText(MARIA)).toBeNull();
    expect(screen.queryByText('Maria Oliveira')).toBeNull();
  });

  it('gives SUPPORT the export but not the anonymisation', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT', name: 'Bruno Lima' }));
    renderCustomer();
    expect(await screen.findByRole('button', { name: 'Exportar dados (LGPD)' })).toBeVisible();
    // The role arrives with `me`: give it time to answer before asserting the absence.
    await waitFor(() => expect(screen.getByText(MARIA)).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'Anonimizar' })).toBeNull();
  });

  it('says so when the customer does not exist', async () => {
    renderCustomer('cus_nao-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cliente não encontrado' }),
    ).toBeVisible();
  });
});
