import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckoutView, type CheckoutViewProps } from '@vitrine/ui';
import {
  makeCartLines,
  makeCartSummaryData,
  makeCartSummaryWithInterestData,
  makeCheckoutValues,
} from '@vitrine/ui/mocks/checkout/checkout.fixtures';
import { makePickupPoint } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
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
    pickupAddress: makePickupPoint().address,
    pickupPoint: makePickupPoint(),
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
  parameters: {
    docs: {
      description: {
        component: `
O checkout numa página só, puro: identificação, endereço (preenchido pelo CEP), entrega, pagamento
(Pix, cartão, boleto), revisão e "Finalizar pedido", com os erros em português em cada campo.
"Finalizar pedido" espera os totais cotados para o endereço, a entrega e a sacola atuais e diz por
que espera. Não envia nada: quem o alimenta é o \`CheckoutScreen\`.

**Estados**

- \`Default\` / \`Playground\` / \`WithData\`, \`Blank\` (vazio), \`Loading\`, \`Empty\` e
  \`Error\`.
- \`WithCardAndBoleto\`, \`CardChosen\`, \`CardErrors\`, \`CardUnavailable\` e \`BoletoChosen\`.
- \`Sending\`, \`InvalidFields\` (CPF e telefone) e \`ServerFieldError\` (erro do servidor no
  campo).
- \`ConnectionLost\`, \`SoldOutMeanwhile\` e \`CouponRefused\` (a mensagem junto do resumo).
- \`CepNotFound\` e \`CepLookupUnavailable\` (o cliente digita o endereço, sem culpa).
- \`Repricing\`, \`NewCepBeingQuoted\` e \`RepricingFailed\`: o pedido espera os novos totais.
- \`PaymentMethodsLoading\`, \`PaymentMethodsFailed\` e \`ShippingErrorWithoutOptions\`.
- \`ReviewAndChange\`: a revisão resume endereço, entrega e pagamento; "Alterar" volta a cada um.
- \`WithoutCep\` e \`PickupWithoutCep\`: sem CEP (ou com o CEP apagado) a retirada já é oferecida,
  com endereço e horário, e o resumo não mostra total até haver uma entrega cotada.
- \`Phone\` e \`PhoneBlank\`.

**GraphQL**: nenhuma; quem consulta a API é a tela que o alimenta.
`,
      },
    },
  },
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
/** 12x com juros escolhido: a opção diz o total, e o resumo soma os juros do parcelamento. */
export const CardWithInterest: Story = {
  args: {
    paymentMethods: allMethods,
    now: today,
    summary: makeCartSummaryWithInterestData(),
    defaultValues: makeCheckoutValues({ paymentMethod: 'CARD', installments: '12' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const installments = canvas.getByRole('combobox', { name: /Parcelas/ });
    await expect(within(installments).getAllByRole('option')).toHaveLength(12);
    await expect(installments).toHaveDisplayValue(/^12x de R\$\s[\d.,]+ com juros \(total R\$/);
    await expect(canvas.getByText('Juros do parcelamento (12x)')).toBeVisible();
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Não encontramos este CEP: preencha o endereço abaixo.'),
    ).toBeVisible();
  },
};
/** O serviço de consulta não respondeu: o cliente digita o endereço, sem levar a culpa. */
export const CepLookupUnavailable: Story = {
  args: {
    defaultValues: makeCheckoutValues({
      postalCode: '01310-100',
      street: '',
      district: '',
      city: '',
      uf: '',
    }),
    cepLookup: { postalCode: '01310100', status: 'unavailable', address: null },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Não conseguimos buscar o endereço agora. Preencha abaixo.'),
    ).toBeVisible();
    await expect(canvas.queryByText(/Não encontramos este CEP/)).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /^Rua/ })).toBeEnabled();
  },
};
/** Uma nova opção de entrega (ou CEP) está sendo cotada: o pedido espera os novos totais. */
export const Repricing: Story = {
  args: { updating: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
    await expect(canvas.getByText('Atualizando os valores do pedido…')).toBeVisible();
  },
};
/** O endereço tem um CEP novo; o frete dele ainda está sendo cotado. */
export const NewCepBeingQuoted: Story = {
  args: {
    updating: true,
    quotedPostalCode: '01310100',
    defaultValues: makeCheckoutValues({
      postalCode: '20040-002',
      street: 'Rua da Assembleia',
      number: '10',
      complement: '',
      district: 'Centro',
      city: 'Rio de Janeiro',
      uf: 'RJ',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Calculando o frete para o CEP 20040-002…')).toBeVisible();
    await expect(canvas.queryByRole('radio', { name: /PAC/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
  },
};
/** No CEP (or the CEP cleared): the pickups are offered, no total until a shipping is priced. */
const withoutCep = {
  defaultValues: makeCheckoutValues({ postalCode: '', shippingMethodId: '' }),
  quotedPostalCode: '',
  shippingOptions: shippingOptions.filter((option) => option.kind === 'PICKUP'),
  pricedShippingMethodId: null,
  summary: makeCartSummaryData({ shippingCents: null, pixTotalCents: 39872 }),
} satisfies Partial<CheckoutViewProps>;
export const WithoutCep: Story = {
  args: withoutCep,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pickup = canvas.getByRole('radio', { name: /Retirar na loja/ });
    await expect(pickup).not.toBeChecked();
    await expect(pickup.closest('label')).toHaveTextContent(/Retire em: Rua Augusta, 1500/);
    await expect(
      canvas.getByText('Informe o CEP para ver as opções de entrega e os prazos.'),
    ).toBeVisible();
    const review = canvas.getByRole('region', { name: /Revisão do pedido/ });
    await expect(within(review).getByText('Com o frete escolhido')).toBeVisible();
    // The subtotal stays; no shipping nor total of a CEP the form no longer has.
    await expect(within(review).queryByText(/Grátis|R\$\s398,72/)).toBeNull();
  },
};
/**
 * Retirada escolhida sem CEP: cotada (grátis), nenhum endereço pedido, e o endereço da loja na
 * revisão.
 */
export const PickupWithoutCep: Story = {
  args: {
    ...withoutCep,
    defaultValues: makeCheckoutValues({
      postalCode: '',
      street: '',
      number: '',
      district: '',
      city: '',
      uf: '',
      shippingMethodId: 'retirada',
    }),
    pricedShippingMethodId: 'retirada',
    summary: makeCartSummaryData(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Retirar na loja/ })).toBeChecked();
    await expect(canvas.queryByRole('textbox', { name: /Rua/ })).toBeNull();
    const review = canvas.getByRole('region', { name: /Revisão do pedido/ });
    await expect(review).toHaveTextContent(/Rua Augusta, 1500/);
    await expect(canvas.getByRole('button', { name: 'Finalizar pedido' })).toBeEnabled();
  },
};
export const PickupWithoutCepPhone: Story = { ...PickupWithoutCep, globals: phone };
/**
 * A reprecificação falhou: os totais mostrados são antigos, e o pedido espera uma nova tentativa.
 */
export const RepricingFailed: Story = {
  args: { pricingError: true, onRetryPricing: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByRole('alert');
    await expect(notice).toHaveTextContent(/Não foi possível atualizar os valores do pedido/);
    await expect(canvas.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
    await userEvent.click(within(notice).getByRole('button', { name: 'Tentar novamente' }));
    await expect(args.onRetryPricing).toHaveBeenCalled();
  },
};
/** As formas de pagamento estão a caminho: enquanto isso, um boleto salvo continua escolhido. */
export const PaymentMethodsLoading: Story = {
  args: {
    paymentMethods: null,
    now: today,
    defaultValues: makeCheckoutValues({ paymentMethod: 'BOLETO' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Boleto bancário · vence em 04\/01\/2030/)).toBeVisible();
    await expect(canvas.getByText('Carregando as formas de pagamento…')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Finalizar pedido' })).toBeDisabled();
  },
};
export const PaymentMethodsFailed: Story = {
  args: { paymentMethods: null, onRetryPaymentMethods: fn() },
};
/**
 * O servidor recusou a entrega enquanto nenhuma opção está à mostra: o erro aparece mesmo assim,
 * com o foco nele.
 */
export const ShippingErrorWithoutOptions: Story = {
  args: {
    defaultValues: makeCheckoutValues({ postalCode: '', shippingMethodId: '' }),
    shippingOptions: null,
    serverError: {
      kind: 'fields',
      fields: { shippingMethodId: 'Escolha uma forma de entrega.' },
      message: null,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Escolha uma forma de entrega.')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Forma de entrega' })).toHaveFocus();
  },
};
/** O cupom foi recusado no envio do pedido: a mensagem fica junto do resumo. */
export const CouponRefused: Story = {
  parameters: {
    visual: {
      maxDiffRatio: 0.003,
      reason:
        'Focusing the coupon error scrolls the page; after the shot scrolls back, the sticky ' +
        'summary lands a pixel higher or lower from run to run (0.15 % of the shot).',
    },
  },
  args: {
    summary: makeCartSummaryData({ couponCode: 'BEMVINDO10', discountCents: 4197 }),
    serverError: {
      kind: 'fields',
      fields: { couponCode: 'Este cupom já atingiu o limite de usos.' },
      message: null,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Este cupom já atingiu o limite de usos/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Revisar o cupom na sacola' })).toBeVisible();
  },
};
/** A revisão resume o endereço, a entrega e o pagamento; 'Alterar' volta a cada um. */
export const ReviewAndChange: Story = {
  args: { paymentMethods: allMethods, now: today },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const review = within(canvas.getByRole('region', { name: /Revisão do pedido/ }));
    await expect(review.getByText(/PAC · Chega em até 6 dias úteis · Grátis/)).toBeVisible();
    await userEvent.click(review.getByRole('button', { name: 'Alterar forma de pagamento' }));
    await expect(canvas.getByRole('radio', { name: /Pix/ })).toHaveFocus();
    await userEvent.click(canvas.getByRole('radio', { name: /Boleto bancário/ }));
    await expect(review.getByText('Boleto bancário · vence em 04/01/2030')).toBeVisible();
    const steps = canvas.getByRole('navigation', { name: 'Etapas da compra' });
    await expect(within(steps).getByText('Revisão').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
  },
};
export const Phone: Story = { globals: phone };
export const PhoneBlank: Story = { ...Blank, globals: phone };
