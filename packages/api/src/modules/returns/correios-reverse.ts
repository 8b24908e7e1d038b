// The Correios' logística reversa under the store's contract: a pre-postagem with
// logisticaReversa 'S' (POST /prepostagem/v1/prepostagens: the shopper as sender, the store as
// addressee, a reverse service such as 03301 PAC reverso, and until when the authorisation is
// valid). Its answer's object code is the authorisation the shopper gives at any agency, with no
// label to print. Signs in through the contract's client (CorreiosQuoter.send: the same token as
// quotes, tracking and labels).
import { formatDay } from '@vitrine/rules';
import type { CorreiosQuoter } from '../shipping/carriers/correios';
import { correiosPerson } from '../shipping/carriers/labels-correios';
import { CarrierError } from '../shipping/carriers/provider';
import {
  ReverseLogisticsError,
  type ReverseAuthorization,
  type ReverseLogistics,
  type ReverseRequest,
} from './reverse-logistics';

export const CORREIOS_REVERSE_PATH = '/prepostagem/v1/prepostagens';
export const DEFAULT_CORREIOS_REVERSE_SERVICE = '03301';
export const DEFAULT_CORREIOS_REVERSE_DAYS = 15;

export interface CorreiosReverseSettings {
  /** The contract's reverse service code (03301 PAC reverso by default). */
  service: string;
  /** Days the authorisation stays valid for the shopper to post the parcel. */
  validityDays: number;
  /**
   * Where the reverse pre-postagens go, when not at the contract API's own address (the local
   * stand-in serves them under /reversa); null: CORREIOS_URL.
   */
  baseUrl: string | null;
}

/** 'dd/MM/yyyy' (the Correios' dates) as the end of that day in Brasília; null otherwise. */
function correiosDay(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const date = new Date(`${match[3]}-${match[2]}-${match[1]}T23:59:59-03:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Correios' own words of a refusal ({ msgs: [...] }), or the status. */
function refusalReason(body: unknown, status: number): string {
  const messages = (body as { msgs?: unknown } | null)?.msgs;
  if (Array.isArray(messages)) {
    const text = messages.filter((item): item is string => typeof item === 'string').join(' ');
    if (text.trim()) return `Os Correios recusaram a autorização: ${text.trim()}`.slice(0, 500);
  }
  return `Os Correios recusaram a autorização (HTTP ${status}).`;
}

export class CorreiosReverseLogistics implements ReverseLogistics {
  readonly name = 'correios';
  readonly label = 'Correios';
  readonly instructions =
    'Embale os produtos e leve o pacote a qualquer agência dos Correios informando o código de autorização: a postagem é paga pela loja, você não paga nada.';

  constructor(
    private readonly client: CorreiosQuoter,
    private readonly settings: CorreiosReverseSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async authorize(request: ReverseRequest, signal: AbortSignal): Promise<ReverseAuthorization> {
    const validUntil = new Date(this.now().getTime() + this.settings.validityDays * 86_400_000);
    const target = this.settings.baseUrl
      ? `${this.settings.baseUrl.replace(/\/+$/, '')}${CORREIOS_REVERSE_PATH}`
      : CORREIOS_REVERSE_PATH;
    let answer: { status: number; body: unknown };
    try {
      answer = await this.client.send(
        'POST',
        target,
        {
          numeroCartaoPostagem: this.client.postageCard,
          codigoServico: this.settings.service,
          logisticaReversa: 'S',
          dataValidadeLogReversa: formatDay(validUntil),
          solicitarColeta: 'N',
          remetente: correiosPerson(request.from),
          destinatario: correiosPerson(request.to),
          pesoInformado: String(Math.max(1, request.parcel.weightGrams)),
          codigoFormatoObjetoInformado: '2',
          comprimentoInformado: String(request.parcel.lengthCm),
          larguraInformada: String(request.parcel.widthCm),
          alturaInformada: String(request.parcel.heightCm),
          cienteObjetoNaoProibido: '1',
          observacao: `Devolução ${request.returnNumber} do pedido ${request.orderNumber}`,
          itensDeclaracaoConteudo: request.items.map((item) => ({
            conteudo: item.description.slice(0, 80),
            quantidade: String(item.quantity),
            valor: (item.unitValueCents / 100).toFixed(2),
          })),
        },
        signal,
      );
    } catch (error) {
      // Down, slow or the token refused: asked again later.
      const message =
        error instanceof CarrierError && /token|sign-in/.test(error.message)
          ? 'Os Correios recusaram as credenciais do contrato (CORREIOS_*).'
          : 'Os Correios não responderam.';
      throw new ReverseLogisticsError(message, true);
    }
    if (answer.status >= 500 || answer.status === 429) {
      throw new ReverseLogisticsError(
        `Os Correios estão indisponíveis (HTTP ${answer.status}).`,
        true,
      );
    }
    if (answer.status >= 300) {
      throw new ReverseLogisticsError(refusalReason(answer.body, answer.status), false);
    }
    const body = (answer.body ?? {}) as Record<string, unknown>;
    const code = [body.numeroAutorizacao, body.codigoAutorizacao, body.codigoObjeto].find(
      (value): value is string => typeof value === 'string' && value.trim().length >= 3,
    );
    if (!code) {
      throw new ReverseLogisticsError(
        'Os Correios não informaram o código de autorização da postagem.',
        false,
      );
    }
    return {
      authorizationCode: code.trim(),
      trackingCode: typeof body.codigoObjeto === 'string' ? body.codigoObjeto : null,
      labelUrl: null,
      expiresAt: correiosDay(body.dataValidadeLogReversa) ?? validUntil,
      reference: typeof body.id === 'string' ? body.id : null,
    };
  }
}
