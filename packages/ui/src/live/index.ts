// Live order events for the dashboard's screens (GET /admin/events).
export { useOrderEvents, type UseOrderEventsOptions } from './useOrderEvents';
export type { OrderLiveEvent, OrderLiveEventType } from './orderLiveEvent';
export {
  connectOrderEvents,
  ORDER_EVENTS_PATH,
  reconnectDelay,
  type OrderEventsStatus,
  type OrderEventStreamOptions,
} from './orderEventStream';
