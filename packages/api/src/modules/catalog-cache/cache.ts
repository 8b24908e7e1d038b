// The answers of anonymous catalog reads, kept in this process by document and variables, each
// with the tags of what it holds (tags.ts). The database announces every change by tag
// (migrations/0025) to every instance; the answers holding a changed tag go.
import { createHash } from 'node:crypto';

export interface CachedAnswer {
  /** The answer's JSON exactly as first sent. */
  body: string;
  /** Strong validator of the body: a quoted hash. */
  etag: string;
  tags: readonly string[];
  expiresAt: number;
}

/** How many invalidations are remembered for answers still being computed (see `store`). */
const INVALIDATIONS_KEPT = 1_024;

export interface CacheStats {
  hits: number;
  misses: number;
  stored: number;
  /** Answers not stored because what they hold changed while they were computed. */
  discarded: number;
  invalidations: number;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class CatalogAnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /** The most recent invalidations, oldest first: [sequence, tags]. */
  private readonly recent: [number, ReadonlySet<string>][] = [];
  private sequence = 0;
  readonly stats: CacheStats = {
    hits: 0,
    misses: 0,
    stored: 0,
    discarded: 0,
    invalidations: 0,
  };

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The invalidation sequence now: hand it back to `store` with the answer computed after. */
  mark(): number {
    return this.sequence;
  }

  get(key: string): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) {
      this.stats.misses += 1;
      return null;
    }
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      this.stats.misses += 1;
      return null;
    }
    this.stats.hits += 1;
    return entry;
  }

  /**
   * Keeps an answer computed since `mark` was taken, unless something it holds was announced
   * changed in between: the answer may have read the data before the change (its notification
   * can arrive before the answer is ready), and kept it would outlive the change.
   */
  store(
    key: string,
    body: string,
    tags: ReadonlySet<string>,
    markedAt: number,
  ): CachedAnswer | null {
    if (this.maxEntries <= 0) return null;
    if (this.changedSince(markedAt, tags)) {
      this.stats.discarded += 1;
      return null;
    }
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    while (this.entries.size >= this.maxEntries) {
      // The oldest stored goes first.
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, CachedAnswer];
      this.remove(oldestKey, oldest);
    }
    const entry: CachedAnswer = {
      body,
      etag: etagOf(body),
      tags: [...tags],
      expiresAt: this.now() + this.ttlMs,
    };
    this.entries.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    this.stats.stored += 1;
    return entry;
  }

  /** Drops every answer holding one of `tags` (`*`: every answer). */
  invalidate(tags: Iterable<string>): number {
    const set = new Set(tags);
    if (set.size === 0) return 0;
    this.sequence += 1;
    this.recent.push([this.sequence, set]);
    if (this.recent.length > INVALIDATIONS_KEPT) this.recent.shift();
    this.stats.invalidations += 1;
    let dropped = 0;
    if (set.has('*')) {
      dropped = this.entries.size;
      this.entries.clear();
      this.keysByTag.clear();
    } else {
      for (const tag of set) {
        const keys = this.keysByTag.get(tag);
        if (!keys) continue;
        for (const key of [...keys]) {
          const entry = this.entries.get(key);
          if (entry) {
            this.remove(key, entry);
            dropped += 1;
          }
        }
        this.keysByTag.delete(tag);
      }
    }
    return dropped;
  }

  /** Everything goes (the notifications may have been missed: a lost connection). */
  clear(): void {
    this.invalidate(['*']);
  }

  private changedSince(markedAt: number, tags: ReadonlySet<string>): boolean {
    if (markedAt === this.sequence) return false;
    const oldest = this.recent[0]?.[0] ?? this.sequence + 1;
    // Invalidations older than those remembered may have touched it: do not keep it.
    if (markedAt < oldest - 1) return true;
    for (const [sequence, changed] of this.recent) {
      if (sequence <= markedAt) continue;
      if (changed.has('*')) return true;
      for (const tag of tags) if (changed.has(tag)) return true;
    }
    return false;
  }

  private remove(key: string, entry: CachedAnswer): void {
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysByTag.delete(tag);
    }
  }
}

/** The tags of a notification's payload (space-separated; never throws). */
export function parseCatalogNotification(payload: string): string[] {
  return payload.split(' ').filter((tag) => tag.length > 0 && tag.length <= 200);
}
