// Mercado Pago's browser SDK (v2) as a CardTokenizer: the script is loaded on first use with the
// store's public key; `getPaymentMethods({ bin })` names the brand and `createCardToken` makes the
// token. When the script cannot load (offline, blocked) the shopper is told to pick Pix or boleto.
import {
  CardTokenizerError,
  type CardData,
  type CardToken,
  type CardTokenizer,
} from './cardTokenizer';

export const MERCADO_PAGO_SDK_URL = 'https://sdk.mercadopago.com/js/v2';

/** The part of the SDK we use, as its reference documents it. */
interface MercadoPagoInstance {
  getPaymentMethods(params: { bin: string }): Promise<{ results?: { id?: string }[] }>;
  createCardToken(params: {
    cardNumber: string;
    cardholderName: string;
    cardExpirationMonth: string;
    cardExpirationYear: string;
    securityCode: string;
    identificationType: string;
    identificationNumber: string;
  }): Promise<{ id?: string }>;
}

type MercadoPagoConstructor = new (
  publicKey: string,
  options?: { locale?: string },
) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

export interface MercadoPagoTokenizerOptions {
  publicKey: string;
  /** How long to wait for the script before giving up (ms). */
  timeoutMs?: number;
  scriptUrl?: string;
}

let loading: Promise<MercadoPagoConstructor> | null = null;

function loadSdk(scriptUrl: string, timeoutMs: number): Promise<MercadoPagoConstructor> {
  if (window.MercadoPago) return Promise.resolve(window.MercadoPago);
  loading ??= new Promise<MercadoPagoConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    const fail = (reason: string) => {
      window.clearTimeout(timer);
      script.remove();
      loading = null; // the next attempt tries again
      reject(new CardTokenizerError('unavailable', undefined, { cause: new Error(reason) }));
    };
    const timer = window.setTimeout(() => fail('timeout'), timeoutMs);
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      if (window.MercadoPago) resolve(window.MercadoPago);
      else fail('loaded without MercadoPago');
    });
    script.addEventListener('error', () => fail('script error'));
    document.head.appendChild(script);
  });
  return loading;
}

export function createMercadoPagoTokenizer(options: MercadoPagoTokenizerOptions): CardTokenizer {
  const { publicKey, timeoutMs = 10_000, scriptUrl = MERCADO_PAGO_SDK_URL } = options;
  let instance: MercadoPagoInstance | null = null;
  return {
    async tokenise(card: CardData): Promise<CardToken> {
      const MercadoPago = await loadSdk(scriptUrl, timeoutMs);
      try {
        instance ??= new MercadoPago(publicKey, { locale: 'pt-BR' });
      } catch (cause) {
        throw new CardTokenizerError('unavailable', undefined, { cause });
      }
      const [month = '', year = ''] = card.expiry.split('/');
      let methods: Awaited<ReturnType<MercadoPagoInstance['getPaymentMethods']>>;
      let token: Awaited<ReturnType<MercadoPagoInstance['createCardToken']>>;
      try {
        methods = await instance.getPaymentMethods({ bin: card.number.slice(0, 8) });
        token = await instance.createCardToken({
          cardNumber: card.number,
          cardholderName: card.holder,
          cardExpirationMonth: month,
          cardExpirationYear: `20${year}`,
          securityCode: card.cvv,
          identificationType: 'CPF',
          identificationNumber: card.cpf,
        });
      } catch (cause) {
        throw new CardTokenizerError('invalid', undefined, { cause });
      }
      const paymentMethodId = methods.results?.[0]?.id;
      if (!token.id || !paymentMethodId) throw new CardTokenizerError('invalid');
      return { token: token.id, paymentMethodId };
    },
  };
}
