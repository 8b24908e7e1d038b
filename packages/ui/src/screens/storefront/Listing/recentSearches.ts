// The searches a shopper made on this device, latest first, for the phone's search sheet: kept in
// localStorage (nothing leaves the device), at most RECENT_SEARCHES_MAX, the same words typed
// again (case, accents and spaces aside) moved to the top rather than repeated, and forgotten by
// the sheet's "Limpar".
export const RECENT_SEARCHES_KEY = 'vitrine.recentSearches';
export const RECENT_SEARCHES_MAX = 8;
/** Longer words than this are not kept (a pasted paragraph is not a search to repeat). */
const MAX_LENGTH = 100;

function deviceStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser's privacy settings
  }
}

function sameSearch(a: string, b: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  return fold(a) === fold(b);
}

/** The recent searches, latest first; none when storage is blocked or holds something else. */
export function readRecentSearches(storage: Storage | null = deviceStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}

function write(storage: Storage | null, searches: string[]): void {
  try {
    if (searches.length === 0) storage?.removeItem(RECENT_SEARCHES_KEY);
    else storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(searches));
  } catch {
    // Full or blocked storage: the search itself goes on; it is only not remembered.
  }
}

/** Puts `query` first (once); returns the list as kept. */
export function rememberSearch(query: string, storage: Storage | null = deviceStorage()): string[] {
  const words = query.replace(/\s+/g, ' ').trim();
  const earlier = readRecentSearches(storage);
  if (words === '' || words.length > MAX_LENGTH) return earlier;
  const searches = [words, ...earlier.filter((item) => !sameSearch(item, words))].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
  write(storage, searches);
  return searches;
}

/** Forgets every recent search. */
export function clearRecentSearches(storage: Storage | null = deviceStorage()): void {
  write(storage, []);
}
