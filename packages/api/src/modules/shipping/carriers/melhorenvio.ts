// Melhor Envio's quote (POST /api/v2/me/shipment/calculate): one call prices many carriers'
// services for one package. Bearer token of the store's Melhor Envio app; their API asks for a
// User-Agent naming the application and a contact e-mail.
import {
  CarrierError,
  reaisToCents,
  type CarrierQuoteRequest,
  type CarrierQuoter,
  type CarrierServiceQuote,
} from './provider';

export interface MelhorEnvioSettings {
  /** https://melhorenvio.com.br, https://sandbox.melhorenvio.com.br, or a stand-in. */
  baseUrl: string;
  token: string;
  /** 'Vitrine (contato@loja.com.br)'. */
  userAgent: string;
}

interface MelhorEnvioService {
  id?: unknown;
  name?: unknown;
  price?: unknown;
  custom_price?: unknown;
  delivery_time?: unknown;
  custom_delivery_time?: unknown;
  error?: unknown;
}

export class MelhorEnvioQuoter implements CarrierQuoter {
  readonly name = 'melhorenvio' as const;

  constructor(private readonly settings: MelhorEnvioSettings) {}

  async quote(request: CarrierQuoteRequest): Promise<CarrierServiceQuote[]> {
    const { parcel } = request;
    let response: Response;
    try {
      response = await fetch(new URL('/api/v2/me/shipment/calculate', this.settings.baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.settings.token}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': this.settings.userAgent,
        },
        body: JSON.stringify({
          from: { postal_code: request.fromCep },
          to: { postal_code: request.toCep },
          package: {
            height: parcel.heightCm,
            width: parcel.widthCm,
            length: parcel.lengthCm,
            weight: parcel.weightGrams / 1000,
          },
          options: { insurance_value: 0, receipt: false, own_hand: false },
          services: request.services.join(','),
        }),
        signal: request.signal,
      });
    } catch (error) {
      throw new CarrierError(this.name, `Melhor Envio did not answer: ${(error as Error).message}`);
    }
    if (!response.ok) {
      throw new CarrierError(this.name, `Melhor Envio answered HTTP ${response.status}`);
    }
    const body = (await response.json().catch(() => null)) as unknown;
    // One service asked for comes back as an object, several as an array.
    const services = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : null;
    if (!services) throw new CarrierError(this.name, 'Melhor Envio answered something unreadable');
    const quotes: CarrierServiceQuote[] = [];
    for (const raw of services as MelhorEnvioService[]) {
      if (raw.error !== undefined && raw.error !== null && raw.error !== '') continue;
      const priceCents = reaisToCents(raw.custom_price ?? raw.price);
      const days = Number(raw.custom_delivery_time ?? raw.delivery_time);
      if (priceCents === null || !Number.isSafeInteger(days) || days < 0) continue;
      quotes.push({ service: String(raw.id), priceCents, businessDays: days });
    }
    return quotes;
  }
}
