import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CartProvider, createCartStore } from '../../../cart';
import { catalogMock, GRAPHQL_URL, paymentsMock, settingsMock } from '../../../mocks';
import { CHECKOUT_VARIANTS, seedCart } from '../../../mocks/checkout/checkout.fixtures';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { deferred, renderAt } from '../../../test/renderAt';
import { NotFoundScreen } from '../../errors/NotFound';
import { HomeScreen } from '../Home';
import { StorefrontShellScreen } from './StorefrontShellScreen';

function Broken(): never {
  throw new Error('page exploded');
}

// Each render is a new visit: a new cart store reading what localStorage holds.
function renderStorefront(route = '/') {
  return renderAt(
    route,
    <Route
      path="/"
      element={
        <CartProvider store={createCartStore()}>
          <StorefrontShellScreen />
        </CartProvider>
      }
    >
      <Route index element={<HomeScreen />} />
      <Route path="quebrada" element={<Broken />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Route>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StorefrontShellScreen', { timeout: 30_000 }, () => {
  it("welcomes shoppers with the store's name and its buying advantages", async () => {
    // A store with a card gateway: the instalments are a real promise.
    server.use(
      ...catalogMock.answers(makeStorefrontCatalog()),
      ...settingsMock.answers({ storeName: 'Casa Aurora' }),
      ...paymentsMock.answers({ methods: ['PIX', 'CARD'] }),
    );
    renderStorefront();
    expect(await screen.findByRole('link', { name: 'Casa Aurora' })).toBeVisible();
    expect(await screen.findByText('Frete grátis acima de R$ 299,00')).toBeInTheDocument();
    expect(screen.getByText('5% de desconto no Pix')).toBeInTheDocument();
    expect(await screen.findByText('Até 10x sem juros')).toBeInTheDocument();
  });

  it('has order tracking and the institutional links in the footer', () => {
    renderStorefront();
    const footer = within(screen.getByRole('navigation', { name: 'Institucional' }));
    expect(footer.getByRole('link', { name: 'Acompanhe seu pedido' })).toHaveAttribute(
      'href',
      '/pedido',
    );
    expect(footer.getByRole('link', { name: 'Contato' })).toHaveAttribute('href', '/contato');
    expect(footer.getByRole('link', { name: 'Trocas e devoluções' })).toHaveAttribute(
      'href',
      '/trocas-e-devolucoes',
    );
    expect(footer.getByRole('link', { name: 'Privacidade' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
  });

  it("lets the app move the focus to the page's main content on a new page", () => {
    renderStorefront();
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('tabindex', '-1');
    main.focus();
    expect(main).toHaveFocus();
  });

  it('shows no loading indicator for storefront requests', async () => {
    const answer = deferred();
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    server.use(
      http.all(GRAPHQL_URL, async () => {
        await answer.promise;
        return undefined;
      }),
    );
    renderStorefront();
    // The request is running (the home is still a skeleton) but this is not the dashboard.
    expect(screen.queryByRole('list', { name: 'Vantagens da loja' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Carregando' })).not.toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByText('5% de desconto no Pix')).toBeInTheDocument();
  });

  it('shows "Página não encontrada" with a way back home for unknown paths', async () => {
    renderStorefront('/nao-existe');
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('searches the catalog from the header, with suggestions as the shopper types', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    const { user } = renderStorefront();
    const box = screen.getByRole('combobox', { name: 'Buscar produtos' });
    await user.type(box, 'tenis');
    expect(await screen.findByRole('option', { name: /Tênis de trilha Serra Leve/ })).toBeVisible();
    await user.type(box, '{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/busca?q=tenis');
  });

  it('keeps the focus and the typed words when the suggestions box takes over the search field', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    const { user } = renderStorefront();
    await user.click(screen.getByRole('combobox', { name: 'Buscar produtos' }));
    await user.keyboard('ten');
    // The Autocomplete (its own chunk) is in place, focused, holding every letter typed.
    await waitFor(() => expect(document.querySelector('.MuiAutocomplete-root')).not.toBeNull());
    const box = screen.getByRole('combobox', { name: 'Buscar produtos' });
    expect(box).toHaveFocus();
    await user.keyboard('is');
    expect(box).toHaveValue('tenis');
  });

  it('on a phone, opens a search sheet from the header: focus in its field, a search remembered and listed on reopening, Escape gives the focus back', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    // An earlier test's search may still be being remembered (the module is imported when
    // needed): let it land, then forget it.
    await import('../Listing/recentSearches');
    await new Promise((resolve) => setTimeout(resolve, 0));
    window.localStorage.removeItem('vitrine.recentSearches');
    const { user } = renderStorefront();
    const opener = screen.getByRole('button', { name: 'Buscar produtos' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Buscar na loja' });
    const field = within(sheet).getByRole('combobox', { name: 'Buscar produtos' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(sheet).queryByRole('listbox')).toBeNull();

    await user.type(field, 'camiseta{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/busca?q=camiseta');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Buscar na loja' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Buscar produtos' }));
    const again = await screen.findByRole('dialog', { name: 'Buscar na loja' });
    // On the results page the sheet starts from the searched words; cleared, the recent ones.
    expect(within(again).getByRole('combobox', { name: 'Buscar produtos' })).toHaveValue(
      'camiseta',
    );
    await user.click(within(again).getByRole('button', { name: 'Apagar o texto' }));
    const recent = within(again).getByRole('listbox', { name: 'Buscas recentes' });
    expect(within(recent).getByRole('option', { name: 'camiseta' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Buscar na loja' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Buscar produtos' })).toHaveFocus();
  });

  it('counts the units in the bag and opens the cart drawer from the header', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    seedCart({
      lines: [
        { variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 },
        { variantId: CHECKOUT_VARIANTS.shortsP, quantity: 1 },
      ],
    });
    const { user } = renderStorefront();
    expect(screen.queryByRole('dialog', { name: /Minha sacola/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sacola: 3 itens' }));
    const drawer = await screen.findByRole('dialog', { name: /Minha sacola/ });
    await waitFor(() => expect(within(drawer).getByText('(3 itens)')).toBeVisible());
    await user.click(within(drawer).getByRole('button', { name: 'Fechar a sacola' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Minha sacola/ })).not.toBeInTheDocument(),
    );
  });

  it('shows the friendly error inside the frame when a page fails, and clears it on leaving', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderStorefront('/quebrada');
    expect(screen.getByRole('heading', { name: 'Algo deu errado por aqui' })).toBeVisible();
    // The header and footer stay, so the shopper can search or go elsewhere.
    expect(screen.getByRole('combobox', { name: 'Buscar produtos' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Institucional' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Ir para a página inicial' }));
    expect(screen.queryByRole('heading', { name: 'Algo deu errado por aqui' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('the department menu (issue 12, item 5)', { timeout: 30_000 }, () => {
  it('lists the departments under the header, each with its subcategories', async () => {
    const catalog = makeStorefrontCatalog();
    server.use(...catalogMock.answers(catalog));
    renderStorefront();
    const menu = within(await screen.findByRole('navigation', { name: 'Departamentos' }));
    const stocked = catalog.categories.filter((top) =>
      catalog.products.some(
        (product) =>
          product.category.id === top.id ||
          top.children.some((child) => child.id === product.category.id),
      ),
    );
    expect(stocked.length).toBeGreaterThan(1);
    for (const top of stocked) {
      expect(await menu.findByRole('link', { name: top.name })).toHaveAttribute(
        'href',
        `/categoria/${top.slug}`,
      );
      // The subcategories' panel opens on hover and focus (CSS): its links are read by text.
      expect(menu.getByText(`Ver tudo em ${top.name}`).closest('a')).toHaveAttribute(
        'href',
        `/categoria/${top.slug}`,
      );
    }
    const first = stocked[0]!;
    const child = first.children.find((candidate) =>
      catalog.products.some((product) => product.category.id === candidate.id),
    )!;
    expect(menu.getByText(child.name).closest('a')).toHaveAttribute(
      'href',
      `/categoria/${child.slug}`,
    );
    expect(menu.getByRole('link', { name: 'Marcas' })).toHaveAttribute('href', '/#marcas');
  });

  it('opens the same tree in a drawer from the menu button, and closes it on a choice', async () => {
    const catalog = makeStorefrontCatalog();
    server.use(...catalogMock.answers(catalog));
    const { user } = renderStorefront();
    await user.click(screen.getByRole('button', { name: 'Departamentos' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Departamentos' }));
    const top = catalog.categories[0]!;
    await user.click(await drawer.findByRole('link', { name: top.name }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Departamentos' })).toBeNull());
  });

  it('keeps the page working when the tree cannot be read', async () => {
    server.use(http.post(GRAPHQL_URL, () => new Response(null, { status: 500 })));
    renderStorefront();
    const menu = await screen.findByRole('navigation', { name: 'Departamentos' });
    expect(within(menu).queryAllByRole('link', { hidden: true })).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: 'Institucional' })).toBeVisible();
  });
});

describe('the skip link (issue 12, item 12)', { timeout: 30_000 }, () => {
  it('is the first stop of the keyboard and moves the focus to the page content', async () => {
    const { user } = renderStorefront();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
