// The header search's suggestions from the server's answer: up to two brands whose name answers
// what was typed (accents, case and a typo aside) and the products the server found.
import type { SearchSuggestion } from '../../../components/storefront/SearchBox/SearchBox';
import { formatBRL } from '../../../format';
import { storefrontPaths } from '../../../routes/paths';
import type { SearchSuggestionsQuery } from './HeaderSearch.graphql';

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Edit distance with adjacent swaps (optimal string alignment), for short words. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
      }
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * Whether a brand's name answers what was typed: contains it (accents and case aside), or one of
 * its words begins with one of the typed words give or take a typo (one from 4 letters, two from 7).
 */
export function brandMatches(name: string, query: string): boolean {
  const typed = fold(query).trim();
  if (typed === '') return false;
  const folded = fold(name);
  if (folded.includes(typed)) return true;
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return typed
    .split(/\s+/)
    .filter((token) => token.length >= 4)
    .some((token) => {
      const allowed = token.length >= 7 ? 2 : 1;
      return words.some((word) => editDistance(word.slice(0, token.length), token) <= allowed);
    });
}

export function toSuggestions(data: SearchSuggestionsQuery, query: string): SearchSuggestion[] {
  const brands = data.brands
    .filter((brand) => brandMatches(brand.name, query))
    .slice(0, 2)
    .map((brand): SearchSuggestion => ({
      id: `brand-${brand.id}`,
      kind: 'brand',
      label: brand.name,
      detail: 'Marca',
      href: storefrontPaths.brand(brand.slug),
    }));
  const products = data.products.nodes.map((product): SearchSuggestion => ({
    id: product.id,
    kind: 'product',
    label: product.name,
    detail: `${product.brand.name} · ${formatBRL(product.minPriceCents)}`,
    href: storefrontPaths.product(product.slug),
    imageUrl: product.images[0]?.url ?? null,
  }));
  return [...brands, ...products];
}
