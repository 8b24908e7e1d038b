// The docs pages' previews, tested: a docs page renders every story of a file at once, and each
// preview must show its own story's state (its cart, checkout draft, placed order, session and MSW
// handlers), not the last story's. These stories render the stories of a screen file together in
// one page, as the docs page does — all started at once: loaders, beforeEach, then the render —
// and check what each preview shows against what its story is about. Every story of the file
// needs an expectation here, so a new story cannot slip by.
//
// Hidden from the workshop's sidebar ('!dev'): they are tests, not something to look at.
import { composeStories, type Meta, type StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { expect, waitFor, within } from 'storybook/test';

import * as CartScreenStories from '../screens/storefront/CartScreen.stories';
import * as CheckoutScreenStories from '../screens/storefront/CheckoutScreen.stories';
import * as OrderConfirmationScreenStories from '../screens/storefront/OrderConfirmationScreen.stories';

type Canvas = ReturnType<typeof within>;
/** What a story's preview must show, before any play function (docs do not play them). */
type Expectation = (canvas: Canvas, element?: HTMLElement) => Promise<unknown>;

interface ComposedLike {
  load(): Promise<void>;
}

interface Preview {
  name: string;
  element: HTMLElement;
  root: Root | null;
}

/** A story file as imported: its stories, and their order on the page (Storybook adds it). */
type StoryModule = Record<string, unknown> & { __namedExportsOrder?: string[] };

/**
 * The stories of a file in the docs page's order, in groups of `GROUP_SIZE`: a group renders within
 * one test's time limit on a loaded machine (a whole file's screens take longer than that).
 */
const GROUP_SIZE = 3;

function storyGroups(module: StoryModule): [string, unknown][][] {
  const composed = composeStories(module as Parameters<typeof composeStories>[0]) as Record<
    string,
    unknown
  >;
  const order = module.__namedExportsOrder ?? Object.keys(composed);
  const entries = order.filter((name) => name in composed).map((name) => [name, composed[name]]);
  const groups: [string, unknown][][] = [];
  for (let start = 0; start < entries.length; start += GROUP_SIZE)
    groups.push(entries.slice(start, start + GROUP_SIZE) as [string, unknown][]);
  return groups;
}

/**
 * Renders a group of a file's stories at once into one page, as Storybook's docs page does (all
 * started together: loaders, beforeEach, render), checks each preview against its expectation,
 * and leaves the page as it found it. The first group also checks that every story of the file
 * has an expectation and that the file's stories are all in some group.
 */
async function expectEachPreviewOwnState(
  module: StoryModule,
  expected: Record<string, Expectation>,
  group: number,
  groups: number,
) {
  const all = storyGroups(module);
  if (group === 0) {
    await expect(Object.keys(expected).sort()).toEqual(
      all
        .flat()
        .map(([name]) => name)
        .sort(),
    );
    await expect(all).toHaveLength(groups);
  }
  const host = document.createElement('div');
  document.body.append(host);
  const previews: Preview[] = [];
  try {
    await Promise.all(
      (all[group] ?? []).map(async ([name, story]) => {
        const preview: Preview = { name, element: document.createElement('section'), root: null };
        preview.element.setAttribute('aria-label', name);
        host.append(preview.element);
        previews.push(preview);
        await (story as ComposedLike).load();
        preview.root = createRoot(preview.element);
        const Component = story as () => ReactNode;
        preview.root.render(<Component />);
      }),
    );
    // Each preview is checked at the same time as the others, as a designer sees them.
    const results = await Promise.allSettled(
      previews.map((preview) => expected[preview.name]!(within(preview.element), preview.element)),
    );
    const failures = results.flatMap((result, index) => {
      if (result.status === 'fulfilled') return [];
      const preview = previews[index]!;
      const error: unknown = result.reason;
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      const shown = (preview.element.textContent ?? '').replace(/\s+/g, ' ').slice(0, 100);
      return [`${preview.name}: ${message} (it shows "${shown}")`];
    });
    await expect(failures).toEqual([]);
  } finally {
    for (const preview of previews) preview.root?.unmount();
    host.remove();
  }
}

// --- Expectations -----------------------------------------------------------------------------

const checkoutBag = async (canvas: Canvas) => {
  await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
  return canvas.findByRole('list', { name: 'Itens do pedido' });
};
const nameField = (canvas: Canvas) => canvas.findByRole('textbox', { name: /Nome completo/ });

/** The bag of two shirts, nothing typed yet. */
const checkoutFresh: Expectation = async (canvas) => {
  const bag = await checkoutBag(canvas);
  await expect(within(bag).getByText(/Camiseta básica/)).toBeVisible();
  await expect(await nameField(canvas)).toHaveValue('');
};
/** The bag of two shirts and the draft the shopper typed before (name, e-mail...). */
const checkoutWithDraft: Expectation = async (canvas) => {
  await checkoutBag(canvas);
  await expect(await nameField(canvas)).toHaveValue('Maria Oliveira');
};
/** With a card gateway: card and boleto offered beside Pix, and the draft. */
const checkoutWithGateway: Expectation = async (canvas) => {
  await checkoutWithDraft(canvas);
  await expect(await canvas.findByRole('radio', { name: /Cartão de crédito/ })).toBeVisible();
  await expect(canvas.getByRole('radio', { name: /Boleto bancário/ })).toBeVisible();
};

const CHECKOUT: Record<string, Expectation> = {
  Default: checkoutFresh,
  Playground: checkoutFresh,
  WithData: checkoutFresh,
  Phone: checkoutFresh,
  PlaceOrderWithPix: checkoutWithDraft,
  ConnectionLostThenRetry: checkoutWithDraft,
  RepricingFailed: checkoutWithDraft,
  SoldOutBetweenCartAndCheckout: async (canvas) => {
    const bag = await checkoutBag(canvas);
    await expect(within(bag).getByText(/Vestido midi de linho/)).toBeVisible();
  },
  SavedAddressElsewhere: async (canvas) => {
    const pac = await canvas.findByRole('radio', { name: /PAC/ });
    await expect(pac).toHaveAccessibleName(/29,90/);
    await expect(await nameField(canvas)).toHaveValue('Maria Oliveira');
  },
  Empty: (canvas) => canvas.findByRole('heading', { level: 1, name: 'Sua sacola está vazia' }),
  Loading: async (canvas) => {
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await expect(canvas.queryByRole('list', { name: 'Itens do pedido' })).toBeNull();
  },
  Error: (canvas) =>
    canvas.findByRole('heading', { level: 1, name: 'Não foi possível carregar o checkout' }),
  WithCardAndBoleto: checkoutWithGateway,
  PayByCard: checkoutWithGateway,
  CardRefusedThenAnotherCard: checkoutWithGateway,
  PayByBoleto: checkoutWithGateway,
  CardTokenizerUnavailable: checkoutWithGateway,
};

/** The cart of three items (two shirts, shorts) priced by the server. */
const cartOfThree: Expectation = (canvas) => canvas.findByText('Subtotal (3 itens)');
const cartError: Expectation = (canvas) =>
  canvas.findByRole('heading', { name: 'Não foi possível carregar sua sacola' });

const CART: Record<string, Expectation> = {
  Default: async (canvas) => {
    await cartOfThree(canvas);
    await expect(canvas.queryByText(/sem juros/)).toBeNull();
  },
  WithCard: async (canvas, element) => {
    await cartOfThree(canvas);
    await waitFor(() => expect(element?.textContent).toMatch(/em até \d+x .*sem juros/));
  },
  Playground: cartOfThree,
  WithData: cartOfThree,
  ChangeQuantityRepricesOnTheServer: cartOfThree,
  ApplyCoupon: cartOfThree,
  MalformedCoupon: cartOfThree,
  Phone: cartOfThree,
  StockFell: (canvas) => canvas.findByRole('button', { name: 'Ajustar para 2 unidades' }),
  RefusedCoupon: (canvas) => canvas.findByText('Cupom NATAL2019 não aplicado'),
  Empty: (canvas) => canvas.findByRole('heading', { name: 'Sua sacola está vazia' }),
  Loading: (canvas) => canvas.findByLabelText('Carregando a sacola'),
  Error: cartError,
  ErrorEmptyCart: cartError,
  HeaderDrawer: (canvas) => canvas.findByRole('button', { name: 'Abrir sacola (3)' }),
  HeaderDrawerPhone: (canvas) => canvas.findByRole('button', { name: 'Abrir sacola (3)' }),
};

/** Opened in the tab that placed the order: Maria's order with its Pix code. */
const placedHere: Expectation = async (canvas) => {
  await canvas.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' });
  await expect(canvas.getByRole('textbox', { name: 'Pix copia e cola' })).toBeVisible();
};

const ORDER_CONFIRMATION: Record<string, Expectation> = {
  Default: placedHere,
  Playground: placedHere,
  WithData: placedHere,
  Phone: placedHere,
  OpenedElsewhere: async (canvas) => {
    await canvas.findByRole('heading', { level: 1, name: 'Pedido VT-10001' });
    await expect(canvas.getByText(/informe o e-mail usado na compra/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Acompanhar pedido' })).toBeVisible();
  },
  Loading: async (canvas) => {
    await canvas.findByRole('heading', { level: 1, name: 'Pedido VT-10000' });
    await expect(canvas.queryByText(/informe o e-mail/)).toBeNull();
  },
  Error: (canvas) =>
    canvas.findByRole('heading', { level: 1, name: 'Não foi possível carregar o pedido' }),
  PixPaidSinceReload: (canvas) => canvas.findByText('Pix recebido'),
  PixExpiredSinceReload: (canvas) =>
    canvas.findByRole('heading', { level: 1, name: 'Maria, seu pedido foi cancelado' }),
  CardRefusalPaidSinceReload: (canvas) => canvas.findByText('Pagamento aprovado'),
};

// --- The stories (tests) ----------------------------------------------------------------------

const meta = {
  title: 'Para desenvolvedores/Prévias da documentação',
  id: 'workshop-docs-previews',
  tags: ['!dev', '!autodocs', 'skip-visual'],
  parameters: {
    touchTarget: {
      disable: {
        reason: 'A test harness; the screens it renders are checked in their own stories.',
      },
    },
  },
  render: () => <></>,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// Hidden stories: their export names are their test names (Checkout 1, Cart 2...). Groups of
// GROUP_SIZE: 17 Checkout stories, 16 Cart stories, 11 Order Confirmation stories.
const checkout = (group: number): Story => ({
  play: () => expectEachPreviewOwnState(CheckoutScreenStories, CHECKOUT, group, 6),
});
const cart = (group: number): Story => ({
  play: () => expectEachPreviewOwnState(CartScreenStories, CART, group, 6),
});
const orderConfirmation = (group: number): Story => ({
  play: () =>
    expectEachPreviewOwnState(OrderConfirmationScreenStories, ORDER_CONFIRMATION, group, 4),
});

export const Checkout1 = checkout(0);
export const Checkout2 = checkout(1);
export const Checkout3 = checkout(2);
export const Checkout4 = checkout(3);
export const Checkout5 = checkout(4);
export const Checkout6 = checkout(5);
export const Cart1 = cart(0);
export const Cart2 = cart(1);
export const Cart3 = cart(2);
export const Cart4 = cart(3);
export const Cart5 = cart(4);
export const Cart6 = cart(5);
export const OrderConfirmation1 = orderConfirmation(0);
export const OrderConfirmation2 = orderConfirmation(1);
export const OrderConfirmation3 = orderConfirmation(2);
export const OrderConfirmation4 = orderConfirmation(3);
