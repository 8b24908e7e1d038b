// The live news of a list: new rows counted once each, changes flagged, "show" reloads and clears.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useLiveRefresh } from './useLiveRefresh';

describe('useLiveRefresh', () => {
  it('counts each new row once, flags a change, and reloads only when asked', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useLiveRefresh(reload));
    expect(result.current).toMatchObject({ added: 0, changed: false });

    act(() => {
      result.current.noteAdded('order-1');
      result.current.noteAdded('order-2');
      result.current.noteAdded('order-1');
    });
    expect(result.current).toMatchObject({ added: 2, changed: false });
    act(() => result.current.noteChanged());
    expect(result.current.changed).toBe(true);
    expect(reload).not.toHaveBeenCalled();

    act(() => result.current.show());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ added: 0, changed: false });
  });
});
