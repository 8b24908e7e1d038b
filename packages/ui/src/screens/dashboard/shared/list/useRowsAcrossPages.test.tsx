// The selection across pages: a selected row off the page keeps its last known copy.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useRowsAcrossPages } from './useRowsAcrossPages';

interface Row {
  id: string;
  name: string;
}

describe('useRowsAcrossPages', () => {
  it('keeps rows selected on another page and drops the ones no longer selected', () => {
    const pageOne: Row[] = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ];
    const pageTwo: Row[] = [{ id: 'c', name: 'C' }];
    const { result, rerender } = renderHook(({ rows }) => useRowsAcrossPages(rows), {
      initialProps: { rows: pageOne },
    });
    act(() => result.current.selectRows(['a', 'b']));
    expect(result.current.selectedIds).toEqual(['a', 'b']);

    rerender({ rows: pageTwo });
    act(() => result.current.selectRows(['a', 'c']));
    expect(result.current.selectedRows).toEqual([
      { id: 'a', name: 'A' },
      { id: 'c', name: 'C' },
    ]);

    // An id the hook has never seen has no row to keep.
    act(() => result.current.selectRows(['a', 'z']));
    expect(result.current.selectedIds).toEqual(['a']);
  });
});
