import type { MailStatus } from '../../../graphql/generated';
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

export const EMPTY_MAIL_STATE: MailListState = {
  status: null,
  search: '',
  page: 0,
  pageSize: DEFAULT_MAIL_PAGE_SIZE,
};

export function parseMailParams(params: URLSearchParams): MailListState {
  const status = params.get('status');
  const page = Number(params.get('pagina'));
  const pageSize = Number(params.get('por'));
  return {
    status:
      status !== null && Object.hasOwn(MAIL_STATUS_LABELS, status) ? (status as MailStatus) : null,
    search: params.get('q')?.slice(0, 100) ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= 400 ? page - 1 : 0,
    pageSize: (MAIL_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_MAIL_PAGE_SIZE,
  };
}

export function mailParams(state: MailListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status) params.set('status', state.status);
  const search = state.search.trim();
  if (search) params.set('q', search);
  if (state.page > 0) params.set('pagina', String(state.page + 1));
  if (state.pageSize !== DEFAULT_MAIL_PAGE_SIZE) params.set('por', String(state.pageSize));
  return params;
}

export function mailVariables(state: MailListState) {
  const search = state.search.trim();
  return {
    filter: {
      ...(state.status ? { status: state.status } : {}),
      ...(search ? { search } : {}),
    },
    first: state.pageSize,
    offset: state.page * state.pageSize,
  };
}

export function hasMailFilters(state: MailListState): boolean {
  return Boolean(state.status || state.search.trim());
}
