// The GraphQL documents the server remembers, bounded in bytes. Mercurius keeps every document it
// has parsed and validated (its `cache` option: the source as the key, the parsed document with
// every lexical token, the validation errors of an invalid one, the compiled query once it is run
// again) in two LRUs bounded only by their number of entries: 1,024 documents of up to 2,000 tokens
// with 100 errors each could hold gigabytes. Every source reaches Mercurius through the `preParsing`
// hook (plugins/graphql.ts), which records it here with an estimate of what Mercurius keeps for it;
// once the estimates add up to more than the budget, this record and Mercurius' caches are emptied
// together, so what both hold never exceeds the budget. The record also remembers which sources
// passed the shape check and which are the app's own (trusted documents), so those checks run once.

import { MAX_DOCUMENT_LENGTH } from './limits';

/** What the documents remembered (here and in Mercurius' caches) may cost, estimated. */
export const DOCUMENT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The estimate of one document in Mercurius' cache, measured with the real schema (heap after
 * garbage collection, 300 distinct documents of each kind, compiled by a second request): a
 * one-field query about 8 KB; 500 fields (505 tokens) about 250-270 KB, 0.5 KB per token; a 32 KB
 * comment about 70 KB, 2 bytes per character; 101 validation errors about 330 KB more, 3.3 KB
 * each. The constants round those up.
 */
export const DOCUMENT_ENTRY_BYTES = 8 * 1024;
export const DOCUMENT_BYTES_PER_CHARACTER = 2;
export const DOCUMENT_BYTES_PER_TOKEN = 640;
export const DOCUMENT_BYTES_PER_ERROR = 4 * 1024;

/** The estimated bytes Mercurius keeps for a valid document of `length` characters and `tokens`. */
export function documentEntryBytes(length: number, tokens: number): number {
  return (
    DOCUMENT_ENTRY_BYTES + DOCUMENT_BYTES_PER_CHARACTER * length + DOCUMENT_BYTES_PER_TOKEN * tokens
  );
}

interface Entry {
  bytes: number;
  /** Found on the trusted documents' list (an anonymous client may run it). */
  trusted: boolean;
}

export interface DocumentCacheOptions {
  maxBytes?: number;
  /** Empties what else holds the documents (Mercurius' caches). */
  onClear: () => void;
}

export class DocumentCache {
  readonly maxBytes: number;
  readonly #onClear: () => void;
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #clears = 0;

  constructor(options: DocumentCacheOptions) {
    this.maxBytes = options.maxBytes ?? DOCUMENT_CACHE_MAX_BYTES;
    this.#onClear = options.onClear;
  }

  /** The estimated bytes held for the documents remembered since the last clear. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Documents remembered since the last clear. */
  get size(): number {
    return this.#entries.size;
  }

  /** How many times the budget was reached and everything emptied. */
  get clears(): number {
    return this.#clears;
  }

  has(source: string): boolean {
    return this.#entries.has(source);
  }

  isTrusted(source: string): boolean {
    return this.#entries.get(source)?.trusted ?? false;
  }

  markTrusted(source: string): void {
    const entry = this.#entries.get(source);
    if (entry) entry.trusted = true;
  }

  /**
   * Records a source that passed the shape check and goes on to Mercurius, which will keep it.
   * A source longer than MAX_DOCUMENT_LENGTH is never remembered (it is refused before this).
   */
  admit(source: string, tokens: number, trusted: boolean): void {
    if (this.#entries.has(source) || source.length > MAX_DOCUMENT_LENGTH) return;
    const bytes = documentEntryBytes(source.length, tokens);
    if (this.#bytes + bytes > this.maxBytes) this.clear();
    this.#entries.set(source, { bytes, trusted });
    this.#bytes += bytes;
  }

  /** Adds what Mercurius keeps besides the document (the validation errors of an invalid one). */
  charge(source: string, bytes: number): void {
    const entry = this.#entries.get(source);
    if (!entry || bytes <= 0) return;
    entry.bytes += bytes;
    this.#bytes += bytes;
    if (this.#bytes > this.maxBytes) this.clear();
  }

  /** Forgets every document, here and in Mercurius' caches. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#clears += 1;
    this.#onClear();
  }
}
