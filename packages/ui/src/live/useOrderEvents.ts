// React access to the live order events: the screens' "novo pedido" notices subscribe here.
import { useEffect, useEffectEvent, useState } from 'react';

import { useAuth } from '../auth/AuthProvider';
import type { OrderLiveEvent } from './orderLiveEvent';
import { connectOrderEvents, type OrderEventsStatus } from './orderEventStream';

export interface UseOrderEventsOptions {
  /** false: no connection (e.g. a role or screen that shows no live notice). Default true. */
  enabled?: boolean;
  /**
   * Called when the stream is open again after a drop: events may have been missed, so reload
   * what the screen shows (e.g. Apollo's refetch).
   */
  onResync?: () => void;
}

/**
 * Calls `onEvent` for every order placed, paid or changed while the component is mounted, from
 * the staff's GET /admin/events stream (the signed-in session's access token; refreshed on 401
 * and when the server says it expired; reconnects after a drop, 1 s … 30 s apart). The stream is
 * not counted by the global loading indicator. `onEvent` may change on every render.
 * Returns the connection's status.
 */
export function useOrderEvents(
  onEvent: (event: OrderLiveEvent) => void,
  options: UseOrderEventsOptions = {},
): OrderEventsStatus {
  const auth = useAuth();
  const enabled = options.enabled ?? true;
  const [status, setStatus] = useState<OrderEventsStatus>('idle');
  const handleEvent = useEffectEvent((event: OrderLiveEvent) => onEvent(event));
  const handleResync = useEffectEvent(() => options.onResync?.());

  useEffect(() => {
    if (!enabled) return undefined;
    const stop = connectOrderEvents({
      auth,
      onEvent: handleEvent,
      onResync: handleResync,
      onStatus: setStatus,
    });
    return () => {
      stop();
      setStatus('idle');
    };
  }, [auth, enabled]);

  return enabled ? status : 'idle';
}
