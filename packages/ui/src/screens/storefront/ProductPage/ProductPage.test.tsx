import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { CART_STORAGE_KEY, CartProvider, createCartStore, type CartStore } from '../../../cart';
import { catalogMock, paymentsMock } from '../../../mocks';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { recordCommerceEvents } from '../../../test/commerceEvents';
import { renderAt } from '../../../test/renderAt';
import { ProductPageScreen } from './ProductPageScreen';

const NBSP = '\u00a0';

let cartStore: CartStore;

function renderProduct(slug = 'tenis-trilha-serra-leve') {
  cartStore = createCartStore();
  return renderAt(
    `/produto/${slug}`,
    <Route
      path="/produto/:slug"
      element={
        <CartProvider store={cartStore}>
          <ProductPageScreen />
        </CartProvider>
      }
    />,
  );
}

/** Whether the bag's drawer (drawn by the shell) was asked to open. */
function cartStoreOpen(): boolean {
  return cartStore.getSnapshot().drawerOpen;
}

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

describe('ProductPageScreen', { timeout: 30_000 }, () => {
  it("is titled '<produto> — <marca> | <loja>', as the server titles it", async () => {
    renderProduct();
    await waitFor(() =>
      expect(document.title).toMatch(/^Tênis de trilha Serra Leve — [^|]+ \| \S/),
    );
  });

  it('promises no installments when no card can be paid (Pix only, no gateway)', async () => {
    renderProduct();
    await waitFor(() =>
      expect(document.body.textContent).toContain(`R$${NBSP}379,90 no Pix(5% de desconto)`),
    );
    expect(document.body.textContent).not.toContain('sem juros');
  });

  it('shows the price with the sale, and the Pix and installment lines from the server offer', async () => {
    server.use(...paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }));
    renderProduct();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tênis de trilha Serra Leve' }),
    ).toBeInTheDocument();
    expect(screen.getByText('20% de desconto')).toBeInTheDocument();
    // R$ 399,90 with 5% off by Pix = R$ 379,90 (rounded half up: 1999,5 -> 2000 centavos off).
    await waitFor(() =>
      expect(document.body.textContent).toContain(`R$${NBSP}379,90 no Pix(5% de desconto)`),
    );
    // 39990 / 5000 -> 7 installments of floor(39990 / 7) = 5712; the first carries the remaining 6.
    expect(document.body.textContent).toContain(
      `em até 7x sem juros: 1ª de R$${NBSP}57,18 + 6x de R$${NBSP}57,12`,
    );
  });

  it('shows the sold-out size of the chosen colour as sold out; chosen, it cannot be bought', async () => {
    const { user } = renderProduct();
    expect(await screen.findByRole('radio', { name: '39 (esgotado)' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Grafite' }));
    expect(screen.getByRole('radio', { name: '39' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: '40 (esgotado)' }));
    expect(screen.getByRole('button', { name: 'Tamanho esgotado' })).toBeDisabled();
  });

  it('shows a quiet note instead of eternal skeletons when the offer cannot be had', async () => {
    server.use(
      graphql.query('StorefrontProductOffer', () =>
        HttpResponse.json({ errors: [{ message: 'Serviço indisponível.' }] }),
      ),
    );
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Tênis de trilha Serra Leve' });
    expect(
      await screen.findByText('Consulte as condições de pagamento na sacola'),
    ).toBeInTheDocument();
    // This product's Pix price is the server's (related products' cards have their own).
    expect(document.body.textContent).not.toContain(`379,90 no Pix`);
    expect(document.querySelector('.MuiSkeleton-root')).toBeNull();
    // The rest of the page works as usual.
    expect(screen.getByRole('button', { name: 'Adicionar à sacola' })).toBeEnabled();
  });

  it('mixes products of the same brand into the related ones, not only the same category', async () => {
    const catalog = makeStorefrontCatalog();
    const template = catalog.products.find((item) => item.slug === 'camiseta-listrada-marinheira');
    if (!template) throw new Error('no template product');
    // Enough T-shirts of other brands to fill every related place on their own.
    for (const n of [1, 2, 3, 4]) {
      catalog.products.push({
        ...template,
        id: `${template.id}-${n}`,
        slug: `${template.slug}-${n}`,
        name: `${template.name} ${n}`,
        variants: template.variants.map((item) => ({
          ...item,
          id: `${item.id}-${n}`,
          sku: `${item.sku}-${n}`,
        })),
      });
    }
    server.use(...catalogMock.answers(catalog));
    renderProduct('camiseta-basica-algodao');
    const related = await screen.findByRole('list', { name: 'Você também pode gostar' });
    const names = within(related)
      .getAllByRole('heading')
      .map((heading) => heading.textContent ?? '');
    expect(names).toHaveLength(4);
    const aurora = catalog.products
      .filter((item) => item.brand.slug === 'aurora' && item.slug !== 'camiseta-basica-algodao')
      .map((item) => item.name);
    expect(names.filter((name) => aurora.includes(name))).toHaveLength(2);
    expect(names).not.toContain('Camiseta básica de algodão orgânico');
  });

  it('asks for a size before adding to the cart, then keeps the line on the device', async () => {
    const { user } = renderProduct();
    const add = await screen.findByRole('button', { name: 'Adicionar à sacola' });
    await user.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha um tamanho.');
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();

    await user.click(screen.getByRole('radio', { name: '37' }));
    expect(await screen.findByText('Últimas 2 unidades')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aumentar quantidade' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar à sacola' }));
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      lines: [{ variantId: 'tenis-trilha-serra-leve-ver-37', quantity: 2 }],
    });
    // The bag's drawer is the confirmation (the shell draws it): no toast besides it.
    await waitFor(() => expect(cartStoreOpen()).toBe(true));
    expect(screen.queryByText('Produto adicionado à sacola')).toBeNull();
  });

  it('starts afresh when the shopper opens a related product', async () => {
    const { user } = renderProduct();
    await user.click(await screen.findByRole('radio', { name: '37' }));
    await user.click(screen.getByRole('button', { name: 'Aumentar quantidade' }));
    expect(screen.getByRole('spinbutton', { name: 'Quantidade' })).toHaveValue(2);

    const related = await screen.findByRole('list', { name: 'Você também pode gostar' });
    const next = within(related).getAllByRole('link')[0];
    if (!next) throw new Error('no related product');
    await user.click(next);
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { level: 1, name: 'Tênis de trilha Serra Leve' }),
      ).toBeNull(),
    );
    expect(await screen.findByRole('spinbutton', { name: 'Quantidade' })).toHaveValue(1);
  });

  it('announces view_item when the product opens and add_to_cart with the chosen variant', async () => {
    const events = recordCommerceEvents();
    const { user } = renderProduct();
    await user.click(await screen.findByRole('radio', { name: '37' }));
    await waitFor(() => expect(events.map((event) => event.name)).toEqual(['view_item']));
    expect(events[0]?.params).toMatchObject({
      currency: 'BRL',
      value: 399.9,
      items: [{ item_name: 'Tênis de trilha Serra Leve' }],
    });

    await user.click(screen.getByRole('button', { name: 'Adicionar à sacola' }));
    expect(events.map((event) => event.name)).toEqual(['view_item', 'add_to_cart']);
    expect(events[1]?.params).toMatchObject({
      currency: 'BRL',
      value: 399.9,
      items: [
        {
          item_name: 'Tênis de trilha Serra Leve',
          item_variant: expect.stringContaining('37'),
          price: 399.9,
          quantity: 1,
        },
      ],
    });
  });

  it('quotes shipping for a CEP', async () => {
    const { user } = renderProduct();
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01310100');
    await user.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(await screen.findByText('SEDEX')).toBeInTheDocument();
    expect(screen.getByText('Chega em até 2 dias úteis')).toBeInTheDocument();
  });

  it('writes the product JSON-LD with its offer in BRL', async () => {
    renderProduct('camiseta-basica-algodao');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(document.head.querySelector('script[type="application/ld+json"]')).not.toBeNull(),
    );
    const data = JSON.parse(
      document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
    ) as { sku: string; offers: { price: string; priceCurrency: string; availability: string } };
    expect(data.sku).toMatch(/^AUR-1-/);
    expect(data.offers).toMatchObject({
      price: '79.90',
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
    });
  });

  it('says a product that does not exist was not found', async () => {
    renderProduct('nao-existe');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
  });
});
