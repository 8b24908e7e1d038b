import type { Meta, StoryObj } from '@storybook/react-vite';
import { CardTokenizerProvider, CheckoutScreen, type CardTokenizerFactory } from '@vitrine/ui';
import {
  standInCardTokenizer,
  TEST_CARDS,
  unavailableCardTokenizer,
} from '@vitrine/ui/mocks/checkout/cardTokenizer';
import { checkoutMock, graphqlApi, paymentsMock } from '@vitrine/ui/mocks';
import { CHECKOUT_DRAFT_KEY } from '@vitrine/ui';
import {
  CHECKOUT_VARIANTS,
  loseFirstPlaceOrder,
  makeCheckoutValues,
  sellOutOnPlaceOrder,
} from '@vitrine/ui/mocks/checkout/checkout.fixtures';
import { makeStorefrontCatalog } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { graphql, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { checkoutGraphql, CheckoutStoryRoutes, withCart } from './CheckoutStoryKit';
import { phone } from './storefrontStoryData';

type Canvas = ReturnType<typeof within>;

/** Types the CEP (the look-up fills the address) after a draft filled the rest. */
async function fill(canvas: Canvas) {
  await userEvent.type(canvas.getByRole('textbox', { name: /CEP/ }), '01310100');
  await waitFor(() =>
    expect(canvas.getByRole('textbox', { name: /Rua/ })).toHaveValue('Avenida Paulista'),
  );
  await canvas.findByRole('radio', { name: /PAC/ });
}

/** What the shopper typed before (the draft kept in the tab), so plays stay short. */
function withDraft() {
  window.sessionStorage.setItem(
    CHECKOUT_DRAFT_KEY,
    JSON.stringify(
      makeCheckoutValues({
        postalCode: '',
        street: '',
        district: '',
        city: '',
        uf: '',
        shippingMethodId: '',
      }),
    ),
  );
}

const soldOutCatalog = makeStorefrontCatalog();

/** /checkout against the GraphQL mock: CEP look-up, shipping, placeOrder. */
const meta = {
  title: 'Screens/Storefront/Checkout/Screen',
  component: CheckoutScreen,
  parameters: {
    docs: {
      description: {
        component: `
O checkout do cliente (\`/checkout\`), numa página só: reprecifica a sacola pelo CEP digitado, busca
o endereço pelo CEP, oferece as entregas e as formas de pagamento da loja e faz o pedido uma vez só
(chave de idempotência por sacola), guardando um rascunho do formulário na aba. Cartão é tokenizado
no navegador antes do pedido; boleto e cartão são pagos logo depois. Termina na confirmação do
pedido.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`: a sacola de duas camisetas.
- \`PlaceOrderWithPix\`: pedido feito, a confirmação com o código Pix.
- \`SoldOutBetweenCartAndCheckout\`: esgotou no meio do caminho; ajustar e voltar à sacola.
- \`ConnectionLostThenRetry\`: a conexão cai; tentar de novo faz o mesmo pedido.
- \`SavedAddressElsewhere\` (cota o CEP do endereço) e \`RepricingFailed\` (totais antigos não
  valem).
- \`Empty\`, \`Loading\`, \`Error\` e \`Phone\`.
- \`WithCardAndBoleto\`, \`PayByCard\` ("Pagamento aprovado"), \`CardRefusedThenAnotherCard\`,
  \`PayByBoleto\` (linha digitável) e \`CardTokenizerUnavailable\` (cartão indisponível).

**GraphQL**: \`StorefrontCartPreview\`, \`StorefrontAddressByCep\`, \`StorefrontPaymentMethods\` e
\`StoreName\` (queries); \`StorefrontPlaceOrder\` e \`StorefrontOrderPay\` (mutations).
`,
      },
    },
    route: '/checkout',
    msw: { handlers: checkoutGraphql() },
  },
  beforeEach: withCart({ lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }] }),
  render: () => <CheckoutStoryRoutes />,
} satisfies Meta<typeof CheckoutScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const WithData: Story = {};

export const PlaceOrderWithPix: Story = {
  beforeEach: withDraft,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fill(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar pedido' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copiar código Pix' })).toBeVisible();
  },
};

export const SoldOutBetweenCartAndCheckout: Story = {
  beforeEach: () => {
    withCart({ lines: [{ variantId: CHECKOUT_VARIANTS.dressM, quantity: 2 }] })();
    withDraft();
  },
  parameters: {
    msw: {
      handlers: {
        ...checkoutGraphql(soldOutCatalog),
        checkout: [
          sellOutOnPlaceOrder(soldOutCatalog, CHECKOUT_VARIANTS.dressM, 1),
          ...checkoutMock.handlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fill(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar pedido' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Ajustar para 1 unidade' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Minha sacola' }),
    ).toBeVisible();
  },
};

export const ConnectionLostThenRetry: Story = {
  beforeEach: withDraft,
  parameters: {
    msw: {
      handlers: {
        ...checkoutGraphql(),
        checkout: [loseFirstPlaceOrder(), ...checkoutMock.handlers()],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fill(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar pedido' }));
    await expect(await canvas.findByText(/Não foi possível falar com a loja/)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Nome completo/ })).toHaveValue(
      'Maria Oliveira',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar pedido' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Maria, recebemos seu pedido!' }),
    ).toBeVisible();
  },
};

/**
 * Depois que o endereço foi digitado, a página da sacola cotou outro CEP: o CEP cotado é o do
 * endereço.
 */
export const SavedAddressElsewhere: Story = {
  beforeEach: () => {
    withCart({
      lines: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }],
      postalCode: '01310-100',
    })();
    window.sessionStorage.setItem(
      CHECKOUT_DRAFT_KEY,
      JSON.stringify(
        makeCheckoutValues({
          postalCode: '69900-000',
          street: 'Rua Rio Branco',
          number: '10',
          complement: '',
          district: 'Centro',
          city: 'Rio Branco',
          uf: 'AC',
        }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pac = await canvas.findByRole('radio', { name: /PAC/ });
    await expect(pac).toHaveAccessibleName(/29,90/);
    await expect(pac).toBeChecked();
  },
};

/** A cotação do CEP digitado falha: os totais antigos não são oferecidos como atuais. */
export const RepricingFailed: Story = {
  beforeEach: withDraft,
  parameters: {
    msw: {
      handlers: {
        ...checkoutGraphql(),
        checkout: [
          graphql.query('StorefrontCartPreview', ({ variables }) =>
            variables.postalCode
              ? HttpResponse.json({ errors: [{ message: 'Serviço indisponível.' }] })
              : undefined,
          ),
          ...checkoutMock.handlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    // The totals of the bag's own CEP first: typed before they arrive, a failing quote means the
    // checkout could not load at all (CheckoutLoadError), not that its totals are outdated.
    await canvas.findByRole('list', { name: 'Itens do pedido' });
    await userEvent.type(canvas.getByRole('textbox', { name: /CEP/ }), '01310100');
    await expect(
      await canvas.findByText(/Não foi possível atualizar os valores do pedido/),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

// Runs after the meta's beforeEach: the device has no cart.
export const Empty: Story = { beforeEach: () => window.localStorage.clear() };
export const Loading: Story = {
  parameters: { msw: { handlers: graphqlApi.pending() } },
};
export const Error: Story = {
  parameters: { msw: { handlers: graphqlApi.down() } },
};
export const Phone: Story = { globals: phone };

/** The store with a gateway: card (stand-in SDK, no network) and boleto beside Pix. */
function withGateway(factory: CardTokenizerFactory = standInCardTokenizer().factory) {
  return {
    parameters: {
      msw: {
        handlers: {
          ...checkoutGraphql(),
          payments: paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }),
        },
      },
    },
    render: () => (
      <CardTokenizerProvider factory={factory}>
        <CheckoutStoryRoutes />
      </CardTokenizerProvider>
    ),
  } satisfies Story;
}

async function fillCard(canvas: Canvas, holder = 'MARIA OLIVEIRA') {
  await userEvent.click(await canvas.findByRole('radio', { name: /Cartão de crédito/ }));
  // Pasted, as a password manager fills them: the masks still apply.
  const paste = async (name: RegExp, text: string) => {
    await userEvent.click(canvas.getByRole('textbox', { name }));
    await userEvent.paste(text);
  };
  await paste(/Número do cartão/, TEST_CARDS.visa);
  await paste(/Nome impresso/, holder);
  await paste(/Validade/, '1130');
  await paste(/CVV/, '123');
}

export const WithCardAndBoleto: Story = { ...withGateway(), beforeEach: withDraft };

export const PayByCard: Story = {
  ...withGateway(),
  beforeEach: withDraft,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fill(canvas);
    await fillCard(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar e pagar' }));
    await expect(await canvas.findByText('Pagamento aprovado')).toBeVisible();
  },
};

export const CardRefusedThenAnotherCard: Story = {
  ...withGateway(),
  beforeEach: withDraft,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fill(canvas);
    await fillCard(canvas, 'OTHE');
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar e pagar' }));
    await expect(await canvas.findByText('Pagamento recusado')).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Pagar com cartão' })).toBeVisible();
  },
};

export const PayByBoleto: Story = {
  ...withGateway(),
  beforeEach: withDraft,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fill(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: /Boleto bancário/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar pedido' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Pague o boleto para confirmar' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();
  },
};

export const CardTokenizerUnavailable: Story = {
  ...withGateway(unavailableCardTokenizer),
  beforeEach: withDraft,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    await fill(canvas);
    await fillCard(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar e pagar' }));
    const messages = await canvas.findAllByText(
      'Pagamento com cartão indisponível no momento. Escolha Pix ou boleto.',
    );
    await expect(messages[0]).toBeVisible();
  },
};
