// Saved list views of a staff member: a name and the list's URL query (filters, sort, search),
// kept on the server so they follow the person to any browser. Only the owner sees or deletes one.
import type { Database } from '../../db';
import {
  checkSavedViewInput,
  checkSavedViewQuery,
  checkSavedViewScreen,
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_MESSAGES,
  savedViewStoreRefusal,
  type RuleResult,
} from '@vitrine/rules';
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
import type { SavedViewRow, SavedViewScreen } from './views.tables';

export const NAME_MAX = SAVED_VIEW_LIMITS.name;
export const QUERY_MAX = SAVED_VIEW_LIMITS.query;
/** Views per staff member and screen. */
export const MAX_VIEWS = SAVED_VIEW_LIMITS.views;
export const DUPLICATE_NAME_MESSAGE = SAVED_VIEW_MESSAGES.nameTaken;
export const VIEW_NOT_FOUND_MESSAGE = SAVED_VIEW_MESSAGES.notFound;

export interface SavedViewInput {
  screen: SavedViewScreen;
  name: string;
  query: string;
}

/** A rule's value (@vitrine/rules views.input), or its refusal thrown as BAD_USER_INPUT. */
function ruled<T>(result: RuleResult<T>): T {
  if (!result.ok) throw badUserInput(result.issue.message, result.issue.field);
  return result.value;
}

/**
 * The list's query string as the URL carries it ('status=PAID&ordem=OLDEST'), a leading '?'
 * dropped (@vitrine/rules checkSavedViewQuery).
 */
export function cleanQuery(value: string): string {
  return ruled(checkSavedViewQuery(value));
}

export function savedViewsOf(
  db: Database,
  staffId: string,
  screen: string,
): Promise<SavedViewRow[]> {
  return listSavedViews(db, staffId, ruled(checkSavedViewScreen(screen)));
}

export async function createSavedView(
  db: Database,
  staffId: string,
  input: SavedViewInput,
): Promise<SavedViewRow> {
  const { screen, name, query } = ruled(checkSavedViewInput(input));
  return db.transaction(async (tx) => {
    await lockStaffViews(tx, staffId);
    // The store's answers (@vitrine/rules savedViewStoreRefusal): the name, then the count.
    const taken = await savedViewNameTaken(tx, staffId, screen, name);
    const count = taken ? 0 : await countSavedViews(tx, staffId, screen);
    const refusal = savedViewStoreRefusal(taken, count);
    if (refusal) throw badUserInput(refusal.message, refusal.field);
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
