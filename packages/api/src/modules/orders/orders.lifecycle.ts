// The order state machine of DESIGN.md lives in @vitrine/rules (orders.ts), shared with the
// dashboard and the mocks; the server's modules import it from here.
export {
  ACTION_FROM,
  canAttempt,
  illegalTransitionMessage,
  isOrderStatus,
  MONEY_ACTIONS,
  ORDER_ACTIONS,
  ORDER_STATUS_LABELS,
  type OrderAction,
  type OrderStatus,
} from '@vitrine/rules';
