import { describe, expect, it, vi } from 'vitest';
import { keyedLoader } from './keyed-loader';

describe('keyedLoader', () => {
  it('fetches the keys asked for in the same tick with one call, answering in their order', async () => {
    const fetch = vi.fn(
      async (keys: string[]) => new Map(keys.map((key) => [key, key.toUpperCase()])),
    );
    const loader = keyedLoader(fetch, () => 'missing');
    const answers = await Promise.all(['a', 'b', 'c', 'b'].map((key) => loader.load(key)));
    expect(answers).toEqual(['A', 'B', 'C', 'B']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(['a', 'b', 'c']);
  });

  it('batches loads asked for after awaiting an already settled promise', async () => {
    const fetch = vi.fn(async (keys: number[]) => new Map(keys.map((key) => [key, key * 2])));
    const loader = keyedLoader(fetch, () => 0);
    const later = async (key: number) => {
      await Promise.resolve();
      return loader.load(key);
    };
    expect(await Promise.all([loader.load(1), later(2), later(3)])).toEqual([2, 4, 6]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers a key the fetch did not find with its default, and caches each key', async () => {
    const fetch = vi.fn(async () => new Map([['known', 1]]));
    const loader = keyedLoader<string, number>(fetch, (key) => key.length);
    expect(await Promise.all([loader.load('known'), loader.load('unknown')])).toEqual([1, 7]);
    expect(await loader.load('known')).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('rejects every key of a failed batch, and fetches them again on the next load', async () => {
    const fetch = vi
      .fn<(keys: string[]) => Promise<Map<string, string>>>()
      .mockRejectedValueOnce(new Error('banco fora do ar'))
      .mockImplementation(async (keys) => new Map(keys.map((key) => [key, `#${key}`])));
    const loader = keyedLoader(fetch, () => '');
    const failed = await Promise.allSettled([loader.load('x'), loader.load('y')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await loader.load('x')).toBe('#x');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
