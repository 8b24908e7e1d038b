// A small concurrency limit for heavy work (image re-encoding): at most `concurrency` tasks run at
// once, the next ones wait in order, and beyond `maxWaiting` waiting tasks a new one is refused at
// once (WorkLimiterFullError) rather than queued without bound, so memory stays bounded too.

export class WorkLimiterFullError extends Error {
  constructor() {
    super('work limiter full');
    this.name = 'WorkLimiterFullError';
  }
}

export class WorkLimiter {
  readonly concurrency: number;
  readonly maxWaiting: number;
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(concurrency: number, maxWaiting: number) {
    this.concurrency = Math.max(1, Math.floor(concurrency));
    this.maxWaiting = Math.max(0, Math.floor(maxWaiting));
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Runs `task` when a slot is free; the slot is given back however the task ends. Throws
   * WorkLimiterFullError, without running the task, when `maxWaiting` tasks already wait.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.concurrency) {
      this.#active += 1;
    } else {
      if (this.#waiting.length >= this.maxWaiting) throw new WorkLimiterFullError();
      // The finishing task hands its slot over directly (active stays the same).
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}
