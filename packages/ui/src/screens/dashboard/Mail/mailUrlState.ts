import type { MailStatus } from '../../../graphql/generated';
import { defineListCodec, listParam, pageVariables } from '../shared/list';
// The outbox's state lives in the URL: status, q, pagina, por. Pure.
export type { MailStatus };

/** What happened to a message, as the server knows it (a mail is "Enviado" only when it was). */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  SENT: 'Enviado',
  PENDING: 'Na fila',
  FAILED: 'Falhou',
  NOT_CONFIGURED: 'Não configurado',
};

export const MAIL_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_MAIL_PAGE_SIZE = 25;

export interface MailListState {
  status: MailStatus | null;
  search: string;
  page: number;
  pageSize: number;
}

export const mailCodec = defineListCodec<MailListState>({
  status: listParam.oneOf('status', MAIL_STATUS_LABELS),
  search: listParam.text('q'),
  page: listParam.page(400),
  pageSize: listParam.pageSize(MAIL_PAGE_SIZES, DEFAULT_MAIL_PAGE_SIZE),
});

export const EMPTY_MAIL_STATE: MailListState = mailCodec.empty;
export const parseMailParams = mailCodec.parse;
export const mailParams = mailCodec.write;

export function mailVariables(state: MailListState) {
  const search = state.search.trim();
  return {
    filter: {
      ...(state.status ? { status: state.status } : {}),
      ...(search ? { search } : {}),
    },
    ...pageVariables(state),
  };
}

export function hasMailFilters(state: MailListState): boolean {
  return Boolean(state.status || state.search.trim());
}
