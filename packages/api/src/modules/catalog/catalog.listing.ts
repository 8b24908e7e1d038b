// Pure parts of the product listing: input limits, search tokens, opaque cursors, facet ordering.
import {
  checkCursorSort,
  checkProductsPageSize,
  foldText,
  invalidCursor,
  PAGING_LIMITS,
  type RuleResult,
} from '@vitrine/rules';
import { badUserInput } from '../../graphql/errors';

export type ProductSortKey = 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'NEWEST' | 'NAME';

export interface ProductFilterInput {
  brandSlugs?: string[] | null;
  categorySlug?: string | null;
  search?: string | null;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
  inStock?: boolean | null;
  sizes?: string[] | null;
  colors?: string[] | null;
  featured?: boolean | null;
  published?: boolean | null;
}

/** A validated filter: empty lists and blank strings already removed. */
export interface ProductFilter {
  brandSlugs: string[];
  categorySlug: string | null;
  searchTokens: string[];
  searchText: string | null;
  /**
   * to_tsquery text: every word (or one of its typo corrections) must match, e.g.
   * "(camizeta | camiseta) & algodao". Set by the service after looking up corrections.
   */
  searchMatch: string | null;
  /** to_tsquery text for ranking: any of the words or corrections. */
  searchRank: string | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  inStock: boolean;
  sizes: string[];
  colors: string[];
  /** null: any; true/false: only featured ("Destaques") or only not featured products. */
  featured: boolean | null;
  /** null: both (staff); true: only published (always, publicly). */
  published: boolean | null;
  /** Staff limited to some brands (BRAND_MANAGER); null means every brand. */
  brandIdScope: string[] | null;
  /** The storefront: products of inactive brands are hidden. */
  activeBrandsOnly: boolean;
}

export const DEFAULT_PAGE_SIZE = PAGING_LIMITS.productsDefault;
export const MAX_PAGE_SIZE = PAGING_LIMITS.productsPage;
const MAX_LIST_ITEMS = 50;
const MAX_SEARCH_LENGTH = 100;
const MAX_SEARCH_TOKENS = 8;

export function pageSize(first: number | null | undefined): number {
  return ruledPage(checkProductsPageSize(first));
}

/** The rule's value, or its refusal thrown as BAD_USER_INPUT on its field. */
function ruledPage<T>(result: RuleResult<T>): T {
  if (!result.ok) throw badUserInput(result.issue.message, result.issue.field);
  return result.value;
}

/** Lower case, no accents: what the database compares against vt_unaccent(lower(...)). */
export { foldText };

/** Words of a search, safe to splice into to_tsquery (letters and digits only). */
export function searchTokens(search: string): string[] {
  const words = foldText(search)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_TOKENS);
}

function cleanList(values: string[] | null | undefined, field: string): string[] {
  if (!values) return [];
  if (values.length > MAX_LIST_ITEMS) {
    throw badUserInput(`${field} aceita no máximo ${MAX_LIST_ITEMS} valores.`, field);
  }
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

function price(value: number | null | undefined, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (value < 0) throw badUserInput(`${field} não pode ser negativo.`, field);
  return value;
}

export function normalizeFilter(
  input: ProductFilterInput | null | undefined,
  scope: { publicOnly: boolean; brandIdScope: string[] | null },
): ProductFilter {
  const search = input?.search?.trim() ?? '';
  if (search.length > MAX_SEARCH_LENGTH) {
    throw badUserInput(
      `A busca aceita no máximo ${MAX_SEARCH_LENGTH} caracteres.`,
      'filter.search',
    );
  }
  const minPriceCents = price(input?.minPriceCents, 'filter.minPriceCents');
  const maxPriceCents = price(input?.maxPriceCents, 'filter.maxPriceCents');
  if (minPriceCents !== null && maxPriceCents !== null && minPriceCents > maxPriceCents) {
    throw badUserInput(
      'O preço mínimo não pode ser maior que o preço máximo.',
      'filter.minPriceCents',
    );
  }
  const tokens = search ? searchTokens(search) : [];
  return {
    brandSlugs: cleanList(input?.brandSlugs, 'filter.brandSlugs'),
    categorySlug: input?.categorySlug?.trim() || null,
    searchTokens: tokens,
    searchText: tokens.length > 0 ? tokens.join(' ') : null,
    ...searchQueries(tokens, new Map()),
    minPriceCents,
    maxPriceCents,
    inStock: input?.inStock === true,
    sizes: cleanList(input?.sizes, 'filter.sizes'),
    colors: cleanList(input?.colors, 'filter.colors'),
    featured: input?.featured ?? null,
    published: scope.publicOnly ? true : (input?.published ?? null),
    brandIdScope: scope.brandIdScope,
    activeBrandsOnly: scope.publicOnly,
  };
}

/** Words too common to be worth correcting ("para" is not a typo of "pera"). */
const NOT_CORRECTED = new Set(['para', 'como', 'pela', 'pelo', 'mais', 'muito', 'sobre', 'entre']);

/** Search words long enough to be misspelt and worth a look-up in the word list. */
export function correctableTokens(tokens: string[]): string[] {
  return tokens.filter(
    (token) => token.length >= 4 && !/^\d+$/.test(token) && !NOT_CORRECTED.has(token),
  );
}

/** Builds the full-text queries from the words and their corrections (all [a-z0-9]+). */
export function searchQueries(
  tokens: string[],
  corrections: Map<string, string[]>,
): { searchMatch: string | null; searchRank: string | null } {
  if (tokens.length === 0) return { searchMatch: null, searchRank: null };
  const alternatives = tokens.map((token) => [token, ...(corrections.get(token) ?? [])]);
  return {
    searchMatch: alternatives.map((words) => `(${words.join(' | ')})`).join(' & '),
    searchRank: alternatives.flat().join(' | '),
  };
}

/** RELEVANCE only means something with a search; otherwise the newest come first. */
export function effectiveSort(
  sort: ProductSortKey | null | undefined,
  filter: ProductFilter,
): ProductSortKey {
  const hasSearch = filter.searchText !== null;
  if (!sort) return hasSearch ? 'RELEVANCE' : 'NEWEST';
  if (sort === 'RELEVANCE' && !hasSearch) return 'NEWEST';
  return sort;
}

export interface Cursor {
  sort: ProductSortKey;
  /** The sort column's value of the last row (text, number or ISO timestamp with microseconds). */
  key: string | number;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string, sort: ProductSortKey): Cursor {
  const invalid = () => {
    const { issue } = invalidCursor();
    return badUserInput(issue.message, issue.field);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [cursorSort, key, id] = parsed as unknown[];
  ruledPage(checkCursorSort(cursorSort, sort));
  if (typeof id !== 'string' || !UUID.test(id)) throw invalid();
  const numeric = sort === 'RELEVANCE' || sort === 'PRICE_ASC' || sort === 'PRICE_DESC';
  if (numeric ? typeof key !== 'number' || !Number.isFinite(key) : typeof key !== 'string') {
    throw invalid();
  }
  if (sort === 'NEWEST' && Number.isNaN(Date.parse(key as string))) throw invalid();
  return { sort, key: key as string | number, id };
}

const CLOTHING_SIZES = ['PP', 'P', 'M', 'G', 'GG', 'XG', 'XGG', 'EG', 'EGG'];

/** Clothing sizes in wearing order, then numeric sizes ascending, then the rest alphabetically. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string): [number, number, string] => {
    const clothing = CLOTHING_SIZES.indexOf(size.toUpperCase());
    if (clothing >= 0) return [0, clothing, ''];
    const numeric = Number(size.replace(',', '.'));
    if (Number.isFinite(numeric)) return [1, numeric, ''];
    return [2, 0, foldText(size)];
  };
  const [ga, na, sa] = rank(a);
  const [gb, nb, sb] = rank(b);
  return ga - gb || na - nb || sa.localeCompare(sb);
}

/**
 * A filter's counted refinement (migration 0051): one size, one colour, or one size and one
 * colour together (a variant of both), with the counts' row that lists its products.
 */
export interface Refinement {
  kind: 'size' | 'color' | 'size_color';
  /** The counts' value: the size, the colour, or the pair (size, chr(31), colour). */
  value: string;
  size: string | null;
  color: string | null;
}

/** The one size, the one colour, or the one of each the filter is refined by; null otherwise. */
export function countedRefinement(filter: ProductFilter): Refinement | null {
  if (filter.sizes.length > 1 || filter.colors.length > 1) return null;
  const size = filter.sizes[0] ?? null;
  const color = filter.colors[0] ?? null;
  if (size !== null && color !== null) {
    return { kind: 'size_color', value: `${size}\u001f${color}`, size, color };
  }
  if (size !== null) return { kind: 'size', value: size, size, color: null };
  if (color !== null) return { kind: 'color', value: color, size: null, color };
  return null;
}

/**
 * A filter's counted refinement by two values or more of one facet (migration 0054): sizes M and
 * G, colours Azul and Preto, with at most one value of the other facet (M and G in Preto).
 */
export interface SetRefinement {
  /** The facet with several values chosen. */
  facet: 'size' | 'color';
  values: string[];
  /** The one value chosen of the other facet; null when none is. */
  other: string | null;
}

/** The filter's refinement by several sizes (or colours) and at most one of the other; or null. */
export function countedSetRefinement(filter: ProductFilter): SetRefinement | null {
  if (filter.sizes.length > 1 && filter.colors.length <= 1) {
    return { facet: 'size', values: filter.sizes, other: filter.colors[0] ?? null };
  }
  if (filter.colors.length > 1 && filter.sizes.length <= 1) {
    return { facet: 'color', values: filter.colors, other: filter.sizes[0] ?? null };
  }
  return null;
}

/** Whether the filter names a price (either bound). */
export function priced(filter: ProductFilter): boolean {
  return filter.minPriceCents !== null || filter.maxPriceCents !== null;
}

/** Whether the filter names a size, a colour or a price: what the counts can rule out. */
export function refined(filter: ProductFilter): boolean {
  return filter.sizes.length + filter.colors.length > 0 || priced(filter);
}
