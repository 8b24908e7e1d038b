// Mercado Pago's browser SDK (v2) as a CardTokenizer: the script is loaded on first use with the
// store's public key; `getPaymentMethods({ bin })` names the brand and `createCardToken` makes the
// token. When the script cannot load (offline, blocked), or the SDK cannot reach the gateway, the
// shopper is told card is unavailable (try again, or Pix or boleto); only the SDK's own refusal of
// the card data (its field errors) is reported at the card fields.
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

/**
 * The SDK's data-entry codes (its reference's "data insertion errors" table: a field empty or
 * invalid). Anything it rejects with one of these is the card data, not the gateway.
 */
const FIELD_ERROR_CODES = new Set(
  '205 208 209 212 213 214 220 221 224 E203 E205 E301 E302 316 322 323 324 325 326'.split(' '),
);

/** The gateway's answers that are about the request's data (other 4xx are keys, limits, time). */
const DATA_STATUSES = new Set([400, 404, 422]);

/** Every object the SDK's rejection is made of: itself, its `cause` (one or a list), a list. */
function errorParts(error: unknown, depth = 0): Record<string, unknown>[] {
  if (depth > 3 || error === null || typeof error !== 'object') return [];
  if (Array.isArray(error)) return error.flatMap((item) => errorParts(item, depth + 1));
  const record = error as Record<string, unknown>;
  return [record, ...errorParts(record.cause, depth + 1)];
}

/**
 * What a rejection of getPaymentMethods or createCardToken means for the shopper: 'invalid' when
 * the SDK refused the card data (a data-entry code, a "parameter …" description, a 400/404/422 from
 * the gateway); 'unavailable' for the rest — the network (fetch's TypeError, a timeout, an abort,
 * the browser offline), the gateway down (5xx, 429, 401 for a bad key), or a failure we cannot read.
 */
export function tokenisationFailureKind(error: unknown): 'invalid' | 'unavailable' {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'unavailable';
  for (const part of errorParts(error)) {
    const code = part.code ?? part.error_code;
    if (
      (typeof code === 'string' || typeof code === 'number') &&
      FIELD_ERROR_CODES.has(String(code))
    )
      return 'invalid';
    const status = part.status ?? part.statusCode;
    if (typeof status === 'number' && DATA_STATUSES.has(status)) return 'invalid';
    const text = [part.message, part.description].filter((item) => typeof item === 'string');
    if (text.some((item) => /\bparameter\b/i.test(item as string))) return 'invalid';
  }
  return 'unavailable';
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
        throw new CardTokenizerError(tokenisationFailureKind(cause), undefined, { cause });
      }
      const paymentMethodId = methods.results?.[0]?.id;
      if (!token.id || !paymentMethodId) throw new CardTokenizerError('invalid');
      return { token: token.id, paymentMethodId };
    },
  };
}
