import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckoutView, type CheckoutViewProps } from '@vitrine/ui';
import {
  makeCartLines,
  makeCartSummaryData,
  makeCheckoutValues,
} from '@vitrine/ui/mocks/fixtures/checkout';
import { expect, fn, userEvent, within } from 'storybook/test';

import { phone } from './storefrontStoryData';

const shippingOptions: NonNullable<CheckoutViewProps['shippingOptions']> = [
  {
    methodId: 'retirada',
    name: 'Retirar na loja',
    kind: 'PICKUP',
    priceCents: 0,
    fullPriceCents: 0,
    freeShipping: false,
    businessDays: 1,
    pickupAddress: 'Rua Augusta, 1500 — Consolação, São Paulo/SP',
  },
  {
    methodId: 'pac',
    name: 'PAC',
    kind: 'DELIVERY',
    priceCents: 0,
    fullPriceCents: 1990,
    freeShipping: true,
    businessDays: 6,
  },
  {
    methodId: 'sedex',
    name: 'SEDEX',
    kind: 'DELIVERY',
    priceCents: 3490,
    fullPriceCents: 3490,
    freeShipping: false,
    businessDays: 2,
  },
];

/** The one-page checkout, pure: every state through args. */
const meta = {
  title: 'Screens/Storefront/Checkout/View',
  component: CheckoutView,
  args: {
    status: 'ready',
    defaultValues: makeCheckoutValues(),
    lines: makeCartLines(),
    summary: makeCartSummaryData(),
    shippingOptions,
    pricedShippingMethodId: 'pac',
    paymentMethods: [{ method: 'PIX', label: 'Pix' }],
    cepLookup: null,
    onPostalCodeChange: fn(),
    onShippingMethodChange: fn(),
    onDraftChange: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof CheckoutView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = {};
export const WithData: Story = {};
export const Blank: Story = {
  args: { defaultValues: {}, shippingOptions: null },
};
export const Loading: Story = { args: { status: 'loading', summary: null, lines: [] } };
export const Empty: Story = { args: { status: 'empty' } };
export const Error: Story = { args: { status: 'error' } };
const allMethods: CheckoutViewProps['paymentMethods'] = [
  { method: 'PIX', label: 'Pix' },
  { method: 'CARD', label: 'Cartão de crédito' },
  { method: 'BOLETO', label: 'Boleto bancário' },
];
/** A fixed day for the boleto's due date. */
const today = () => Date.parse('2030-01-01T12:00:00.000Z');

export const WithCardAndBoleto: Story = {
  args: { paymentMethods: allMethods, now: today },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Pix/ })).toHaveAccessibleName(/desconto/);
    await expect(canvas.getByRole('radio', { name: /Boleto bancário/ })).toHaveAccessibleName(
      /Vence em 04\/01\/2030 · compensa em até 3 dias úteis/,
    );
  },
};
export const CardChosen: Story = {
  args: {
    paymentMethods: allMethods,
    now: today,
    defaultValues: makeCheckoutValues({ paymentMethod: 'CARD' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const installments = canvas.getByRole('combobox', { name: /Parcelas/ });
    // The summary's server offer: 8x.
    await expect(within(installments).getAllByRole('option')).toHaveLength(8);
    await expect(canvas.getByRole('button', { name: 'Finalizar e pagar' })).toBeEnabled();
  },
};
export const CardErrors: Story = {
  args: {
    paymentMethods: allMethods,
    now: today,
    defaultValues: makeCheckoutValues({
      paymentMethod: 'CARD',
      cardNumber: '4111 1111 1111 1112',
      cardExpiry: '01/20',
      cardCvv: '12',
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar e pagar' }));
    await expect(
      await canvas.findByText('Número de cartão inválido: confira os dígitos.'),
    ).toBeVisible();
    await expect(canvas.getByText('Informe o nome como está no cartão.')).toBeVisible();
    await expect(canvas.getByText('Este cartão está vencido.')).toBeVisible();
    await expect(canvas.getByText('O CVV tem 3 ou 4 dígitos, no verso do cartão.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const CardUnavailable: Story = {
  args: {
    paymentMethods: allMethods,
    now: today,
    defaultValues: makeCheckoutValues({ paymentMethod: 'CARD' }),
    cardUnavailable: true,
    serverError: {
      kind: 'general',
      message: 'Pagamento com cartão indisponível no momento. Escolha Pix ou boleto.',
    },
  },
};
export const BoletoChosen: Story = {
  args: {
    paymentMethods: allMethods,
    now: today,
    defaultValues: makeCheckoutValues({ paymentMethod: 'BOLETO' }),
  },
};
export const Sending: Story = { args: { sending: true } };
export const InvalidFields: Story = {
  args: { defaultValues: makeCheckoutValues({ cpf: '123.456.789-00', phone: '(11) 1234' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Finalizar pedido' }));
    await expect(await canvas.findByText('CPF inválido: confira os 11 dígitos.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /CPF/ })).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const ServerFieldError: Story = {
  args: {
    serverError: {
      kind: 'fields',
      fields: { email: 'Não aceitamos pedidos para este e-mail. Use outro endereço.' },
      message: null,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Não aceitamos pedidos para este e-mail. Use outro endereço.'),
    ).toBeVisible();
  },
};
export const ConnectionLost: Story = {
  args: {
    serverError: {
      kind: 'network',
      message:
        'Não foi possível falar com a loja: verifique sua conexão. Seus dados continuam aqui; é só tentar de novo.',
    },
  },
};
export const SoldOutMeanwhile: Story = {
  args: {
    stockProblems: [
      {
        message:
          'Vestido midi de linho (Tamanho M · Cor Areia): você pediu 2, mas só resta 1 unidade.',
        fixLabel: 'Ajustar para 1 unidade',
        onFix: fn(),
      },
    ],
  },
};
export const CepNotFound: Story = {
  args: {
    defaultValues: makeCheckoutValues({
      postalCode: '69900-000',
      street: '',
      district: '',
      city: '',
      uf: '',
    }),
    cepLookup: { postalCode: '69900000', status: 'not-found', address: null },
  },
};
export const Phone: Story = { globals: phone };
export const PhoneBlank: Story = { ...Blank, globals: phone };
