// scrypt password hashing with a versioned encoding: scrypt$v1$N$r$p$salt$hash (base64url parts).
import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import os from 'node:os';
import { MAX_PASSWORD_LENGTH, passwordLength } from '@vitrine/rules';
import type { ScryptParams } from '../../config';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Node's default maxmem (32 MiB) throws at N=2^17, r=8 (128 MiB needed).
const MAX_MEMORY = 256 * 1024 * 1024;
// How long a password may be and how its length is counted (code points: an emoji is one
// character) are the staff password rule's (@vitrine/rules password), used by the rules for new
// passwords, the login and the hasher alike.
export { MAX_PASSWORD_LENGTH, passwordLength } from '@vitrine/rules';

/** The first `max` code points of `password` (never splits a surrogate pair). */
function firstCodePoints(password: string, max: number): string {
  if (password.length <= max) return password;
  return Array.from(password).slice(0, max).join('');
}

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.logN,
    r: params.r,
    p: params.p,
    maxmem: MAX_MEMORY,
  };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Retry-After of a hash refused because the queue is full: a slot frees within a hash's time. */
export const HASHING_BUSY_RETRY_SECONDS = 1;

/**
 * The hashing queue is full: the request is refused at once (429, `Retry-After`) rather than left
 * waiting behind hashes it would only slow down further.
 */
export class PasswordHashingBusyError extends Error {
  readonly retryAfterSeconds = HASHING_BUSY_RETRY_SECONDS;
  constructor() {
    super('password hashing queue is full');
    this.name = 'PasswordHashingBusyError';
  }
}

/** What a client is told when the hashing queue is full (REST `detail`, GraphQL message). */
export function hashingBusyMessage(retryAfterSeconds: number): string {
  const unit = retryAfterSeconds === 1 ? 'segundo' : 'segundos';
  return `Muitos acessos neste momento. Tente novamente em ${retryAfterSeconds} ${unit}.`;
}

/**
 * Limits how many hashes run at once (each one holds a thread and up to 128 MiB) and how many may
 * wait for a slot: past `maxWaiting`, `run` throws PasswordHashingBusyError without queueing.
 */
export class Semaphore {
  #available: number;
  readonly #maxWaiting: number;
  readonly #waiting: Array<() => void> = [];
  constructor(size: number, maxWaiting = Number.POSITIVE_INFINITY) {
    this.#available = Math.max(1, size);
    this.#maxWaiting = maxWaiting;
  }
  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#available > 0) this.#available -= 1;
    else if (this.#waiting.length >= this.#maxWaiting) throw new PasswordHashingBusyError();
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#available += 1;
    }
  }
}

export interface DecodedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

export function encodeHash({ params, salt, hash }: DecodedHash): string {
  return [
    'scrypt',
    'v1',
    String(2 ** params.logN),
    String(params.r),
    String(params.p),
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export function decodeHash(encoded: string): DecodedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 7 || parts[0] !== 'scrypt' || parts[1] !== 'v1') return null;
  const [n, r, p] = [Number(parts[2]), Number(parts[3]), Number(parts[4])];
  const logN = Math.log2(n);
  if (!Number.isInteger(logN) || logN < 1 || logN > 24) return null;
  if (!Number.isInteger(r) || r < 1 || !Number.isInteger(p) || p < 1) return null;
  const salt = Buffer.from(parts[5]!, 'base64url');
  const hash = Buffer.from(parts[6]!, 'base64url');
  if (salt.length === 0 || hash.length !== KEY_LENGTH) return null;
  return { params: { logN, r, p }, salt, hash };
}

export interface VerifyResult {
  ok: boolean;
  /** The stored hash used weaker parameters than today's: store a fresh one. */
  needsRehash: boolean;
}

/** The key derivation behind the hasher: scrypt, unless a test holds it open. */
export type DeriveKey = (password: string, salt: Buffer, params: ScryptParams) => Promise<Buffer>;

export interface PasswordHasherOptions {
  /** Hashes computed at once (default: the machine's cores). */
  concurrency?: number;
  /**
   * Hashes that may wait for a slot; past it PasswordHashingBusyError at once. 0 or unset: no
   * bound (the command line, tests).
   */
  maxWaiting?: number;
  derive?: DeriveKey;
}

export class PasswordHasher {
  readonly params: ScryptParams;
  readonly #semaphore: Semaphore;
  readonly #derive: DeriveKey;
  #dummy: Promise<string> | null = null;
  /** How many scrypt computations ran; lets tests prove both login paths do the same work. */
  hashCount = 0;
  /** Hashes computing now. */
  running = 0;

  constructor(params: ScryptParams, options: PasswordHasherOptions = {}) {
    this.params = params;
    const maxWaiting = options.maxWaiting ? options.maxWaiting : Number.POSITIVE_INFINITY;
    this.#semaphore = new Semaphore(options.concurrency ?? os.availableParallelism(), maxWaiting);
    this.#derive = options.derive ?? scrypt;
  }

  /** Hashes waiting for a slot. */
  get waiting(): number {
    return this.#semaphore.waiting;
  }

  /** Throws PasswordHashingBusyError at once when every slot is taken and the queue is full. */
  #compute(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
    return this.#semaphore.run(async () => {
      this.hashCount += 1;
      this.running += 1;
      try {
        return await this.#derive(password, salt, params);
      } finally {
        this.running -= 1;
      }
    });
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const hash = await this.#compute(password, salt, this.params);
    return encodeHash({ params: this.params, salt, hash });
  }

  async verify(password: string, encoded: string): Promise<VerifyResult> {
    const decoded = decodeHash(encoded);
    if (!decoded || passwordLength(password) > MAX_PASSWORD_LENGTH) {
      // Same work as a real check, so a broken row or an over-long password is not faster.
      await this.verifyDummy(password);
      return { ok: false, needsRehash: false };
    }
    const candidate = await this.#compute(password, decoded.salt, decoded.params);
    const ok = timingSafeEqual(candidate, decoded.hash);
    const stored = decoded.params;
    const needsRehash =
      stored.logN < this.params.logN || stored.r < this.params.r || stored.p < this.params.p;
    return { ok, needsRehash: ok && needsRehash };
  }

  /** The throwaway hash (made once; made again if the queue refused it). */
  #dummyHash(): Promise<string> {
    if (!this.#dummy) {
      const made = this.hash(randomBytes(16).toString('base64url'));
      made.catch(() => {
        if (this.#dummy === made) this.#dummy = null;
      });
      this.#dummy = made;
    }
    return this.#dummy;
  }

  /** Computes the throwaway hash up front, so the first unknown-e-mail login costs one hash too. */
  async prepare(): Promise<void> {
    await this.#dummyHash();
  }

  /** Hashes against a throwaway hash: what a login for an unknown e-mail costs. */
  async verifyDummy(password: string): Promise<void> {
    const decoded = decodeHash(await this.#dummyHash())!;
    const candidate = await this.#compute(
      firstCodePoints(password, MAX_PASSWORD_LENGTH),
      decoded.salt,
      decoded.params,
    );
    timingSafeEqual(candidate, decoded.hash);
  }
}
