import { beforeEach, describe, expect, it } from 'vitest';

import {
  clearRecentSearches,
  readRecentSearches,
  rememberSearch,
  RECENT_SEARCHES_KEY,
  RECENT_SEARCHES_MAX,
} from './recentSearches';

beforeEach(() => {
  window.localStorage.clear();
});

describe('recent searches', () => {
  it('keeps the latest search first, on the device', () => {
    rememberSearch('camiseta');
    rememberSearch('tênis de trilha');
    expect(readRecentSearches()).toEqual(['tênis de trilha', 'camiseta']);
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual([
      'tênis de trilha',
      'camiseta',
    ]);
  });

  it('moves the same words typed again to the top instead of repeating them', () => {
    rememberSearch('Tênis  de trilha');
    rememberSearch('bolsa');
    expect(rememberSearch(' tenis de TRILHA ')).toEqual(['tenis de TRILHA', 'bolsa']);
  });

  it(`keeps at most ${RECENT_SEARCHES_MAX}`, () => {
    for (let index = 1; index <= 11; index += 1) rememberSearch(`busca ${index}`);
    const kept = readRecentSearches();
    expect(kept).toHaveLength(RECENT_SEARCHES_MAX);
    expect(kept[0]).toBe('busca 11');
    expect(kept.at(-1)).toBe('busca 4');
  });

  it('ignores empty and overlong words', () => {
    rememberSearch('camiseta');
    expect(rememberSearch('   ')).toEqual(['camiseta']);
    expect(rememberSearch('x'.repeat(101))).toEqual(['camiseta']);
  });

  it('forgets them all', () => {
    rememberSearch('camiseta');
    clearRecentSearches();
    expect(readRecentSearches()).toEqual([]);
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('reads nothing from a damaged entry and keeps only words from a list', () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify({ q: 'camiseta' }));
    expect(readRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['bolsa', 3, '', null]));
    expect(readRecentSearches()).toEqual(['bolsa']);
  });

  it('goes on without remembering when storage is blocked or full', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    expect(readRecentSearches(blocked)).toEqual([]);
    expect(rememberSearch('camiseta', blocked)).toEqual(['camiseta']);
    expect(readRecentSearches(null)).toEqual([]);
  });
});
