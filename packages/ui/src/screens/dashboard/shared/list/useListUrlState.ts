// A list screen's state, read from and written to the URL's search parameters through its codec
// (a copied link opens the same view; back and forward work).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { ListCodec } from './listCodec';

export function useListUrlState<S>(codec: ListCodec<S>): [S, (next: S) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => codec.parse(searchParams), [codec, searchParams]);
  const setState = useCallback(
    (next: S) => setSearchParams(codec.write(next)),
    [codec, setSearchParams],
  );
  return [state, setState];
}
