// Melhor Envio's labels: each order goes into the cart (POST /api/v2/me/cart), the cart is paid
// from the account's balance in one purchase (POST /api/v2/me/shipment/checkout), the labels are
// generated (POST /api/v2/me/shipment/generate), their tracking codes read
// (POST /api/v2/me/shipment/tracking) and each printed (POST /api/v2/me/shipment/print, a public
// link to the PDF, downloaded here so the store keeps it).
import {
  carrierReason,
  mapLimited,
  type LabelBuyer,
  type LabelOutcome,
  type LabelParty,
  type LabelRequest,
} from './labels';
import type { MelhorEnvioSettings } from './melhorenvio';

const CONCURRENCY = 6;

function party(person: LabelParty) {
  const document = person.document ?? '';
  return {
    name: person.name,
    phone: person.phone ?? undefined,
    email: person.email ?? undefined,
    ...(document.length === 14 ? { company_document: document } : { document }),
    address: person.street,
    number: person.number,
    complement: person.complement ?? undefined,
    district: person.district,
    city: person.city,
    state_abbr: person.uf,
    country_id: 'BR',
    postal_code: person.postalCode,
  };
}

export class MelhorEnvioLabels implements LabelBuyer {
  readonly name = 'melhorenvio' as const;

  constructor(private readonly settings: MelhorEnvioSettings) {}

  async buy(requests: readonly LabelRequest[], signal: AbortSignal): Promise<LabelOutcome[]> {
    const outcomes = new Map<string, LabelOutcome>();
    const fail = (orderId: string, reason: string, carrierReference?: string) =>
      outcomes.set(orderId, { orderId, ok: false, reason, carrierReference });

    // 1. The cart: one shipment per order.
    const carted = new Map<string, string>();
    await mapLimited(requests, CONCURRENCY, async (request) => {
      const answer = await this.call('/api/v2/me/cart', this.cartItem(request), signal);
      const id = (answer.body as { id?: unknown } | null)?.id;
      if (answer.ok && typeof id === 'string' && id) carted.set(request.orderId, id);
      else fail(request.orderId, carrierReason(answer.body, answer.status));
    });
    if (carted.size === 0) return requests.map((request) => outcomes.get(request.orderId)!);

    // 2. One purchase pays them all (the account's balance).
    const checkout = await this.call(
      '/api/v2/me/shipment/checkout',
      { orders: [...carted.values()] },
      signal,
    );
    if (!checkout.ok) {
      const reason = carrierReason(checkout.body, checkout.status);
      for (const [orderId, id] of carted) fail(orderId, `Pagamento recusado: ${reason}`, id);
      return requests.map((request) => outcomes.get(request.orderId)!);
    }

    // 3. The labels, and 4. their tracking codes.
    const generate = await this.call(
      '/api/v2/me/shipment/generate',
      { orders: [...carted.values()] },
      signal,
    );
    const generated = (generate.body ?? {}) as Record<
      string,
      { status?: unknown; message?: unknown }
    >;
    const ready = new Map<string, string>();
    for (const [orderId, id] of carted) {
      const state = generate.ok ? generated[id] : undefined;
      if (state?.status === true) ready.set(orderId, id);
      else {
        const reason =
          typeof state?.message === 'string' && state.message
            ? state.message
            : carrierReason(generate.body, generate.status);
        fail(orderId, `Etiqueta não gerada: ${reason}`, id);
      }
    }
    if (ready.size === 0) return requests.map((request) => outcomes.get(request.orderId)!);
    const tracking = await this.call(
      '/api/v2/me/shipment/tracking',
      { orders: [...ready.values()] },
      signal,
    );
    const codes = (tracking.ok ? (tracking.body ?? {}) : {}) as Record<
      string,
      { tracking?: unknown }
    >;

    // 5. Each label's PDF.
    await mapLimited([...ready], CONCURRENCY, async ([orderId, id]) => {
      const code = codes[id]?.tracking;
      if (typeof code !== 'string' || !code) {
        return fail(orderId, 'A Melhor Envio não informou o código de rastreio.', id);
      }
      const print = await this.call(
        '/api/v2/me/shipment/print',
        { mode: 'public', orders: [id] },
        signal,
      );
      const url = (print.body as { url?: unknown } | null)?.url;
      if (!print.ok || typeof url !== 'string') {
        return fail(orderId, `Impressão recusada: ${carrierReason(print.body, print.status)}`, id);
      }
      const pdf = await this.download(url, signal);
      if (!pdf) return fail(orderId, 'O PDF da etiqueta não pôde ser baixado.', id);
      outcomes.set(orderId, { orderId, ok: true, carrierReference: id, trackingCode: code, pdf });
    });
    return requests.map((request) => outcomes.get(request.orderId)!);
  }

  private cartItem(request: LabelRequest) {
    const { parcel } = request;
    return {
      service: Number(request.service),
      from: party(request.from),
      to: party(request.to),
      products: request.items.map((item) => ({
        name: item.description,
        quantity: item.quantity,
        unitary_value: item.unitValueCents / 100,
      })),
      volumes: [
        {
          height: parcel.heightCm,
          width: parcel.widthCm,
          length: parcel.lengthCm,
          weight: parcel.weightGrams / 1000,
        },
      ],
      options: {
        insurance_value: request.declaredValueCents / 100,
        receipt: false,
        own_hand: false,
        reverse: false,
        // No NF-e yet: the content declaration goes with the parcel.
        non_commercial: true,
        platform: 'Vitrine',
        tags: [{ tag: request.orderNumber }],
      },
    };
  }

  private async call(
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<{ ok: boolean; status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.settings.baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.settings.token}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': this.settings.userAgent,
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch {
      // Not an exception: the orders it was for fail with this reason, the others go on.
      return { ok: false, status: 0, body: { message: 'A Melhor Envio não respondeu.' } };
    }
    const parsed = (await response.json().catch(() => null)) as unknown;
    return { ok: response.ok, status: response.status, body: parsed };
  }

  private async download(url: string, signal: AbortSignal): Promise<Uint8Array | null> {
    try {
      const response = await fetch(url, { signal });
      if (!response.ok) return null;
      const bytes = new Uint8Array(await response.arrayBuffer());
      // '%PDF'
      return bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46
        ? bytes
        : null;
    } catch {
      return null;
    }
  }
}
