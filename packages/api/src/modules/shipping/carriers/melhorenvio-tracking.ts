// Melhor Envio's word on a label it sold: GET /api/v2/me/orders/search?q={tracking code} answers
// the shipment with its status ('posted', 'delivered', 'undelivered', …) and when each step
// happened; those steps become the parcel's events. Its webhooks (order.posted, order.delivered,
// …) only say "look again": tracking.routes.ts reads the shipment back through here.
import type { MelhorEnvioSettings } from './melhorenvio';
import { CarrierError, type CarrierTracker, type CarrierTrackingEvent } from './provider';

interface MelhorEnvioShipment {
  id?: unknown;
  status?: unknown;
  tracking?: unknown;
  posted_at?: unknown;
  delivered_at?: unknown;
  updated_at?: unknown;
}

/** '2026-11-02 10:00:00' (Brasília time, as Melhor Envio writes it) or ISO, as an instant. */
function instant(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim().replace(' ', 'T');
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}-03:00`;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The shipment's steps as events, oldest first. */
export function melhorEnvioEvents(shipment: MelhorEnvioShipment): CarrierTrackingEvent[] {
  const events: CarrierTrackingEvent[] = [];
  const posted = instant(shipment.posted_at);
  if (posted) {
    events.push({
      code: 'posted',
      status: 'POSTED',
      description: 'Objeto postado',
      location: null,
      occurredAt: posted,
    });
  }
  const delivered = instant(shipment.delivered_at);
  if (shipment.status === 'delivered' && delivered) {
    events.push({
      code: 'delivered',
      status: 'DELIVERED',
      description: 'Objeto entregue ao destinatário',
      location: null,
      occurredAt: delivered,
    });
  }
  const updated = instant(shipment.updated_at);
  if (shipment.status === 'undelivered' && updated) {
    events.push({
      code: 'undelivered',
      status: 'DELIVERY_FAILED',
      description: 'Objeto não entregue',
      location: null,
      occurredAt: updated,
    });
  }
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

export class MelhorEnvioTracker implements CarrierTracker {
  readonly name = 'melhorenvio' as const;

  constructor(private readonly settings: MelhorEnvioSettings) {}

  async track(trackingCode: string, signal: AbortSignal): Promise<CarrierTrackingEvent[] | null> {
    const url = new URL('/api/v2/me/orders/search', this.settings.baseUrl);
    url.searchParams.set('q', trackingCode);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          authorization: `Bearer ${this.settings.token}`,
          accept: 'application/json',
          'user-agent': this.settings.userAgent,
        },
        signal,
      });
    } catch (error) {
      throw new CarrierError(this.name, `Melhor Envio did not answer: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok)
      throw new CarrierError(this.name, `Melhor Envio answered HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as unknown;
    const list = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : null;
    if (!list) throw new CarrierError(this.name, 'Melhor Envio answered something unreadable');
    const shipment = (list as MelhorEnvioShipment[]).find((item) => item.tracking === trackingCode);
    return shipment ? melhorEnvioEvents(shipment) : null;
  }
}
