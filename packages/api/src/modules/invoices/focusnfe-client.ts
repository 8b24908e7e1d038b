// Focus NFe's REST API v2 (https://focusnfe.com.br/doc/), the NF-e subset: POST /v2/nfe?ref=REF
// with the JSON (202, processando_autorizacao), GET /v2/nfe/REF (processando_autorizacao,
// autorizado with chave_nfe, protocolo, caminho_danfe and caminho_xml_nota_fiscal,
// erro_autorizacao with status_sefaz and mensagem_sefaz, cancelado), DELETE /v2/nfe/REF
// {justificativa} and POST /v2/nfe/REF/carta_correcao {correcao}. HTTP Basic with the token as the
// user and an empty password. Its paths (caminho_*) are on the API's host. Its errors are
// {codigo, mensagem}; a 5xx, 429 or a network failure is UNAVAILABLE (retried).
import {
  InvoiceProviderError,
  type InvoiceProvider,
  type ProviderCancellation,
  type ProviderCorrection,
  type ProviderInvoice,
  type ProviderInvoiceStatus,
} from './provider';
import type { NfePayload } from './payload';

export interface FocusNfeClientOptions {
  /** https://homologacao.focusnfe.com.br or https://api.focusnfe.com.br (or the stand-in). */
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Answer {
  status: number;
  parsed: unknown;
  text: string;
}

const STATUS: Record<string, ProviderInvoiceStatus> = {
  processando_autorizacao: 'PROCESSING',
  autorizado: 'AUTHORIZED',
  erro_autorizacao: 'REJECTED',
  denegado: 'REJECTED',
  cancelado: 'CANCELED',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

export class FocusNfeClient implements InvoiceProvider {
  readonly name = 'focusnfe';
  private readonly baseUrl: string;

  constructor(private readonly options: FocusNfeClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async issue(payload: NfePayload, ref: string): Promise<ProviderInvoice> {
    const answer = await this.call('POST', `/v2/nfe?ref=${encodeURIComponent(ref)}`, payload);
    // A ref already sent (a retry after a timeout): its state is what counts.
    if (answer.status === 422 && this.codeOf(answer) === 'already_processed')
      return this.status(ref);
    if (answer.status !== 201 && answer.status !== 202 && answer.status !== 200) {
      throw this.errorOf(answer);
    }
    return this.invoiceOf(answer.parsed, ref);
  }

  async status(ref: string): Promise<ProviderInvoice> {
    const answer = await this.call('GET', `/v2/nfe/${encodeURIComponent(ref)}?completa=0`);
    if (answer.status !== 200) throw this.errorOf(answer);
    return this.invoiceOf(answer.parsed, ref);
  }

  async cancel(ref: string, reason: string): Promise<ProviderCancellation> {
    const answer = await this.call('DELETE', `/v2/nfe/${encodeURIComponent(ref)}`, {
      justificativa: reason,
    });
    if (answer.status !== 200) throw this.errorOf(answer);
    const body = isRecord(answer.parsed) ? answer.parsed : {};
    if (body.status !== 'cancelado') throw this.sefazRefusal(body, 'O cancelamento foi recusado');
    return { protocol: text(body.protocolo) ?? text(body.numero_protocolo) };
  }

  async correct(ref: string, correction: string): Promise<ProviderCorrection> {
    const answer = await this.call('POST', `/v2/nfe/${encodeURIComponent(ref)}/carta_correcao`, {
      correcao: correction,
    });
    if (answer.status !== 200 && answer.status !== 201) throw this.errorOf(answer);
    const body = isRecord(answer.parsed) ? answer.parsed : {};
    if (body.status !== 'autorizado')
      throw this.sefazRefusal(body, 'A carta de correção foi recusada');
    const sequence = Number(body.numero_carta_correcao);
    if (!Number.isInteger(sequence) || sequence < 1) {
      throw new InvoiceProviderError('BAD_RESPONSE', 'Resposta da carta de correção sem o número.');
    }
    return { sequence, protocol: text(body.protocolo_carta_correcao) ?? text(body.protocolo) };
  }

  async download(url: string): Promise<Uint8Array> {
    const response = await this.fetchRaw(url, { method: 'GET', headers: this.headers() });
    if (response.status !== 200) {
      throw new InvoiceProviderError(
        response.status >= 500 || response.status === 429 ? 'UNAVAILABLE' : 'NOT_FOUND',
        `O provedor não entregou o arquivo (HTTP ${response.status}).`,
        response.status,
      );
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  /** A caminho_* of the API (a path on its host) as an absolute URL. */
  private absolute(path: string | null): string | null {
    if (!path) return null;
    if (/^https?:\/\//.test(path)) return path;
    return `${new URL(this.baseUrl).origin}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  private invoiceOf(parsed: unknown, ref: string): ProviderInvoice {
    if (!isRecord(parsed) || typeof parsed.status !== 'string' || !STATUS[parsed.status]) {
      throw new InvoiceProviderError('BAD_RESPONSE', 'Resposta do provedor de NF-e sem status.');
    }
    const series = Number(parsed.serie);
    const number = Number(parsed.numero);
    return {
      ref: text(parsed.ref) ?? ref,
      status: STATUS[parsed.status]!,
      accessKey: text(parsed.chave_nfe)?.replace(/^NFe/, '') ?? null,
      protocol: text(parsed.protocolo),
      series: Number.isInteger(series) && parsed.serie !== undefined ? series : null,
      number: Number.isInteger(number) && number > 0 ? number : null,
      sefazCode: text(parsed.status_sefaz),
      sefazMessage: text(parsed.mensagem_sefaz),
      danfeUrl: this.absolute(text(parsed.caminho_danfe)),
      xmlUrl: this.absolute(text(parsed.caminho_xml_nota_fiscal)),
    };
  }

  private sefazRefusal(body: Record<string, unknown>, what: string): InvoiceProviderError {
    const code = text(body.status_sefaz);
    const message = text(body.mensagem_sefaz) ?? text(body.mensagem) ?? 'sem motivo informado';
    return new InvoiceProviderError(
      'REJECTED_REQUEST',
      `${what} pela SEFAZ${code ? ` (${code})` : ''}: ${message}`,
    );
  }

  private codeOf(answer: Answer): string | null {
    return isRecord(answer.parsed) ? text(answer.parsed.codigo) : null;
  }

  private errorOf(answer: Answer): InvoiceProviderError {
    const body = isRecord(answer.parsed) ? answer.parsed : {};
    const detail = text(body.mensagem) ?? (answer.text.slice(0, 300) || `HTTP ${answer.status}`);
    const erros = Array.isArray(body.erros)
      ? body.erros
          .map((e) => (isRecord(e) ? text(e.mensagem) : null))
          .filter((m): m is string => m !== null)
      : [];
    const message = [detail, ...erros].join(' ');
    if (answer.status === 401 || answer.status === 403) {
      return new InvoiceProviderError(
        'UNAUTHORIZED',
        `O provedor de NF-e recusou o token (NFE_API_TOKEN): ${message}`,
        answer.status,
      );
    }
    if (answer.status === 404) return new InvoiceProviderError('NOT_FOUND', message, 404);
    if (answer.status === 429 || answer.status >= 500) {
      return new InvoiceProviderError(
        'UNAVAILABLE',
        `Provedor de NF-e indisponível (HTTP ${answer.status}): ${message}`,
        answer.status,
      );
    }
    return new InvoiceProviderError('REJECTED_REQUEST', message, answer.status);
  }

  private headers(): Record<string, string> {
    const basic = Buffer.from(`${this.options.token}:`).toString('base64');
    return { Authorization: `Basic ${basic}`, Accept: 'application/json' };
  }

  private async fetchRaw(url: string, init: RequestInit): Promise<Response> {
    const doFetch = this.options.fetch ?? fetch;
    try {
      return await doFetch(url, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new InvoiceProviderError(
        'UNAVAILABLE',
        `Provedor de NF-e fora do ar: ${error instanceof Error ? error.message : String(error)}`,
        null,
        { cause: error },
      );
    }
  }

  private async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await this.fetchRaw(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...this.headers(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const raw = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, parsed, text: raw };
  }
}
