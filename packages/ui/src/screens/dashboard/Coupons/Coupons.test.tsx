// Cupons against the MSW mock, as the server answers: the list with every status, its search,
// filter and order in the URL; a coupon created after a code refused at its field; the live
// summary; a deactivation confirmed; a used coupon without delete, an unused one deleted after a
// confirmation naming it; the leave-without-saving question; SUPPORT without permission.
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { catalogMock, staffMock } from '../../../mocks';
import { makeCatalogStructure } from '../../../mocks/catalog/catalogStructure.fixtures';
import { COUPONS_NOW } from '../../../mocks/coupons/coupons.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { CouponEditorScreen } from './CouponEditorScreen';
import { CouponsScreen } from './CouponsScreen';

const LIST = '/dashboard/cupons';
const NOW = Date.parse(COUPONS_NOW);

function renderCoupons(route = LIST) {
  signInAsStaff();
  server.use(...catalogMock.answers(makeCatalogStructure()));
  return renderAt(
    route,
    <>
      <Route path={LIST} element={<CouponsScreen now={NOW} />} />
      <Route path={`${LIST}/novo`} element={<CouponEditorScreen now={NOW} />} />
      <Route path={`${LIST}/:id`} element={<CouponEditorScreen now={NOW} />} />
    </>,
  );
}

async function findTable() {
  return screen.findByRole('table', { name: 'Cupons' });
}

function rowOf(grid: HTMLElement, code: string): HTMLElement {
  const link = within(grid).getByRole('link', { name: code });
  const row = link.closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`No row for ${code}`);
  return row;
}

describe('CouponsScreen', { timeout: 45_000 }, () => {
  it('lists every coupon with its value, status, validity, usage and scope', async () => {
    renderCoupons();
    const grid = await findTable();
    await within(grid).findByRole('link', { name: 'AURORA15' });
    const aurora = rowOf(grid, 'AURORA15');
    expect(aurora).toHaveTextContent('15%');
    expect(aurora).toHaveTextContent('Ativo');
    expect(aurora).toHaveTextContent('Até 31/03/2026 23:59');
    expect(aurora).toHaveTextContent('12 / 100 usos');
    expect(aurora).toHaveTextContent('Marca Aurora');
    expect(rowOf(grid, 'PASCOA20')).toHaveTextContent('Agendado');
    expect(rowOf(grid, 'PASCOA20')).toHaveTextContent('R$ 20,00');
    expect(rowOf(grid, 'PASCOA20')).toHaveTextContent('Categoria Roupas');
    expect(rowOf(grid, 'CARNAVAL25')).toHaveTextContent('Expirado');
    expect(rowOf(grid, 'VIP50')).toHaveTextContent('Esgotado');
    expect(rowOf(grid, 'VIP50')).toHaveTextContent('R$ 50,00 + frete grátis');
    expect(rowOf(grid, 'INVERNO10')).toHaveTextContent('Inativo');
    expect(rowOf(grid, 'FRETEGRATIS')).toHaveTextContent('Frete grátis');
    expect(rowOf(grid, 'FRETEGRATIS')).toHaveTextContent('Loja inteira');
    expect(rowOf(grid, 'BEMVINDO10')).toHaveTextContent('Sem prazo');
    expect(screen.getByText('8 cupons')).toBeInTheDocument();
  });

  it('filters by status and searches by code, both in the URL, and orders by use', async () => {
    const { user } = renderCoupons(`${LIST}?situacao=agendado`);
    const grid = await findTable();
    await within(grid).findByRole('link', { name: 'PASCOA20' });
    expect(within(grid).getAllByRole('link')).toHaveLength(1);
    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Todas' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por código' }), 'frete{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`${LIST}?busca=frete`),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('link')).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'FRETEGRATIS' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por código' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por código' }), '{Enter}');
    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Mais usados' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('ordem=usos'));
    const codes = within(screen.getByRole('table'))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(codes.slice(0, 3)).toEqual(['FRETEGRATIS', 'CARNAVAL25', 'VIP50']);
  });

  it('says when nothing matches and clears the filters', async () => {
    const { user } = renderCoupons(`${LIST}?busca=NADA`);
    expect(await screen.findByText('Nenhum cupom encontrado')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Limpar filtros' })[0]!);
    await within(await findTable()).findByRole('link', { name: 'AURORA15' });
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${LIST}$`));
  });

  it('tells SUPPORT only administrators manage coupons', async () => {
    server.use(...staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }));
    renderCoupons();
    expect(
      await screen.findByText('Somente administradores podem ver e gerenciar os cupons.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('CouponEditorScreen', { timeout: 45_000 }, () => {
  it('refuses a taken code at its field, then creates and opens the new coupon', async () => {
    const { user } = renderCoupons(`${LIST}/novo`);
    const form = await screen.findByRole('form', { name: 'Novo cupom' });
    await user.type(within(form).getByRole('textbox', { name: /Código/ }), 'bemvindo10');
    await user.type(within(form).getByRole('textbox', { name: /Porcentagem/ }), '12,5');
    await user.click(within(form).getByRole('combobox', { name: 'Marcas' }));
    await user.click(await screen.findByRole('option', { name: 'Aurora' }));
    await user.type(within(form).getByRole('textbox', { name: 'Pedido mínimo' }), '100');
    await user.type(within(form).getByRole('textbox', { name: 'Usos por e-mail' }), '1');
    expect(screen.getByTestId('cupom-resumo')).toHaveTextContent(
      '12,5% em produtos da marca Aurora, pedidos a partir de R$ 100,00, 1 uso por cliente.',
    );
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }));
    const code = within(form).getByRole('textbox', { name: /Código/ });
    expect(await screen.findByText('Já existe um cupom com o código BEMVINDO10.')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.clear(code);
    await user.type(code, 'aurora-vip');
    expect(code).toHaveValue('AURORA-VIP');
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }));
    expect(await screen.findByText('Cupom AURORA-VIP criado.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/\/dashboard\/cupons\/coupon-new-/),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'AURORA-VIP' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Uso até agora' })).toHaveTextContent('0 usos');
  });

  it('reads a value that is not a price before sending anything', async () => {
    const { user } = renderCoupons(`${LIST}/novo`);
    const form = await screen.findByRole('form', { name: 'Novo cupom' });
    await user.click(within(form).getByRole('button', { name: 'Gerar código' }));
    expect(
      (within(form).getByRole('textbox', { name: /Código/ }) as HTMLInputElement).value,
    ).toMatch(/^[A-Z2-9]{8}$/);
    await user.click(within(form).getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Valor fixo' }));
    await user.type(within(form).getByRole('textbox', { name: /Valor do desconto/ }), '20,5,0');
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }));
    expect(await screen.findByText('Valor inválido: use o formato 20,00.')).toBeVisible();
    expect(within(form).getByRole('textbox', { name: /Valor do desconto/ })).toHaveFocus();
  });

  it('deactivates after a confirmation, then reactivates', async () => {
    const { user } = renderCoupons(`${LIST}/coupon-aurora`);
    await screen.findByRole('heading', { level: 1, name: 'AURORA15' });
    await user.click(screen.getByRole('button', { name: 'Desativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar AURORA15?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Cupom AURORA15 desativado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Inativo')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ativo' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Reativar' }));
    const again = await screen.findByRole('dialog', { name: 'Reativar AURORA15?' });
    await user.click(within(again).getByRole('button', { name: 'Reativar' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Ativo' })).toBeChecked());
  });

  it('offers no delete for a used coupon, and deletes an unused one after naming it', async () => {
    const { user } = renderCoupons(`${LIST}/coupon-teste`);
    await screen.findByRole('heading', { level: 1, name: 'TESTE-QA' });
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.getByText(/não pode ser excluído, só desativado/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cupons' }));
    await user.click(await screen.findByRole('link', { name: 'INVERNO10' }));
    await screen.findByRole('heading', { level: 1, name: 'INVERNO10' });
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o cupom INVERNO10?' });
    expect(dialog).toHaveTextContent('não poderá ser recuperado');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Cupom INVERNO10 excluído.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${LIST}$`));
    await within(await findTable()).findByRole('link', { name: 'AURORA15' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'INVERNO10' })).toBeNull());
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user } = renderCoupons(`${LIST}/coupon-aurora`);
    await screen.findByRole('heading', { level: 1, name: 'AURORA15' });
    await user.type(screen.getByRole('textbox', { name: /Descrição/ }), ' (reforço)');
    await user.click(screen.getByRole('link', { name: 'Cupons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(`${LIST}/coupon-aurora`);
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Alterações salvas.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cupons' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${LIST}$`)),
    );
  });

  it('says when the coupon does not exist', async () => {
    renderCoupons(`${LIST}/nao-existe`);
    expect(await screen.findByText('Este cupom não existe ou foi excluído.')).toBeInTheDocument();
  });
});
