// The answers of anonymous catalog reads, kept in this process by document and variables, each
// with the tags of what it holds (tags.ts). The database announces every change by tag
// (migrations/0025) to every instance; the answers holding a changed tag go. Bounded twice: in
// answers (maxEntries) and in bytes (maxBytes: each answer's body, key, validator and tags, as
// V8 holds them), the least recently used going first past either.
import { createHash } from 'node:crypto';

export interface CachedAnswer {
  /** The answer's JSON exactly as first sent. */
  body: string;
  /** Strong validator of the body: a quoted hash. */
  etag: string;
  tags: readonly string[];
  expiresAt: number;
  /** What keeping it costs, estimated (answerBytes). */
  bytes: number;
}

/** How many invalidations are remembered for answers still being computed (see `store`). */
const INVALIDATIONS_KEPT = 1_024;

/** The entry, its slot in two Maps and its tags' array, beyond the strings. */
export const ANSWER_OVERHEAD_BYTES = 256;
/** A tag's slot in the index of answers by tag (a Set entry), beyond the tag's string. */
export const TAG_OVERHEAD_BYTES = 64;
/**
 * An answer costing more than this share of the budget is not kept: it would push out many
 * others for one (and a budget smaller than one answer keeps none).
 */
export const MAX_ANSWER_SHARE = 1 / 8;

/**
 * The bytes V8 holds for a string's characters: one a character when every one fits in Latin-1
 * (JSON of Portuguese text usually does), two otherwise.
 */
export function stringBytes(value: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(value) ? value.length * 2 : value.length;
}

/** What keeping an answer under `key` costs, estimated. */
export function answerBytes(
  key: string,
  body: string,
  etag: string,
  tags: Iterable<string>,
): number {
  let bytes = ANSWER_OVERHEAD_BYTES + stringBytes(key) + stringBytes(body) + etag.length;
  for (const tag of tags) bytes += TAG_OVERHEAD_BYTES + stringBytes(tag);
  return bytes;
}

export interface CacheStats {
  hits: number;
  misses: number;
  stored: number;
  /** Answers not stored because what they hold changed while they were computed. */
  discarded: number;
  invalidations: number;
  /** Answers dropped to make room (past maxEntries or maxBytes). */
  evicted: number;
  /** Answers not stored because they alone cost more than MAX_ANSWER_SHARE of maxBytes. */
  tooLarge: number;
}

export interface AnswerCacheLimits {
  /** Answers kept at most (0: none). */
  maxEntries: number;
  /** Their estimated bytes at most (answerBytes); Infinity: bounded by maxEntries alone. */
  maxBytes: number;
  /** How long an answer is kept at most, in ms. */
  ttlMs: number;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class CatalogAnswerCache {
  /** Least recently used first. */
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /** The most recent invalidations, oldest first: [sequence, tags]. */
  private readonly recent: [number, ReadonlySet<string>][] = [];
  private sequence = 0;
  #bytes = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly stats: CacheStats = {
    hits: 0,
    misses: 0,
    stored: 0,
    discarded: 0,
    invalidations: 0,
    evicted: 0,
    tooLarge: 0,
  };

  constructor(
    limits: AnswerCacheLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.maxEntries = limits.maxEntries;
    this.maxBytes = limits.maxBytes;
    this.ttlMs = limits.ttlMs;
  }

  /** Answers kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** The estimated bytes of the answers kept now (answerBytes). */
  get bytes(): number {
    return this.#bytes;
  }

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
    // Most recently used last: the first is the one to drop for room.
    this.entries.delete(key);
    this.entries.set(key, entry);
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
    const etag = etagOf(body);
    const bytes = answerBytes(key, body, etag, tags);
    if (bytes > this.maxBytes * MAX_ANSWER_SHARE) {
      this.stats.tooLarge += 1;
      return null;
    }
    // The least recently used go first, until there is room for this one.
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.#bytes + bytes > this.maxBytes)
    ) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, CachedAnswer];
      this.remove(oldestKey, oldest);
      this.stats.evicted += 1;
    }
    const entry: CachedAnswer = {
      body,
      etag,
      tags: [...tags],
      expiresAt: this.now() + this.ttlMs,
      bytes,
    };
    this.entries.set(key, entry);
    this.#bytes += bytes;
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

  /** When the last change was announced (Date.now()), or null: none since start. */
  lastInvalidationAt: number | null = null;

  /** Drops every answer holding one of `tags` (`*`: every answer). */
  invalidate(tags: Iterable<string>): number {
    const set = new Set(tags);
    if (set.size === 0) return 0;
    this.lastInvalidationAt = Date.now();
    this.sequence += 1;
    this.recent.push([this.sequence, set]);
    if (this.recent.length > INVALIDATIONS_KEPT) this.recent.shift();
    this.stats.invalidations += 1;
    let dropped = 0;
    if (set.has('*')) {
      dropped = this.entries.size;
      this.entries.clear();
      this.keysByTag.clear();
      this.#bytes = 0;
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
    this.#bytes -= entry.bytes;
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
