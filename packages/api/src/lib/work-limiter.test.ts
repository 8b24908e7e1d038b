// WorkLimiter: how many tasks run at once, in which order the others start, and when it refuses.
import { describe, expect, it } from 'vitest';
import { WorkLimiter, WorkLimiterFullError } from './work-limiter';

/** A task that runs until released, recording when it starts. */
function gate(log: string[], name: string) {
  let release!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return {
    task: () => {
      log.push(name);
      return done;
    },
    release: () => release(name),
    fail: (error: Error) => fail(error),
  };
}

/** Lets pending promise callbacks run. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('WorkLimiter', () => {
  it('runs at most `concurrency` tasks at once and starts the others in arrival order', async () => {
    const limiter = new WorkLimiter(2, 10);
    const started: string[] = [];
    const gates = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(started, name));
    const results = gates.map((g) => limiter.run(g.task));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 3]);

    gates[1]!.release();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 2]);

    gates[0]!.release();
    gates[2]!.release();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 0]);

    gates[3]!.release();
    gates[4]!.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('never lets more than `concurrency` run, whatever the load', async () => {
    const limiter = new WorkLimiter(3, 100);
    let running = 0;
    let highest = 0;
    const task = async () => {
      running += 1;
      highest = Math.max(highest, running);
      await settle();
      running -= 1;
    };
    await Promise.all(Array.from({ length: 40 }, () => limiter.run(task)));
    expect(highest).toBe(3);
    expect(limiter.active).toBe(0);
  });

  it('gives the slot back when a task fails', async () => {
    const limiter = new WorkLimiter(1, 5);
    const started: string[] = [];
    const failing = gate(started, 'falha');
    const next = gate(started, 'seguinte');
    const first = limiter.run(failing.task);
    const second = limiter.run(next.task);
    await settle();
    expect(started).toEqual(['falha']);
    failing.fail(new Error('quebrou'));
    await expect(first).rejects.toThrow('quebrou');
    await settle();
    expect(started).toEqual(['falha', 'seguinte']);
    next.release();
    await expect(second).resolves.toBe('seguinte');
    expect(limiter.active).toBe(0);
  });

  it('refuses a task at once, without running it, when `maxWaiting` tasks already wait', async () => {
    const limiter = new WorkLimiter(1, 2);
    const started: string[] = [];
    const gates = ['a', 'b', 'c'].map((name) => gate(started, name));
    const accepted = gates.map((g) => limiter.run(g.task));
    let ranRefused = false;
    await expect(
      limiter.run(async () => {
        ranRefused = true;
      }),
    ).rejects.toBeInstanceOf(WorkLimiterFullError);
    expect(ranRefused).toBe(false);
    // Room again once a waiting task got its slot.
    gates[0]!.release();
    await settle();
    const later = gate(started, 'd');
    const fourth = limiter.run(later.task);
    for (const g of gates.slice(1)) g.release();
    later.release();
    expect(await Promise.all([...accepted, fourth])).toEqual(['a', 'b', 'c', 'd']);
  });
});
