// The carriers' stand-in's labels: Melhor Envio's cart, checkout (from a balance), generate,
// tracking and print (a public link to a PDF), and the Correios' pre-postagem and asynchronous
// label, each answering like the real API, with a refusal on demand (a destination CEP the
// carrier will not take, a balance too small). The PDFs are real, one page each.
import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { s10CheckDigit } from '@vitrine/rules';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { bodyOf, reais, send } from './standin-http';

export interface LabelsStandinState {
  /** Melhor Envio's account balance, in cents (checkout refuses what it cannot pay). */
  balanceCents: number;
  /** Destination CEPs (8 digits) both carriers refuse a label for. */
  refusedCeps: Set<string>;
  /** Melhor Envio's shipments by id. */
  shipments: Map<string, MeStandinShipment>;
  /** The Correios' pre-postagens by id, and the label receipts. */
  prepostagens: Map<string, { code: string; to: string; name: string }>;
  receipts: Map<string, string>;
  /** Every label PDF bought, by the tracking code it carries. */
  labelsBought: string[];
}

export interface MeStandinShipment {
  status: 'pending' | 'paid' | 'generated' | 'posted' | 'delivered' | 'undelivered';
  to: string;
  name: string;
  tracking: string | null;
  postedAt?: string;
  deliveredAt?: string;
  updatedAt?: string;
}

export function labelsStandinState(): LabelsStandinState {
  return {
    balanceCents: 1_000_000,
    refusedCeps: new Set(),
    shipments: new Map(),
    prepostagens: new Map(),
    receipts: new Map(),
    labelsBought: [],
  };
}

let objectSerial = 0;
/** An object code as the Correios write them: two letters, 8 digits, a check digit, 'BR'. */
function objectCode(prefix: string): string {
  objectSerial = (objectSerial + 1) % 100_000_000;
  const digits = String((Date.now() % 1000) * 100_000 + objectSerial)
    .padStart(8, '0')
    .slice(-8);
  return `${prefix}${digits}${s10CheckDigit(digits)}BR`;
}

async function labelPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([283, 425]); // 10 × 15 cm
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, index) => {
    page.drawText(line, { x: 20, y: 390 - index * 22, size: index === 0 ? 14 : 11, font });
  });
  return pdf.save();
}

const CARRIER_STANDIN_HOST = (req: IncomingMessage) => `http://${req.headers.host ?? '127.0.0.1'}`;

/** Melhor Envio's label endpoints; false when the path is not one of them. */
export async function melhorEnvioLabels(
  req: IncomingMessage,
  res: ServerResponse,
  state: LabelsStandinState,
  path: string,
  record: (detail: unknown) => void,
): Promise<boolean> {
  if (req.method === 'GET' && path === '/api/v2/me/orders/search') {
    const q = new URL(req.url ?? '/', 'http://standin').searchParams.get('q') ?? '';
    record({ q });
    const found = [...state.shipments].filter(([, shipment]) => shipment.tracking === q);
    send(
      res,
      200,
      found.map(([id, shipment]) => ({
        id,
        status: shipment.status,
        tracking: shipment.tracking,
        posted_at: shipment.postedAt ?? null,
        delivered_at: shipment.deliveredAt ?? null,
        updated_at: shipment.updatedAt ?? null,
      })),
    );
    return true;
  }
  if (req.method !== 'POST') return false;
  if (path === '/api/v2/me/cart') {
    const body = (await bodyOf(req)) as {
      service?: number;
      to?: { postal_code?: string; name?: string };
      volumes?: Array<{ weight?: number }>;
    } | null;
    record(body);
    const to = body?.to?.postal_code ?? '';
    if (!/^\d{8}$/.test(to) || !body?.volumes?.[0]?.weight) {
      send(res, 422, {
        message: 'The given data was invalid.',
        errors: { to: ['Dados inválidos.'] },
      });
      return true;
    }
    if (state.refusedCeps.has(to)) {
      send(res, 422, {
        message: 'The given data was invalid.',
        errors: { 'to.postal_code': ['O CEP de destino não é atendido por este serviço.'] },
      });
      return true;
    }
    const id = randomUUID();
    state.shipments.set(id, { status: 'pending', to, name: body.to?.name ?? '', tracking: null });
    send(res, 201, {
      id,
      protocol: `ORD-${id.slice(0, 8)}`,
      status: 'pending',
      service_id: body.service,
    });
    return true;
  }
  const ids = async () => {
    const body = (await bodyOf(req)) as { orders?: unknown } | null;
    record(body);
    return Array.isArray(body?.orders) ? body.orders.filter((id) => typeof id === 'string') : [];
  };
  if (path === '/api/v2/me/shipment/checkout') {
    const orders = await ids();
    const price = orders.length * 2000;
    if (orders.some((id) => state.shipments.get(id)?.status !== 'pending')) {
      send(res, 422, { message: 'Há envios que não estão no carrinho.' });
    } else if (price > state.balanceCents) {
      send(res, 422, { message: 'Saldo insuficiente para a compra.' });
    } else {
      state.balanceCents -= price;
      for (const id of orders) state.shipments.get(id)!.status = 'paid';
      send(res, 200, {
        purchase: { id: randomUUID(), total: reais(price), status: 'paid', orders },
      });
    }
    return true;
  }
  if (path === '/api/v2/me/shipment/generate') {
    const answer: Record<string, { status: boolean; message: string }> = {};
    for (const id of await ids()) {
      const shipment = state.shipments.get(id);
      if (!shipment || shipment.status === 'pending') {
        answer[id] = { status: false, message: 'Envio não pago.' };
        continue;
      }
      shipment.status = 'generated';
      shipment.tracking ??= objectCode('ME');
      answer[id] = { status: true, message: 'Envio gerado com sucesso' };
    }
    send(res, 200, answer);
    return true;
  }
  if (path === '/api/v2/me/shipment/tracking') {
    const answer: Record<string, { id: string; tracking: string | null }> = {};
    for (const id of await ids())
      answer[id] = { id, tracking: state.shipments.get(id)?.tracking ?? null };
    send(res, 200, answer);
    return true;
  }
  if (path === '/api/v2/me/shipment/print') {
    const [id] = await ids();
    if (
      !id ||
      state.shipments.get(id)?.status === 'pending' ||
      !state.shipments.get(id)?.tracking
    ) {
      send(res, 422, { message: 'Etiqueta não gerada.' });
      return true;
    }
    send(res, 200, { url: `${CARRIER_STANDIN_HOST(req)}/_standin/labels/me/${id}.pdf` });
    return true;
  }
  return false;
}

/** The public PDF of a Melhor Envio label (GET /_standin/labels/me/{id}.pdf). */
export async function melhorEnvioLabelPdf(
  res: ServerResponse,
  state: LabelsStandinState,
  id: string,
): Promise<void> {
  const shipment = state.shipments.get(id);
  if (!shipment?.tracking) return send(res, 404, { message: 'Not found' });
  state.labelsBought.push(shipment.tracking);
  const pdf = await labelPdf([
    'Melhor Envio (stand-in)',
    shipment.name,
    shipment.to,
    shipment.tracking,
  ]);
  res.writeHead(200, { 'content-type': 'application/pdf' });
  res.end(Buffer.from(pdf));
}

/** The Correios' pre-postagem and label endpoints; false when the path is not one of them. */
export async function correiosLabels(
  req: IncomingMessage,
  res: ServerResponse,
  state: LabelsStandinState,
  path: string,
  record: (detail: unknown) => void,
): Promise<boolean> {
  if (req.method === 'POST' && path === '/prepostagem/v1/prepostagens') {
    const body = (await bodyOf(req)) as {
      destinatario?: { nome?: string; endereco?: { cep?: string } };
      codigoServico?: string;
      itensDeclaracaoConteudo?: unknown[];
    } | null;
    record(body);
    const to = body?.destinatario?.endereco?.cep ?? '';
    if (!/^\d{8}$/.test(to) || state.refusedCeps.has(to)) {
      send(res, 400, { msgs: [`CEP do destinatário não atendido: ${to || 'vazio'}.`] });
      return true;
    }
    if (
      !Array.isArray(body?.itensDeclaracaoConteudo) ||
      body.itensDeclaracaoConteudo.length === 0
    ) {
      send(res, 400, { msgs: ['Informe a declaração de conteúdo ou a nota fiscal.'] });
      return true;
    }
    const id = `PR${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    const code = objectCode('AB');
    state.prepostagens.set(id, { code, to, name: body.destinatario?.nome ?? '' });
    send(res, 200, { id, codigoObjeto: code, statusAtual: 1 });
    return true;
  }
  if (req.method === 'POST' && path === '/prepostagem/v1/prepostagens/rotulo/assincrono/pdf') {
    const body = (await bodyOf(req)) as { idsPrePostagem?: unknown } | null;
    record(body);
    const ids = Array.isArray(body?.idsPrePostagem) ? (body.idsPrePostagem as string[]) : [];
    if (ids.length === 0 || ids.some((id) => !state.prepostagens.has(id))) {
      send(res, 400, { msgs: ['Pré-postagem não encontrada.'] });
      return true;
    }
    const receipt = randomUUID();
    state.receipts.set(receipt, ids[0]!);
    send(res, 200, { idRecibo: receipt });
    return true;
  }
  const download = /^\/prepostagem\/v1\/prepostagens\/rotulo\/download\/assincrono\/([\w-]+)$/.exec(
    path,
  );
  if (req.method === 'GET' && download) {
    record(null);
    const prepostagem = state.prepostagens.get(state.receipts.get(download[1]!) ?? '');
    if (!prepostagem) {
      send(res, 404, { msgs: ['Recibo não encontrado.'] });
      return true;
    }
    state.labelsBought.push(prepostagem.code);
    const pdf = await labelPdf([
      'Correios (stand-in)',
      prepostagem.name,
      prepostagem.to,
      prepostagem.code,
    ]);
    send(res, 200, { nome: `${prepostagem.code}.pdf`, dados: Buffer.from(pdf).toString('base64') });
    return true;
  }
  return false;
}

/**
 * The control endpoint POST /_standin/labels/me-status {tracking, status, at?, webhook?}: the
 * parcel posted, delivered or not delivered, and (with `webhook: {url, secret}`) Melhor Envio's
 * webhook sent to the store, signed as theirs are (X-ME-Signature: base64 HMAC-SHA256 of the body).
 */
export async function setMelhorEnvioStatus(
  state: LabelsStandinState,
  body: {
    tracking?: string;
    status?: 'posted' | 'delivered' | 'undelivered';
    at?: string;
    webhook?: { url: string; secret: string };
  } | null,
): Promise<{ status: number; body: unknown }> {
  const entry = [...state.shipments].find(([, shipment]) => shipment.tracking === body?.tracking);
  if (!entry || !body?.status || !['posted', 'delivered', 'undelivered'].includes(body.status)) {
    return { status: 400, body: { message: 'tracking of a label bought, and status' } };
  }
  const [id, shipment] = entry;
  const at = body.at ?? new Date().toISOString();
  shipment.status = body.status;
  shipment.updatedAt = at;
  if (body.status === 'posted') shipment.postedAt = at;
  if (body.status === 'delivered') {
    shipment.postedAt ??= at;
    shipment.deliveredAt = at;
  }
  if (body.webhook) {
    const payload = JSON.stringify({
      event: `order.${body.status}`,
      data: { id, status: body.status, tracking: shipment.tracking },
    });
    const signature = createHmac('sha256', body.webhook.secret).update(payload).digest('base64');
    const answer = await fetch(body.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-me-signature': signature },
      body: payload,
    });
    return { status: 200, body: { ok: true, webhookStatus: answer.status } };
  }
  return { status: 200, body: { ok: true } };
}
