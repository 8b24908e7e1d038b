// A concurrency limit for heavy work (image re-encoding): p-limit runs at most `concurrency` tasks
// at once and starts the next ones in order. What p-limit has no option for is kept here: beyond
// `maxWaiting` waiting tasks a new one is refused at once (WorkLimiterFullError) rather than
// queued without bound, so memory stays bounded too.
import pLimit, { type LimitFunction } from 'p-limit';

export class WorkLimiterFullError extends Error {
  constructor() {
    super('work limiter full');
    this.name = 'WorkLimiterFullError';
  }
}

export class WorkLimiter {
  readonly maxWaiting: number;
  readonly #limit: LimitFunction;

  constructor(concurrency: number, maxWaiting: number) {
    this.#limit = pLimit(Math.max(1, Math.floor(concurrency)));
    this.maxWaiting = Math.max(0, Math.floor(maxWaiting));
  }

  get concurrency(): number {
    return this.#limit.concurrency;
  }

  /** Tasks running now. */
  get active(): number {
    return this.#limit.activeCount;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#limit.pendingCount;
  }

  /**
   * Runs `task` when a slot is free; the slot is given back however the task ends. Throws
   * WorkLimiterFullError, without running the task, when `maxWaiting` tasks already wait.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency && this.waiting >= this.maxWaiting) {
      throw new WorkLimiterFullError();
    }
    return this.#limit(task);
  }
}
