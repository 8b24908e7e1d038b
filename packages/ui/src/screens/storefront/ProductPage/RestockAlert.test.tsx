// 'Avise-me quando chegar' on the product page (issue 12, item 11): shown for a sold-out product
// or size, the e-mail sent with the chosen variant, the server's refusal in Portuguese, and the
// confirmation link's page. The network is MSW's.
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { CartProvider, createCartStore } from '../../../cart';
import { catalogMock } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { RestockConfirmScreen } from '../RestockConfirm';
import { ProductPageScreen } from './ProductPageScreen';

function renderProduct(slug: string) {
  return renderAt(
    `/produto/${slug}`,
    <Route
      path="/produto/:slug"
      element={
        <CartProvider store={createCartStore()}>
          <ProductPageScreen />
        </CartProvider>
      }
    />,
  );
}

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

describe('Avise-me quando chegar', { timeout: 30_000 }, () => {
  it('on a sold-out product: "esgotado" once, the e-mail sent for the chosen size, then "Enviamos um e-mail para confirmar"', async () => {
    const sent: Array<{ variantId: string; email: string }> = [];
    server.use(
      graphql.mutation('StorefrontRequestRestockAlert', ({ variables }) => {
        sent.push(variables as { variantId: string; email: string });
        return HttpResponse.json({ data: { requestRestockAlert: true } });
      }),
    );
    const { user } = renderProduct('sandalia-papete-conforto');
    const form = (await screen.findByRole('heading', { name: 'Avise-me quando chegar' }))
      .parentElement!;
    expect(screen.getAllByText(/esgotado/i)).toHaveLength(1);
    const size = within(form).queryByLabelText('Tamanho');
    let variantId: string | undefined;
    if (size) {
      variantId = (within(size).getAllByRole('option')[1] as HTMLOptionElement).value;
      await user.selectOptions(size, variantId);
    }
    await user.type(within(form).getByLabelText('E-mail'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Avise-me' }));
    expect(
      await screen.findByRole('heading', { name: 'Enviamos um e-mail para confirmar' }),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.email).toBe('ana@example.com');
    if (variantId) expect(sent[0]!.variantId).toBe(variantId);
  });

  it("shows the server's refusal in Portuguese and keeps the form", async () => {
    server.use(
      graphql.mutation('StorefrontRequestRestockAlert', () =>
        HttpResponse.json({
          errors: [
            {
              message: 'Muitos pedidos de aviso. Tente novamente em 58 minutos.',
              extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 3480 },
            },
          ],
        }),
      ),
    );
    const { user } = renderProduct('sandalia-papete-conforto');
    const form = (await screen.findByRole('heading', { name: 'Avise-me quando chegar' }))
      .parentElement!;
    const size = within(form).queryByLabelText('Tamanho');
    if (size) {
      await user.selectOptions(
        size,
        (within(size).getAllByRole('option')[1] as HTMLOptionElement).value,
      );
    }
    await user.type(within(form).getByLabelText('E-mail'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Avise-me' }));
    expect(
      await screen.findByText('Muitos pedidos de aviso. Tente novamente em 58 minutos.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Avise-me' })).toBeEnabled();
  });

  it('on a sold-out colour (issue 28, item 4): chosen in the picker, "Cor esgotada", the form for its sizes', async () => {
    const catalog = makeStorefrontCatalog();
    const product = catalog.products.find((item) => item.slug === 'camiseta-basica-algodao')!;
    // Terracota sold out in every size; white and black still in stock.
    product.variants = product.variants.map((item) =>
      item.color === 'Terracota' ? { ...item, stock: 0, available: false } : item,
    );
    server.use(...catalogMock.answers(catalog));
    const sent: Array<{ variantId: string; email: string }> = [];
    server.use(
      graphql.mutation('StorefrontRequestRestockAlert', ({ variables }) => {
        sent.push(variables as { variantId: string; email: string });
        return HttpResponse.json({ data: { requestRestockAlert: true } });
      }),
    );
    const { user } = renderProduct('camiseta-basica-algodao');
    await screen.findByRole('button', { name: 'Adicionar à sacola' });
    await user.click(screen.getByRole('radio', { name: 'Terracota (esgotado)' }));
    expect(screen.getByRole('button', { name: 'Cor esgotada' })).toBeDisabled();
    const form = screen.getByRole('heading', { name: 'Avise-me quando chegar' }).parentElement!;
    const size = within(form).getByLabelText('Tamanho');
    const labels = within(size)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toEqual(['Escolha', 'Tamanho P', 'Tamanho M', 'Tamanho G', 'Tamanho GG']);
    const terracotaM = product.variants.find(
      (item) => item.color === 'Terracota' && item.size === 'M',
    )!;
    await user.selectOptions(size, terracotaM.id);
    await user.type(within(form).getByLabelText('E-mail'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Avise-me' }));
    expect(
      await screen.findByRole('heading', { name: 'Enviamos um e-mail para confirmar' }),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ variantId: terracotaM.id, email: 'ana@example.com' }]);
  });

  it('on a sold-out colour of a one-size product: that variant, named by its colour', async () => {
    const catalog = makeStorefrontCatalog();
    const product = catalog.products.find((item) => item.slug === 'bolsa-tiracolo-couro-vegetal')!;
    product.variants = product.variants.map((item) =>
      item.color === 'Caramelo' ? { ...item, stock: 0, available: false } : item,
    );
    server.use(...catalogMock.answers(catalog));
    const { user } = renderProduct('bolsa-tiracolo-couro-vegetal');
    await screen.findByRole('button', { name: 'Adicionar à sacola' });
    expect(screen.queryByRole('heading', { name: 'Avise-me quando chegar' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Caramelo (esgotado)' }));
    expect(screen.getByRole('button', { name: 'Cor esgotada' })).toBeDisabled();
    const form = screen.getByRole('heading', { name: 'Avise-me quando chegar' }).parentElement!;
    expect(form).toHaveTextContent('Caramelo: deixe seu e-mail e avisamos quando chegar.');
    expect(within(form).queryByLabelText('Tamanho')).toBeNull();
  });

  it('a sold-out size chosen after another one: the form for it', async () => {
    const { user } = renderProduct('tenis-trilha-serra-leve');
    await user.click(await screen.findByRole('radio', { name: '40' }));
    await user.click(screen.getByRole('radio', { name: '39 (esgotado)' }));
    expect(screen.getByRole('button', { name: 'Tamanho esgotado' })).toBeDisabled();
    const form = screen.getByRole('heading', { name: 'Avise-me quando chegar' }).parentElement!;
    expect(form).toHaveTextContent('Tamanho 39: deixe seu e-mail');
  });

  it('no form on a product whose chosen size is in stock', async () => {
    const { user } = renderProduct('tenis-trilha-serra-leve');
    await user.click(await screen.findByRole('radio', { name: '40' }));
    await screen.findByRole('button', { name: 'Adicionar à sacola' });
    expect(screen.queryByRole('heading', { name: 'Avise-me quando chegar' })).toBeNull();
  });

  it('the confirmation link confirms as the page opens', async () => {
    renderAt(
      '/avise-me/confirmar?token=valido-123456789012345',
      <Route path="/avise-me/confirmar" element={<RestockConfirmScreen />} />,
    );
    expect(await screen.findByRole('heading', { name: 'Aviso confirmado' })).toBeInTheDocument();
  });

  it('the confirmed link opened again (a reload) says "Aviso já confirmado", not "Link inválido"', async () => {
    renderAt(
      '/avise-me/confirmar?token=confirmado-123456789012345',
      <Route path="/avise-me/confirmar" element={<RestockConfirmScreen />} />,
    );
    expect(await screen.findByRole('heading', { name: 'Aviso já confirmado' })).toBeInTheDocument();
    expect(screen.queryByText(/inválido/)).toBeNull();
  });

  it('a used or expired link shows "Link inválido" at once', async () => {
    renderAt(
      '/avise-me/confirmar?token=usado-123456789012345',
      <Route path="/avise-me/confirmar" element={<RestockConfirmScreen />} />,
    );
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.body.textContent).toContain('inválido, já foi usado ou expirou'),
    );
  });
});
