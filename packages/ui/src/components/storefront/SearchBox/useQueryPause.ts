// The search boxes' debounce: what was typed is handed on once typing pauses, trimmed, and only
// from SEARCH_MIN_LENGTH characters, so a request goes out per pause rather than per key.
import { useEffect, useRef } from 'react';

export const SEARCH_MIN_LENGTH = 2;

/** Calls `onPause` with the trimmed query `debounceMs` after it last changed. */
export function useQueryPause(
  query: string,
  debounceMs: number,
  onPause: (query: string) => void,
): void {
  const onPauseRef = useRef(onPause);
  useEffect(() => {
    onPauseRef.current = onPause;
  });
  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed.length < SEARCH_MIN_LENGTH) return undefined;
    const timer = setTimeout(() => onPauseRef.current(trimmed), debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs]);
}
