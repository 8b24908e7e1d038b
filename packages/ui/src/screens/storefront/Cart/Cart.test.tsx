import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COUPON_NOT_FOUND_MESSAGE } from '@vitrine/rules';

import {
  CART_STORAGE_KEY,
  CartProvider,
  COUPON_FORMAT_MESSAGE,
  createCartStore,
} from '../../../cart';
import { allHandlers, catalogMock } from '../../../mocks';
import { CHECKOUT_VARIANTS, seedCart } from '../../../mocks/checkout/checkout.fixtures';
import { makeStorefrontCatalog } from '../../../mocks/catalog/storefront.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { CartDrawerView } from './CartDrawer';
import { CartScreen } from './CartScreen';

// Testing Library folds Intl's no-break space into a plain one.

// Each render is a new visit: a new cart store reading what localStorage holds.
function renderCart() {
  return renderAt(
    '/carrinho',
    <Route
      path="/carrinho"
      element={
        <CartProvider store={createCartStore()}>
          <CartScreen />
        </CartProvider>
      }
    />,
  );
}

function summary() {
  return within(screen.getByRole('complementary', { name: 'Resumo da compra' }));
}

beforeEach(() => {
  server.use(...catalogMock.answers(makeStorefrontCatalog()));
});

describe('CartScreen', { timeout: 30_000 }, () => {
  it('shows the totals the server priced and asks again when a quantity changes', async () => {
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }] });
    const { user } = renderCart();
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha sacola' })).toBeVisible();
    await waitFor(() => expect(summary().getByText('Subtotal (1 item)')).toBeVisible());
    expect(summary().getAllByText('R$ 79,90').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Aumentar quantidade' }));
    await waitFor(() => expect(summary().getByText('Subtotal (2 itens)')).toBeVisible());
    expect(summary().getAllByText('R$ 159,80').length).toBeGreaterThan(0);
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }],
    });
  });

  it('never shows a total of its own: the figures are exactly what cartPreview answered', async () => {
    // A server price unlike any client arithmetic (R$ 1,00 a unit, R$ 12,34 in total).
    const single = {
      count: 1,
      perInstallmentCents: 1234,
      firstInstallmentCents: 1234,
      totalCents: 1234,
      interestFree: true,
      interestCents: 0,
    };
    server.use(
      graphql.query('StorefrontCartPreview', () =>
        HttpResponse.json({
          data: {
            cartPreview: {
              lines: [
                {
                  variantId: CHECKOUT_VARIANTS.shirtM,
                  productSlug: 'camiseta-basica-algodao',
                  productName: 'Camiseta básica de algodão orgânico',
                  brandName: 'Aurora',
                  variantLabel: 'Tamanho M · Cor Branco',
                  sku: 'AUR-1',
                  imageUrl: null,
                  unitPriceCents: 100,
                  compareAtPriceCents: null,
                  quantity: 1,
                  availableQuantity: 3,
                  availability: 'AVAILABLE',
                  lineTotalCents: 100,
                },
              ],
              unavailableVariantIds: [],
              itemCount: 1,
              subtotalCents: 100,
              coupon: null,
              couponError: null,
              discountCents: 0,
              shippingOptions: [],
              selectedShippingMethodId: null,
              shippingCents: null,
              totalCents: 1234,
              pixDiscountPercent: 5,
              pixDiscountCents: 62,
              pixTotalCents: 1172,
              installments: single,
              installmentsWithInterest: null,
              installmentOptions: [single],
              canCheckout: true,
            },
          },
        }),
      ),
    );
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }] });
    renderCart();
    expect(await summary().findByText('R$ 12,34')).toBeVisible();
    expect(summary().getByText('R$ 11,72')).toBeVisible();
    expect(summary().getByText('R$ 1,00')).toBeVisible();
  });

  it('keeps the cart on the device: a new visit shows the same lines', async () => {
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shortsP, quantity: 2 }] });
    const first = renderCart();
    expect(
      await screen.findByRole('link', { name: 'Short de praia secagem rápida' }),
    ).toBeVisible();
    first.unmount();
    renderCart();
    expect(
      await screen.findByRole('link', { name: 'Short de praia secagem rápida' }),
    ).toBeVisible();
    expect(screen.getByRole('spinbutton', { name: /Quantidade de Short/ })).toHaveValue(2);
  });

  it('shows a line whose stock fell and fixes it in one click', async () => {
    // The dress in M has 2 units left; the cart asks for 4.
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.dressM, quantity: 4 }] });
    const { user } = renderCart();
    expect(await screen.findByText('Só restam 2 unidades.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Finalizar compra' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Ajustar para 2 unidades' }));
    await waitFor(() => expect(screen.queryByText('Só restam 2 unidades.')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Finalizar compra' })).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      lines: [{ variantId: CHECKOUT_VARIANTS.dressM, quantity: 2 }],
    });
  });

  it('applies a coupon and prices shipping for a CEP through the server', async () => {
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }] });
    const { user } = renderCart();
    await screen.findByText('Subtotal (1 item)');
    await user.type(screen.getByRole('textbox', { name: 'Cupom de desconto' }), 'bemvindo10');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(/Cupom BEMVINDO10 aplicado/)).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01310100');
    await user.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(await screen.findByRole('radio', { name: /SEDEX/ })).toBeVisible();
  });

  it('keeps the last priced cart when re-pricing fails, says so and waits for a retry', async () => {
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }] });
    const { user } = renderCart();
    await waitFor(() => expect(summary().getByText('Subtotal (1 item)')).toBeVisible());

    // The connection drops while the shopper changes the quantity.
    server.use(graphql.query('StorefrontCartPreview', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Aumentar quantidade' }));
    expect(
      await screen.findByText(/Não foi possível atualizar os valores da sacola/),
    ).toBeVisible();
    // The lines and the last totals stay on screen; checkout waits for current prices.
    expect(
      screen.queryByRole('heading', { name: 'Não foi possível carregar sua sacola' }),
    ).toBeNull();
    expect(screen.getByRole('link', { name: 'Camiseta básica de algodão orgânico' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Finalizar compra' })).toBeDisabled();

    // Back online: "Tentar novamente" prices the new quantity.
    server.resetHandlers(...allHandlers({ catalog: catalogMock.answers(makeStorefrontCatalog()) }));
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(summary().getByText('Subtotal (2 itens)')).toBeVisible());
    expect(screen.queryByText(/Não foi possível atualizar os valores da sacola/)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Finalizar compra' })).toBeVisible();
  });

  it('shows a CEP the server refuses at the field and forgets it, keeping the cart', async () => {
    // A CEP stored by an earlier visit that the server no longer accepts.
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }], postalCode: '123' });
    renderCart();
    expect(await screen.findByText('CEP inválido: use 8 dígitos, como 01310-100.')).toBeVisible();
    await waitFor(() => expect(summary().getByText('Subtotal (1 item)')).toBeVisible());
    expect(
      screen.queryByRole('heading', { name: 'Não foi possível carregar sua sacola' }),
    ).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      postalCode: null,
    });
  });

  it('keeps a saved coupon the server refused removable, with the reason, and prices without it', async () => {
    seedCart({
      lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }],
      couponCode: 'NATAL2019',
    });
    const { user } = renderCart();
    expect(await screen.findByText(COUPON_NOT_FOUND_MESSAGE)).toBeVisible();
    expect(screen.getByText('Cupom NATAL2019 não aplicado')).toBeVisible();
    await waitFor(() => expect(summary().getByText('Subtotal (1 item)')).toBeVisible());
    expect(await screen.findByRole('link', { name: 'Finalizar compra' })).toBeVisible();

    await user.click(summary().getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryByText(/Cupom NATAL2019/)).toBeNull());
    expect(screen.queryByText(COUPON_NOT_FOUND_MESSAGE)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      couponCode: null,
    });
  });

  it('refuses a malformed code at the field before saving it', async () => {
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }] });
    const { user } = renderCart();
    await waitFor(() => expect(summary().getByText('Subtotal (1 item)')).toBeVisible());
    await user.type(screen.getByRole('textbox', { name: 'Cupom de desconto' }), 'bem vindo');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(COUPON_FORMAT_MESSAGE)).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      couponCode: null,
    });
    expect(
      screen.queryByRole('heading', { name: 'Não foi possível carregar sua sacola' }),
    ).toBeNull();
  });

  it('stays usable when the server refuses the whole cart over its coupon', async () => {
    // A server that still fails cartPreview over a malformed code, naming the field.
    server.use(
      graphql.query('StorefrontCartPreview', ({ variables }) =>
        variables.couponCode
          ? HttpResponse.json({
              errors: [
                {
                  message: 'Cupom não encontrado.',
                  extensions: { code: 'BAD_USER_INPUT', field: 'couponCode' },
                },
              ],
            })
          : undefined,
      ),
    );
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }],
        couponCode: 'NATAL10',
        postalCode: null,
      }),
    );
    renderCart();
    expect(await screen.findByText('Cupom não encontrado.')).toBeVisible();
    await waitFor(() => expect(summary().getByText('Subtotal (1 item)')).toBeVisible());
    expect(
      screen.queryByRole('heading', { name: 'Não foi possível carregar sua sacola' }),
    ).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      couponCode: null,
    });
  });

  it('offers to empty a cart that cannot be loaded, asking first', async () => {
    server.use(graphql.query('StorefrontCartPreview', () => HttpResponse.error()));
    seedCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }] });
    const { user } = renderCart();
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar sua sacola' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Esvaziar sacola' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esvaziar a sacola?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Esvaziar sacola' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Esvaziar a sacola?' })).getByRole(
        'button',
        { name: 'Esvaziar sacola' },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Sua sacola está vazia' })).toBeVisible();
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('says so when the cart is empty', async () => {
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Sua sacola está vazia' })).toBeVisible();
  });
});

describe('CartDrawerView', { timeout: 30_000 }, () => {
  it('offers "Esvaziar sacola" beside "Tentar novamente" when the cart cannot be loaded', async () => {
    const onClear = vi.fn();
    const onRetry = vi.fn();
    const { user } = renderAt(
      '/',
      <Route
        path="/"
        element={
          <CartDrawerView
            open
            onClose={vi.fn()}
            status="error"
            lines={[]}
            summary={null}
            canCheckout={false}
            coupon={{
              appliedCode: null,
              discountCents: 0,
              freeShipping: false,
              error: null,
              onApply: vi.fn(),
              onRemove: vi.fn(),
            }}
            shipping={{
              postalCode: null,
              options: null,
              selectedMethodId: null,
              error: null,
              onQuote: vi.fn(),
              onSelect: vi.fn(),
            }}
            onQuantityChange={vi.fn()}
            onRemove={vi.fn()}
            onRetry={onRetry}
            onClear={onClear}
          />
        }
      />,
    );
    const drawer = await screen.findByRole('dialog', { name: /Minha sacola/ });
    await user.click(within(drawer).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await user.click(within(drawer).getByRole('button', { name: 'Esvaziar sacola' }));
    const confirm = await screen.findByRole('dialog', { name: 'Esvaziar a sacola?' });
    expect(onClear).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Esvaziar sacola' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});

describe('removing a line (issue 12, item 12)', { timeout: 30_000 }, () => {
  it('offers "Desfazer", which puts the line back where it was, with its quantity', async () => {
    seedCart({
      lines: [
        { variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 },
        { variantId: CHECKOUT_VARIANTS.shortsP, quantity: 2 },
        { variantId: CHECKOUT_VARIANTS.dressM, quantity: 1 },
      ],
    });
    const { user } = renderCart();
    const list = await screen.findByRole('list', { name: 'Itens da sacola' });
    const remove = await within(list).findAllByRole('button', { name: /^Remover / });
    await user.click(remove[1]!);
    const stored = () =>
      (
        JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}') as {
          lines: { variantId: string; quantity: number }[];
        }
      ).lines;
    await waitFor(() => expect(stored()).toHaveLength(2));
    expect(await screen.findByText(/saiu da sacola|Produto removido da sacola/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await waitFor(() =>
      expect(stored()).toEqual([
        { variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 },
        { variantId: CHECKOUT_VARIANTS.shortsP, quantity: 2 },
        { variantId: CHECKOUT_VARIANTS.dressM, quantity: 1 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Desfazer' })).toBeNull());
  });
});
