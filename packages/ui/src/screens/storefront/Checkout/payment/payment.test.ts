import { MockedProvider } from '@apollo/client/testing';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { installmentTable } from '@vitrine/rules';
import { formatBRL } from '../../../../format';
import {
  cardErrors,
  installmentChoices,
  maskCardNumber,
  maskExpiry,
  orderPlanOptions,
  passesLuhn,
} from './card';
import {
  CARD_REFUSED_DATA_MESSAGE,
  CARD_UNAVAILABLE_MESSAGE,
  CardTokenizerError,
} from './cardTokenizer';
import { createMercadoPagoTokenizer, MERCADO_PAGO_SDK_URL } from './mercadoPagoTokenizer';
import { useOrderPayment } from './useOrderPayment';

function ApolloWrapper({ children }: { children: ReactNode }) {
  return createElement(MockedProvider, { mocks: [] }, children);
}

const CARD = {
  number: '5031433215406351',
  holder: 'APRO',
  expiry: '11/30',
  cvv: '123',
  cpf: '52998224725',
};

afterEach(() => {
  delete window.MercadoPago;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('card fields', () => {
  it('masks the number in groups of four and the expiry as MM/AA', () => {
    expect(maskCardNumber('4235647728025682')).toBe('4235 6477 2802 5682');
    expect(maskExpiry('1130')).toBe('11/30');
  });

  it('checks the number with Luhn, the expiry against today and the CVV length', () => {
    expect(passesLuhn('4235 6477 2802 5682')).toBe(true);
    expect(passesLuhn('4235 6477 2802 5683')).toBe(false);
    const now = new Date(2026, 10, 24);
    expect(
      cardErrors(
        {
          cardNumber: '4235 6477 2802 5682',
          cardHolder: 'MARIA',
          cardExpiry: '11/26',
          cardCvv: '1234',
          installments: '2',
        },
        [1, 2, 3],
        now,
      ),
    ).toEqual({});
    expect(
      cardErrors(
        {
          cardNumber: '4235',
          cardHolder: '',
          cardExpiry: '10/26',
          cardCvv: '12',
          installments: '4',
        },
        [1, 2, 3],
        now,
      ),
    ).toEqual({
      cardNumber: 'Número de cartão inválido: confira os dígitos.',
      cardHolder: 'Informe o nome como está no cartão.',
      cardExpiry: 'Este cartão está vencido.',
      cardCvv: 'O CVV tem 3 ou 4 dígitos, no verso do cartão.',
      installments: 'Escolha o número de parcelas.',
    });
    expect(cardErrors({ cardExpiry: '13/30' }, [1], now).cardExpiry).toBe(
      'Informe a validade no formato MM/AA.',
    );
  });

  it("words the server's table: interest-free splits (the remainder on the first), then plans with interest and their total", () => {
    const table = installmentTable(10001, {
      maxInstallments: 4,
      interestFreeInstallments: 3,
      monthlyInterestPercent: 2.99,
      minInstallmentCents: 500,
    });
    expect(installmentChoices(table).map((choice) => choice.label.replace(/\s/g, ' '))).toEqual([
      'À vista: R$ 100,01',
      '2x sem juros: 1ª de R$ 50,01 e 1x de R$ 50,00',
      '3x sem juros: 1ª de R$ 33,35 e 2x de R$ 33,33',
      `4x de ${formatBRL(table[3]!.perInstallmentCents)} com juros (total ${formatBRL(table[3]!.totalCents)})`.replace(
        /\s/g,
        ' ',
      ),
    ]);
    expect(table[3]!.interestFree).toBe(false);
  });

  it("rebuilds an order's own plan when the table is not at hand (the page opened again)", () => {
    expect(orderPlanOptions({ installments: 12, totalCents: 12408, interestCents: 2408 })).toEqual([
      {
        count: 1,
        perInstallmentCents: 10000,
        firstInstallmentCents: 10000,
        totalCents: 10000,
        interestFree: true,
        interestCents: 0,
      },
      {
        count: 12,
        perInstallmentCents: 1034,
        firstInstallmentCents: 1034,
        totalCents: 12408,
        interestFree: false,
        interestCents: 2408,
      },
    ]);
    expect(
      orderPlanOptions({ installments: 3, totalCents: 10001, interestCents: 0 })[1],
    ).toMatchObject({
      perInstallmentCents: 3333,
      firstInstallmentCents: 3335,
      interestFree: true,
    });
    expect(orderPlanOptions({ installments: 1, totalCents: 5000, interestCents: 0 })).toHaveLength(
      1,
    );
  });
});

describe('createMercadoPagoTokenizer', () => {
  it('loads the SDK script and says card is unavailable when it never arrives', async () => {
    const tokenizer = createMercadoPagoTokenizer({ publicKey: 'TEST-pk', timeoutMs: 50 });
    const attempt = tokenizer.tokenise(CARD);
    const script = document.head.querySelector('script');
    expect(script?.getAttribute('src')).toBe(MERCADO_PAGO_SDK_URL);
    await expect(attempt).rejects.toMatchObject({
      name: 'CardTokenizerError',
      kind: 'unavailable',
      message: CARD_UNAVAILABLE_MESSAGE,
    });
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('gives up at once when the script fails to load, and tries again next time', async () => {
    const tokenizer = createMercadoPagoTokenizer({ publicKey: 'TEST-pk', timeoutMs: 60_000 });
    const attempt = tokenizer.tokenise(CARD);
    document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toBeInstanceOf(CardTokenizerError);
    const again = tokenizer.tokenise(CARD);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(again).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('names the brand by the BIN and makes the token with the SDK, public key and CPF', async () => {
    const calls: unknown[] = [];
    // A stand-in of the SDK's global, with the shapes of its reference.
    window.MercadoPago = class {
      constructor(publicKey: string, options?: { locale?: string }) {
        calls.push({ publicKey, options });
      }
      getPaymentMethods(params: { bin: string }) {
        calls.push({ getPaymentMethods: params });
        return Promise.resolve({ results: [{ id: 'master' }] });
      }
      createCardToken(params: Record<string, string>) {
        calls.push({ createCardToken: params });
        return Promise.resolve({ id: 'ff8080814c11e237014c1ff593b57b4d' });
      }
    };
    const tokenizer = createMercadoPagoTokenizer({ publicKey: 'TEST-pk' });
    await expect(tokenizer.tokenise(CARD)).resolves.toEqual({
      token: 'ff8080814c11e237014c1ff593b57b4d',
      paymentMethodId: 'master',
    });
    expect(calls).toEqual([
      { publicKey: 'TEST-pk', options: { locale: 'pt-BR' } },
      { getPaymentMethods: { bin: '50314332' } },
      {
        createCardToken: {
          cardNumber: '5031433215406351',
          cardholderName: 'APRO',
          cardExpirationMonth: '11',
          cardExpirationYear: '2030',
          securityCode: '123',
          identificationType: 'CPF',
          identificationNumber: '52998224725',
        },
      },
    ]);
  });

  /** A stand-in of the SDK's global whose two calls answer as given. */
  function sdkStandIn(answers: {
    getPaymentMethods?: () => Promise<unknown>;
    createCardToken?: () => Promise<unknown>;
  }) {
    window.MercadoPago = class {
      getPaymentMethods() {
        return (answers.getPaymentMethods?.() ??
          Promise.resolve({ results: [{ id: 'visa' }] })) as Promise<{ results: { id: string }[] }>;
      }
      createCardToken() {
        return (answers.createCardToken?.() ?? Promise.resolve({ id: 'tok' })) as Promise<{
          id: string;
        }>;
      }
    };
    return createMercadoPagoTokenizer({ publicKey: 'TEST-pk' });
  }

  it('reports card data the SDK refuses (its field errors) as invalid, not as an outage', async () => {
    // The SDK's rejection: the gateway's 400 with the data-entry code of the field.
    const refused = sdkStandIn({
      createCardToken: () =>
        Promise.reject({
          message: 'invalid parameter cardNumber',
          status: 400,
          cause: [{ code: 'E301', description: 'invalid parameter cardNumber' }],
        }),
    });
    await expect(refused.tokenise(CARD)).rejects.toMatchObject({
      kind: 'invalid',
      message: CARD_REFUSED_DATA_MESSAGE,
    });
    // The list form of the same refusal (one entry per field).
    const listed = sdkStandIn({
      createCardToken: () =>
        Promise.reject([{ code: '224', message: 'parameter securityCode can not be null/empty' }]),
    });
    await expect(listed.tokenise(CARD)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it.each([
    [
      'getPaymentMethods',
      'the network fails',
      () => Promise.reject(new TypeError('Failed to fetch')),
    ],
    [
      'createCardToken',
      'the network fails',
      () => Promise.reject(new TypeError('Failed to fetch')),
    ],
    [
      'createCardToken',
      'the gateway is down',
      () => Promise.reject({ message: 'internal_error', status: 503, cause: [] }),
    ],
    [
      'getPaymentMethods',
      'the request times out',
      () => Promise.reject(new DOMException('signal timed out', 'TimeoutError')),
    ],
  ] as const)(
    'says card is unavailable (not invalid data) when %s fails because %s',
    async (call, _why, failure) => {
      const tokenizer = sdkStandIn({ [call]: failure });
      await expect(tokenizer.tokenise(CARD)).rejects.toMatchObject({
        name: 'CardTokenizerError',
        kind: 'unavailable',
        message: CARD_UNAVAILABLE_MESSAGE,
      });
    },
  );

  it('says card is unavailable while the browser is offline, whatever the SDK says', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const tokenizer = sdkStandIn({
        createCardToken: () => Promise.reject({ message: 'invalid parameter cardNumber' }),
      });
      await expect(tokenizer.tokenise(CARD)).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      online.mockRestore();
    }
  });
});

describe('useOrderPayment', () => {
  it('hands an SDK outage to the checkout as unavailable (its message, no field error)', async () => {
    window.MercadoPago = class {
      getPaymentMethods() {
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      createCardToken() {
        return Promise.resolve({ id: 'tok' });
      }
    };
    const { result } = renderHook(() => useOrderPayment('TEST-pk'), { wrapper: ApolloWrapper });
    const card = {
      cardNumber: '5031 4332 1540 6351',
      cardHolder: 'APRO',
      cardExpiry: '11/30',
      cardCvv: '123',
    };
    await expect(result.current.tokenise(card, '529.982.247-25')).resolves.toEqual({
      kind: 'unavailable',
      message: CARD_UNAVAILABLE_MESSAGE,
    });
  });
});
