// Per-request batching for GraphQL field resolvers (catalog and orders both batch their loads).
/**
 * A tiny DataLoader: keys requested in the same turn of the event loop are fetched together,
 * and each key is fetched at most once per request.
 */
export class Batcher<K, V> {
  readonly #cache = new Map<K, Promise<V>>();
  #queue: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  constructor(
    private readonly fetch: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: (key: K) => V,
  ) {}

  load(key: K): Promise<V> {
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      this.#queue.push({ key, resolve, reject });
      // setImmediate runs after every resolver of the current step has asked for its key.
      if (this.#queue.length === 1) setImmediate(() => void this.#dispatch());
    });
    this.#cache.set(key, promise);
    return promise;
  }

  async #dispatch(): Promise<void> {
    const batch = this.#queue;
    this.#queue = [];
    try {
      const found = await this.fetch(batch.map((item) => item.key));
      for (const item of batch) item.resolve(found.get(item.key) ?? this.missing(item.key));
    } catch (error) {
      for (const item of batch) {
        this.#cache.delete(item.key);
        item.reject(error);
      }
    }
  }
}
