// Saved list views of a staff member: a name and the list's URL query (filters, sort, search),
// kept on the server so they follow the person to any browser. Only the owner sees or deletes one.
import type { Database } from '../../db';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import {
  countSavedViews,
  deleteOwnSavedView,
  insertSavedView,
  listSavedViews,
  lockStaffViews,
  savedViewNameTaken,
} from './views.repository';
import { savedViewScreens, type SavedViewRow, type SavedViewScreen } from './views.tables';

export const NAME_MAX = 60;
export const QUERY_MAX = 2000;
/** Views per staff member and screen. */
export const MAX_VIEWS = 50;
export const DUPLICATE_NAME_MESSAGE = 'Já existe uma visão com esse nome.';
export const VIEW_NOT_FOUND_MESSAGE = 'Visão não encontrada.';

export interface SavedViewInput {
  screen: SavedViewScreen;
  name: string;
  query: string;
}

function checkScreen(screen: string): SavedViewScreen {
  if (!(savedViewScreens as readonly string[]).includes(screen)) {
    throw badUserInput('Tela inválida.', 'screen');
  }
  return screen as SavedViewScreen;
}

function cleanName(value: string): string {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name === '') throw badUserInput('Dê um nome à visão.', 'name');
  if (name.length > NAME_MAX) {
    throw badUserInput(`O nome pode ter no máximo ${NAME_MAX} caracteres.`, 'name');
  }
  return name;
}

/**
 * The list's query string as the URL carries it ('status=PAID&ordem=OLDEST'), a leading '?'
 * dropped: no fragment, no spaces or control characters, every percent escape well formed.
 */
export function cleanQuery(value: string): string {
  const query = value.trim().replace(/^\?/, '');
  const invalid = () =>
    badUserInput('Filtros inválidos: salve a visão a partir da lista.', 'query');
  if (query.length > QUERY_MAX) {
    throw badUserInput(`Os filtros podem ter no máximo ${QUERY_MAX} caracteres.`, 'query');
  }
  // eslint-disable-next-line no-control-regex
  if (/[#\s\u0000-\u001f\u007f]/.test(query)) throw invalid();
  for (const part of query.split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw invalid();
    }
  }
  try {
    new URLSearchParams(query);
  } catch {
    throw invalid();
  }
  return query;
}

export function savedViewsOf(
  db: Database,
  staffId: string,
  screen: string,
): Promise<SavedViewRow[]> {
  return listSavedViews(db, staffId, checkScreen(screen));
}

export async function createSavedView(
  db: Database,
  staffId: string,
  input: SavedViewInput,
): Promise<SavedViewRow> {
  const screen = checkScreen(input.screen);
  const name = cleanName(input.name);
  const query = cleanQuery(input.query);
  return db.transaction(async (tx) => {
    await lockStaffViews(tx, staffId);
    if (await savedViewNameTaken(tx, staffId, screen, name)) {
      throw badUserInput(DUPLICATE_NAME_MESSAGE, 'name');
    }
    if ((await countSavedViews(tx, staffId, screen)) >= MAX_VIEWS) {
      throw badUserInput(
        `Você já tem ${MAX_VIEWS} visões salvas nesta tela: apague uma para salvar outra.`,
        'name',
      );
    }
    return insertSavedView(tx, { staffId, screen, name, query });
  });
}

/** Another staff member's view answers as a missing one: its existence is not revealed. */
export async function deleteSavedView(db: Database, staffId: string, id: string): Promise<true> {
  if (!isUuid(id) || !(await deleteOwnSavedView(db, staffId, id))) {
    throw notFound(VIEW_NOT_FOUND_MESSAGE);
  }
  return true;
}
