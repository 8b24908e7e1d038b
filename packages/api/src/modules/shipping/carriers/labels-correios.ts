// The Correios' labels under the store's contract: a pre-postagem per order
// (POST /prepostagem/v1/prepostagens: sender, addressee, service, the parcel, and the content
// declaration's items when there is no NF-e), which gives the tracking code (codigoObjeto), then
// its label (POST /prepostagem/v1/prepostagens/rotulo/assincrono/pdf for a receipt, then
// GET .../rotulo/download/assincrono/{idRecibo}: the PDF in base64).
import type { CorreiosQuoter } from './correios';
import {
  carrierReason,
  mapLimited,
  type LabelBuyer,
  type LabelOutcome,
  type LabelParty,
  type LabelRequest,
} from './labels';
import { CarrierError } from './provider';

const CONCURRENCY = 6;
/** The label's receipt may not be ready at once: asked again this many times, this far apart. */
const DOWNLOAD_ATTEMPTS = 5;
const DOWNLOAD_PAUSE_MS = 400;

/** A party as the Correios' pre-postagem writes it (remetente, destinatario); reverse too. */
export function correiosPerson(party: LabelParty) {
  const phone = (party.phone ?? '').replace(/\D/g, '');
  return {
    nome: party.name.slice(0, 50),
    cpfCnpj: party.document ?? undefined,
    email: party.email ?? undefined,
    ...(phone.length >= 10 ? { dddCelular: phone.slice(0, 2), celular: phone.slice(2) } : {}),
    endereco: {
      cep: party.postalCode,
      logradouro: party.street.slice(0, 50),
      numero: party.number.slice(0, 6),
      complemento: party.complement?.slice(0, 30) || undefined,
      bairro: party.district.slice(0, 30),
      cidade: party.city.slice(0, 30),
      uf: party.uf,
    },
  };
}

export class CorreiosLabels implements LabelBuyer {
  readonly name = 'correios' as const;

  constructor(
    private readonly client: CorreiosQuoter,
    private readonly pause: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async buy(requests: readonly LabelRequest[], signal: AbortSignal): Promise<LabelOutcome[]> {
    // The orders run side by side; their first calls share one sign-in (CorreiosQuoter).
    return mapLimited(requests, CONCURRENCY, (request) =>
      this.one(request, signal).catch((error: unknown): LabelOutcome => ({
        orderId: request.orderId,
        ok: false,
        reason: !(error instanceof CarrierError)
          ? 'Erro inesperado ao falar com os Correios.'
          : /sign-in|token/.test(error.message)
            ? 'Os Correios recusaram as credenciais do contrato (CORREIOS_*).'
            : 'Os Correios não responderam.',
      })),
    );
  }

  private async one(request: LabelRequest, signal: AbortSignal): Promise<LabelOutcome> {
    const { parcel } = request;
    const posted = await this.client.send(
      'POST',
      '/prepostagem/v1/prepostagens',
      {
        remetente: correiosPerson(request.from),
        destinatario: correiosPerson(request.to),
        codigoServico: request.service,
        pesoInformado: String(parcel.weightGrams),
        codigoFormatoObjetoInformado: '2',
        comprimentoInformado: String(parcel.lengthCm),
        larguraInformada: String(parcel.widthCm),
        alturaInformada: String(parcel.heightCm),
        cienteObjetoNaoProibido: '1',
        observacao: `Pedido ${request.orderNumber}`,
        // No NF-e yet: the content declaration.
        itensDeclaracaoConteudo: request.items.map((item) => ({
          conteudo: item.description.slice(0, 80),
          quantidade: String(item.quantity),
          valor: (item.unitValueCents / 100).toFixed(2),
        })),
        listaServicoAdicional: [
          {
            codigoServicoAdicional: '019',
            valorDeclarado: (request.declaredValueCents / 100).toFixed(2),
          },
        ],
      },
      signal,
    );
    const created = posted.body as { id?: unknown; codigoObjeto?: unknown } | null;
    if (posted.status >= 300 || typeof created?.id !== 'string') {
      return {
        orderId: request.orderId,
        ok: false,
        reason: carrierReason(posted.body, posted.status),
      };
    }
    const reference = created.id;
    const trackingCode = typeof created.codigoObjeto === 'string' ? created.codigoObjeto : null;
    if (!trackingCode) {
      return {
        orderId: request.orderId,
        ok: false,
        reason: 'Os Correios não informaram o código do objeto.',
        carrierReference: reference,
      };
    }
    const pdf = await this.label(reference, signal);
    if (typeof pdf === 'string') {
      return { orderId: request.orderId, ok: false, reason: pdf, carrierReference: reference };
    }
    return { orderId: request.orderId, ok: true, carrierReference: reference, trackingCode, pdf };
  }

  /** The label's PDF, or the reason it could not be had. */
  private async label(reference: string, signal: AbortSignal): Promise<Uint8Array | string> {
    const asked = await this.client.send(
      'POST',
      '/prepostagem/v1/prepostagens/rotulo/assincrono/pdf',
      {
        idsPrePostagem: [reference],
        numeroCartaoPostagem: this.client.postageCard,
        tipoRotulo: 'P',
        formatoRotulo: 'ET',
        imprimeRemetente: 'S',
        layoutImpressao: 'PADRAO',
      },
      signal,
    );
    const receipt = (asked.body as { idRecibo?: unknown } | null)?.idRecibo;
    if (asked.status >= 300 || typeof receipt !== 'string') {
      return `Rótulo recusado: ${carrierReason(asked.body, asked.status)}`;
    }
    for (let attempt = 1; attempt <= DOWNLOAD_ATTEMPTS; attempt++) {
      const download = await this.client.send(
        'GET',
        `/prepostagem/v1/prepostagens/rotulo/download/assincrono/${encodeURIComponent(receipt)}`,
        undefined,
        signal,
      );
      const data = (download.body as { dados?: unknown } | null)?.dados;
      if (download.status < 300 && typeof data === 'string' && data) {
        const bytes = new Uint8Array(Buffer.from(data, 'base64'));
        if (bytes[0] === 0x25 && bytes[1] === 0x50) return bytes;
        return 'Os Correios enviaram um rótulo ilegível.';
      }
      if (attempt < DOWNLOAD_ATTEMPTS) await this.pause(DOWNLOAD_PAUSE_MS);
    }
    return 'O rótulo não ficou pronto a tempo: tente de novo.';
  }
}
