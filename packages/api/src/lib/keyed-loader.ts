// Per-request batching for GraphQL field resolvers (catalog, orders and others batch their loads).
import DataLoader from 'dataloader';

/**
 * A DataLoader over a fetch that answers with a Map: the keys asked for in the same tick are
 * fetched together (once each per request), and a key the Map lacks gets `missing(key)`.
 */
export function keyedLoader<K, V>(
  fetch: (keys: K[]) => Promise<Map<K, V>>,
  missing: (key: K) => V,
): DataLoader<K, V> {
  return new DataLoader<K, V>(async (keys) => {
    const found = await fetch([...keys]);
    return keys.map((key) => found.get(key) ?? missing(key));
  });
}
