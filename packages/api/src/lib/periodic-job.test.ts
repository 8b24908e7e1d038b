import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { periodicJob } from './periodic-job';

/** A job whose runs end when the test says so; each run answers its number. */
function heldJob() {
  const releases: (() => void)[] = [];
  const work = vi.fn(
    () =>
      new Promise<number>((resolve) => {
        const n = releases.length + 1;
        releases.push(() => resolve(n));
      }),
  );
  return { work, release: (n: number) => releases[n - 1]!() };
}

describe('periodicJob', () => {
  it('runs once at a time: calls during a run share one more run after it, a later call starts a new one', async () => {
    const app = Fastify({ logger: false });
    const { work, release } = heldJob();
    const run = periodicJob(app, { name: 'test job', work, fallback: 0, enabled: false });
    const first = run();
    const second = run();
    const third = run();
    expect(work).toHaveBeenCalledTimes(1);
    expect(second).toBe(third);
    release(1);
    expect(await first).toBe(1);
    expect(work).toHaveBeenCalledTimes(2);
    release(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    const fourth = run();
    expect(work).toHaveBeenCalledTimes(3);
    release(3);
    expect(await fourth).toBe(3);
    await app.close();
  });

  it('a call made after a commit, while a run that read before it is under way, gets a run that sees the commit', async () => {
    const app = Fastify({ logger: false });
    let committed = 0;
    let release!: () => void;
    const work = vi.fn(async () => {
      const seen = committed;
      await new Promise<void>((resolve) => (release = resolve));
      return seen;
    });
    const run = periodicJob(app, { name: 'test job', work, fallback: -1, enabled: false });
    const before = run();
    committed = 1;
    const after = run();
    release();
    expect(await before).toBe(0);
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(2));
    release();
    expect(await after).toBe(1);
    await app.close();
  });

  it('answers the fallback and logs when a run fails (also synchronously), and the next run still happens', async () => {
    const app = Fastify({ logger: false });
    const error = vi.spyOn(app.log, 'error');
    const work = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockImplementationOnce(() => {
        throw new Error('not a promise');
      })
      .mockResolvedValueOnce(7);
    const run = periodicJob(app, { name: 'test job', work, fallback: -1, enabled: false });
    const failing = run();
    const trailing = run();
    expect(await failing).toBe(-1);
    expect(await trailing).toBe(-1);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'test job failed',
    );
    expect(await run()).toBe(7);
    await app.close();
  });

  it('when enabled, runs on the interval and closing the app waits for the run under way and the one asked after it', async () => {
    vi.useFakeTimers();
    try {
      const app = Fastify({ logger: false });
      const finished: number[] = [];
      const work = vi.fn(async () => {
        const n = work.mock.calls.length;
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished.push(n);
        return n;
      });
      const run = periodicJob(app, {
        name: 'test job',
        work,
        fallback: 0,
        enabled: true,
        intervalMs: 1_000,
      });
      await app.ready();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(work).toHaveBeenCalledTimes(1);
      void run();
      const closing = app.close();
      await vi.advanceTimersByTimeAsync(100);
      await closing;
      expect(finished).toEqual([1, 2]);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(work).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('skips a tick of the interval that finds a run under way, rather than running back to back', async () => {
    vi.useFakeTimers();
    try {
      const app = Fastify({ logger: false });
      // Each run takes 2.5 intervals.
      const work = vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        return 1;
      });
      periodicJob(app, { name: 'test job', work, fallback: 0, enabled: true, intervalMs: 1_000 });
      await app.ready();
      // Ticks at 1, 2, 3 and 4 s: the first starts a run (to 3.5 s), the next two find it under
      // way and are skipped (nothing starts at 3.5 s), the fourth starts the second.
      await vi.advanceTimersByTimeAsync(3_600);
      expect(work).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(400);
      expect(work).toHaveBeenCalledTimes(2);
      const closing = app.close();
      await vi.advanceTimersByTimeAsync(2_500);
      await closing;
      expect(work).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
