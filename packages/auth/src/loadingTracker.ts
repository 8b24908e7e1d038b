// The counter behind the global loading indicator: on while at least one request is running.
import type { Unsubscribe } from './types';

export class LoadingTracker {
  private count = 0;
  private readonly listeners = new Set<(active: boolean) => void>();

  /** `onListenerError` keeps a broken listener from failing the request that triggered it. */
  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  get pending(): number {
    return this.count;
  }

  get active(): boolean {
    return this.count > 0;
  }

  begin(): void {
    this.count += 1;
    if (this.count === 1) this.emit();
  }

  end(): void {
    // Never below zero: an unmatched end() must not hide the next request's indicator.
    if (this.count === 0) return;
    this.count -= 1;
    if (this.count === 0) this.emit();
  }

  /** The listener hears only the on/off transitions, not every begin/end. */
  // Arrow properties: hosts pass these detached (useSyncExternalStore(loading.subscribe, ...)).
  readonly subscribe = (listener: (active: boolean) => void): Unsubscribe => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): boolean => this.active;

  private emit(): void {
    const active = this.active;
    for (const listener of [...this.listeners]) {
      try {
        listener(active);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
