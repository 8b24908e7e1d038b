// A staff member's saved list view (savedViewCreate: a name and the list's URL query), once for
// the server, the dashboard's Salvar visão dialog and the ui's mocks: the screen, the name and the
// query, each refusal in the server's Portuguese words on its field, in the server's order; then
// the store's answers (a name taken on the screen, the most views a screen keeps).
import type { RuleIssue, RuleResult } from './variant';
import { ruleRefusal as refuse } from './rule';

export const SAVED_VIEW_SCREENS = ['ORDERS', 'PRODUCTS'] as const;
export type SavedViewScreenName = (typeof SAVED_VIEW_SCREENS)[number];

export const SAVED_VIEW_LIMITS = {
  name: 60,
  query: 2000,
  /** Views per staff member and screen. */
  views: 50,
} as const;

const L = SAVED_VIEW_LIMITS;

export const SAVED_VIEW_MESSAGES = {
  screen: 'Tela inválida.',
  nameEmpty: 'Dê um nome à visão.',
  nameTooLong: `O nome pode ter no máximo ${L.name} caracteres.`,
  query: 'Filtros inválidos: salve a visão a partir da lista.',
  queryTooLong: `Os filtros podem ter no máximo ${L.query} caracteres.`,
  nameTaken: 'Já existe uma visão com esse nome.',
  tooMany: `Você já tem ${L.views} visões salvas nesta tela: apague uma para salvar outra.`,
  notFound: 'Visão não encontrada.',
} as const;

const M = SAVED_VIEW_MESSAGES;

/** A list screen that keeps views, or the refusal on 'screen'. */
export function checkSavedViewScreen(screen: string): RuleResult<SavedViewScreenName> {
  const known = SAVED_VIEW_SCREENS.find((name) => name === screen);
  return known ? { ok: true, value: known } : refuse('screen', M.screen);
}

/** A view's name: trimmed, its runs of spaces one space, 1 to 60 characters. On 'name'. */
export function checkSavedViewName(value: string): RuleResult<string> {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name === '') return refuse('name', M.nameEmpty);
  if (name.length > L.name) return refuse('name', M.nameTooLong);
  return { ok: true, value: name };
}

/** The web's URLSearchParams, global in Node and in browsers alike (the rules have neither's types). */
const SearchParams = (globalThis as unknown as { URLSearchParams: new (query: string) => unknown })
  .URLSearchParams;

/**
 * The list's query string as the URL carries it ('status=PAID&ordem=OLDEST'), a leading '?'
 * dropped: at most 2000 characters, no fragment, no spaces or control characters, every percent
 * escape well formed. On 'query'.
 */
export function checkSavedViewQuery(value: string): RuleResult<string> {
  const query = value.trim().replace(/^\?/, '');
  if (query.length > L.query) return refuse('query', M.queryTooLong);
  // eslint-disable-next-line no-control-regex
  if (/[#\s\u0000-\u001f\u007f]/.test(query)) return refuse('query', M.query);
  try {
    for (const part of query.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
    new SearchParams(query);
  } catch {
    return refuse('query', M.query);
  }
  return { ok: true, value: query };
}

/** A new view's input (savedViewCreate): the screen, the name, then the query. */
export function checkSavedViewInput(input: {
  screen: string;
  name: string;
  query: string;
}): RuleResult<{ screen: SavedViewScreenName; name: string; query: string }> {
  const screen = checkSavedViewScreen(input.screen);
  if (!screen.ok) return screen;
  const name = checkSavedViewName(input.name);
  if (!name.ok) return name;
  const query = checkSavedViewQuery(input.query);
  if (!query.ok) return query;
  return { ok: true, value: { screen: screen.value, name: name.value, query: query.value } };
}

/**
 * What the store says to a new view (null: it is kept): the name taken on the screen (any case),
 * then a screen that keeps 50 views already. On 'name'.
 */
export function savedViewStoreRefusal(nameTaken: boolean, viewsOnScreen: number): RuleIssue | null {
  if (nameTaken) return { field: 'name', message: M.nameTaken };
  return viewsOnScreen >= L.views ? { field: 'name', message: M.tooMany } : null;
}
