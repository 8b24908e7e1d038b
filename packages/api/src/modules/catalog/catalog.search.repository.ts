// The search's typo corrections: words of a search the catalog's word list lacks, with the
// similar words it has (search_words, kept by the products' trigger; trigram index).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { list, rows } from './catalog.repository';

/** Corrections considered per misspelt word. */
const MAX_CORRECTIONS = 3;

/**
 * Words of the search missing from the catalog's word list, each with up to three similar
 * words that are in it (trigram similarity, index-assisted): 'camizeta' -> ['camiseta'].
 */
export async function similarSearchWords(
  db: Executor,
  tokens: string[],
): Promise<Map<string, string[]>> {
  const corrections = new Map<string, string[]>();
  if (tokens.length === 0) return corrections;
  const result = await rows<{ token: string; word: string }>(
    db,
    sql`SELECT t.token, w.word
        FROM unnest(ARRAY[${list(tokens)}]::text[]) AS t(token)
        CROSS JOIN LATERAL (
          SELECT word FROM search_words
          WHERE word % t.token
          ORDER BY similarity(word, t.token) DESC, word
          LIMIT ${MAX_CORRECTIONS}
        ) w
        WHERE NOT EXISTS (SELECT 1 FROM search_words known WHERE known.word = t.token)`,
  );
  for (const row of result) {
    corrections.set(row.token, [...(corrections.get(row.token) ?? []), row.word]);
  }
  return corrections;
}
