import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { periodicJob } from './periodic-job';

describe('periodicJob', () => {
  it('runs once at a time: a call during a run gets that run, a later call starts a new one', async () => {
    const app = Fastify({ logger: false });
    let release!: () => void;
    const work = vi.fn(
      () => new Promise<number>((resolve) => (release = () => resolve(work.mock.calls.length))),
    );
    const run = periodicJob(app, { name: 'test job', work, fallback: 0, enabled: false });
    const first = run();
    const second = run();
    expect(work).toHaveBeenCalledTimes(1);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    const third = run();
    release();
    expect(await third).toBe(2);
    await app.close();
  });

  it('answers the fallback and logs when a run fails, and the next run still happens', async () => {
    const app = Fastify({ logger: false });
    const error = vi.spyOn(app.log, 'error');
    const work = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValueOnce(7);
    const run = periodicJob(app, { name: 'test job', work, fallback: -1, enabled: false });
    expect(await run()).toBe(-1);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'test job failed',
    );
    expect(await run()).toBe(7);
    await app.close();
  });

  it('when enabled, runs on the interval and closing the app waits for the run under way', async () => {
    vi.useFakeTimers();
    try {
      const app = Fastify({ logger: false });
      let finished = false;
      const work = vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
        return 1;
      });
      periodicJob(app, { name: 'test job', work, fallback: 0, enabled: true, intervalMs: 1_000 });
      await app.ready();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(work).toHaveBeenCalledTimes(1);
      const closing = app.close();
      await vi.advanceTimersByTimeAsync(50);
      await closing;
      expect(finished).toBe(true);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
