// A dashboard list's state in the URL, described once per screen: one ParamCodec per field (its
// URL word, how a raw value is read, how a value is written, null to leave it out). The codec
// parses a query string into the state (unknown or malformed values fall back to the default),
// writes the state back (defaults left out, fields in the order they are declared, so the plain
// list has a plain URL), and gives the saved views' query of a state. Pure.
import { isDay } from '../period';

export interface ParamCodec<T> {
  /** The URL's word ('q', 'status', 'pagina'...). */
  param: string;
  read(raw: string | null): T;
  /** The URL's value, or null to leave the parameter out. */
  write(value: T): string | null;
}

export type ListFields<S> = { [K in keyof S]-?: ParamCodec<S[K]> };

export interface ListCodec<S> {
  fields: ListFields<S>;
  /** Each field's URL word. */
  params: { [K in keyof S]-?: string };
  /** The state of a URL without parameters. */
  empty: S;
  parse(params: URLSearchParams): S;
  write(state: S): URLSearchParams;
}

function keysOf<S>(fields: ListFields<S>): (keyof S)[] {
  return Object.keys(fields) as (keyof S)[];
}

export function defineListCodec<S>(fields: ListFields<S>): ListCodec<S> {
  const keys = keysOf(fields);
  const parse = (params: URLSearchParams): S =>
    Object.fromEntries(
      keys.map((key) => [key, fields[key].read(params.get(fields[key].param))]),
    ) as S;
  const write = (state: S): URLSearchParams => {
    const params = new URLSearchParams();
    for (const key of keys) {
      const value = fields[key].write(state[key]);
      if (value !== null) params.set(fields[key].param, value);
    }
    return params;
  };
  return {
    fields,
    params: Object.fromEntries(
      keys.map((key) => [key, fields[key].param]),
    ) as ListCodec<S>['params'],
    empty: parse(new URLSearchParams()),
    parse,
    write,
  };
}

function oneOfKeys<T extends string>(values: Record<T, unknown>, raw: string | null): T | null {
  return raw !== null && Object.hasOwn(values, raw) ? (raw as T) : null;
}

/** The field kinds the dashboard's lists use. */
export const listParam = {
  /** Free text (the search): at most `max` characters read, written trimmed, left out empty. */
  text(param: string, max = 100): ParamCodec<string> {
    return {
      param,
      read: (raw) => raw?.slice(0, max) ?? '',
      write: (value) => value.trim() || null,
    };
  },
  /** An id (a brand, a category, a staff member); an empty value is none. */
  id(param: string): ParamCodec<string | null> {
    return { param, read: (raw) => raw || null, write: (value) => value || null };
  },
  /** One of the keys of `values` (labels or URL words), or none. */
  oneOf<T extends string>(param: string, values: Record<T, unknown>): ParamCodec<T | null> {
    return { param, read: (raw) => oneOfKeys(values, raw), write: (value) => value };
  },
  /** A value shown in the URL by its own word (`words[value]`), or none. */
  worded<T extends string>(param: string, words: Record<T, string>): ParamCodec<T | null> {
    const entries = Object.entries(words) as [T, string][];
    return {
      param,
      read: (raw) => entries.find(([, word]) => word === raw)?.[0] ?? null,
      write: (value) => (value ? words[value] : null),
    };
  },
  /** The sort: one of `values`, the default left out of the URL. */
  sort<T extends string>(
    param: string,
    values: Record<T, unknown>,
    fallback: NoInfer<T>,
  ): ParamCodec<T> {
    return {
      param,
      read: (raw) => oneOfKeys(values, raw) ?? fallback,
      write: (value) => (value === fallback ? null : value),
    };
  },
  /** A yes/no filter: '1' when on, left out when off. */
  flag(param: string): ParamCodec<boolean> {
    return { param, read: (raw) => raw === '1', write: (value) => (value ? '1' : null) };
  },
  /** A day, YYYY-MM-DD (a real calendar day), or none. */
  day(param: string): ParamCodec<string | null> {
    return {
      param,
      read: (raw) => (raw !== null && isDay(raw) ? raw : null),
      write: (value) => value,
    };
  },
  /** Whole centavos (at most 9 digits), or none. */
  cents(param: string): ParamCodec<number | null> {
    return {
      param,
      read: (raw) => (raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null),
      write: (value) => (value === null ? null : String(value)),
    };
  },
  /** The page, 0-based in the state and 1-based in the URL ('pagina'), up to `max`. */
  page(max: number, param = 'pagina'): ParamCodec<number> {
    return {
      param,
      read: (raw) => {
        const page = Number(raw);
        return Number.isInteger(page) && page >= 1 && page <= max ? page - 1 : 0;
      },
      write: (value) => (value > 0 ? String(value + 1) : null),
    };
  },
  /** The page size: one of `sizes`, the default left out ('por'). */
  pageSize(sizes: readonly number[], fallback: number, param = 'por'): ParamCodec<number> {
    return {
      param,
      read: (raw) => {
        const size = Number(raw);
        return sizes.includes(size) ? size : fallback;
      },
      write: (value) => (value === fallback ? null : String(value)),
    };
  },
};

/** The `first` and `offset` of a page query. */
export function pageVariables(state: { page: number; pageSize: number }) {
  return { first: state.pageSize, offset: state.page * state.pageSize };
}

export interface SavedViewQueries<S> {
  /** A saved view's query: the list's parameters without the page and the scope. */
  query(state: S): string;
  /** The state a saved view opens: its query, in the current scope, on the first page. */
  apply(query: string, current: S): S;
  /** Whether the state shows exactly what `query` describes (to mark the current view). */
  isActive(query: string, state: S): boolean;
}

/**
 * Saved views of a list whose state has a page: `scope` names the fields a view neither keeps nor
 * changes (the brand scope), which stay as they are when a view is opened.
 */
export function savedViewQueries<S extends { page: number }>(
  codec: ListCodec<S>,
  scope: readonly (keyof S)[] = [],
): SavedViewQueries<S> {
  const left: (keyof S)[] = ['page', ...scope];
  const query = (state: S) => {
    const plain = { ...state };
    for (const key of left) plain[key] = codec.empty[key];
    return codec.write(plain).toString();
  };
  const apply = (viewQuery: string, current: S) => {
    const params = new URLSearchParams(viewQuery);
    for (const key of left) params.delete(codec.params[key]);
    const state = codec.parse(params);
    for (const key of scope) state[key] = current[key];
    return state;
  };
  return {
    query,
    apply,
    isActive: (viewQuery, state) => query(apply(viewQuery, state)) === query(state),
  };
}
