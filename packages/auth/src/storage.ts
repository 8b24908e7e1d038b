// Web storage that survives a browser refusing it. With site data blocked, Chrome throws a
// SecurityError on merely reading window.localStorage/sessionStorage; some browsers throw on
// setItem (quota, private mode). None of that may take the app down (behaviour 11).
import type { KeyValueStorage } from './types';

/**
 * A KeyValueStorage over `open()` (e.g. `() => window.localStorage`) that never throws. The first
 * time opening or using the real storage throws, `onUnavailable` is called once with the error
 * and from then on the values live in memory, so the session still works until the page closes.
 * `open` is called on each use until then, so a storage swapped later is followed.
 */
export function withMemoryFallback(
  open: () => KeyValueStorage,
  onUnavailable: (error: unknown) => void,
): KeyValueStorage {
  let memory: Map<string, string> | null = null;

  function fallBack(error: unknown): Map<string, string> {
    if (memory === null) {
      memory = new Map();
      try {
        onUnavailable(error);
      } catch {
        // A failing logger must not turn a handled storage failure into a crash.
      }
    }
    return memory;
  }

  return {
    getItem(key) {
      if (memory !== null) return memory.get(key) ?? null;
      try {
        return open().getItem(key);
      } catch (error) {
        return fallBack(error).get(key) ?? null;
      }
    },
    setItem(key, value) {
      if (memory !== null) {
        memory.set(key, String(value));
        return;
      }
      try {
        open().setItem(key, value);
      } catch (error) {
        fallBack(error).set(key, String(value));
      }
    },
    removeItem(key) {
      if (memory !== null) {
        memory.delete(key);
        return;
      }
      try {
        open().removeItem(key);
      } catch (error) {
        fallBack(error).delete(key);
      }
    },
  };
}
