// The URL state hook: the state read from the location's search, and a change written to it.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { defineListCodec, listParam } from './listCodec';
import { useListUrlState } from './useListUrlState';

const codec = defineListCodec<{ search: string; page: number }>({
  search: listParam.text('q'),
  page: listParam.page(10),
});

function wrapper(route: string) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  };
}

describe('useListUrlState', () => {
  it('reads the state from the URL and writes a change into it', () => {
    const { result } = renderHook(
      () => ({ list: useListUrlState(codec), location: useLocation() }),
      { wrapper: wrapper('/lista?q=bolsa&pagina=2') },
    );
    expect(result.current.list[0]).toEqual({ search: 'bolsa', page: 1 });

    act(() => result.current.list[1]({ search: 'saia', page: 0 }));
    expect(result.current.location.search).toBe('?q=saia');
    expect(result.current.list[0]).toEqual({ search: 'saia', page: 0 });
  });

  it('keeps the same state object while the URL does not change', () => {
    const { result, rerender } = renderHook(() => useListUrlState(codec), {
      wrapper: wrapper('/lista?q=bolsa'),
    });
    const first = result.current[0];
    rerender();
    expect(result.current[0]).toBe(first);
  });
});
