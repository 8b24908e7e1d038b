// The sliding-window counters a module needs from the server's rate-limit store (auth's
// RateLimitStore: in memory, or Redis shared by every instance when REDIS_URL is set), so a
// module can count per client or per e-mail without importing auth.
export interface SlidingWindowCounters {
  /**
   * Takes one unit of `key` when fewer than `limit` were taken in the `windowMs` before `now`;
   * refused: `retryAfterMs` is when the oldest unit leaves the window.
   */
  take(
    key: string,
    limit: number,
    windowMs: number,
    now: number,
  ): Promise<{ allowed: boolean; retryAfterMs: number; unit?: string }>;
  /** Gives back a unit taken by `take` (an attempt that turned out not to count). */
  giveBack(key: string, unit: string): Promise<void>;
}
