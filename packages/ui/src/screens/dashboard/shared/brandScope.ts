// The staff's brand narrowing: '?marca=<brandId>' on every dashboard URL (BRAND_SCOPE_PARAM).
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

import { BRAND_SCOPE_PARAM } from '../../../routes/dashboardPaths';

export interface BrandScope {
  /** The brand the screens narrow to; null for every brand the staff member sees. */
  brandId: string | null;
  /** Writes '?marca=' (replacing the history entry), keeping the other parameters. */
  setBrandId(id: string | null): void;
}

export function useBrandScope(): BrandScope {
  const [searchParams, setSearchParams] = useSearchParams();
  const brandId = searchParams.get(BRAND_SCOPE_PARAM) || null;
  const setBrandId = useCallback(
    (id: string | null) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(BRAND_SCOPE_PARAM, id);
          else next.delete(BRAND_SCOPE_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { brandId, setBrandId };
}

/** `path` (which may carry a query and a hash) with '?marca=' set to `brandId`, or removed. */
export function withBrandScope(path: string, brandId: string | null): string {
  const hashAt = path.indexOf('#');
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  if (brandId) params.set(BRAND_SCOPE_PARAM, brandId);
  else params.delete(BRAND_SCOPE_PARAM);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}
