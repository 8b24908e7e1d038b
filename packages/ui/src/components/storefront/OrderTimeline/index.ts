export {
  ORDER_STATUS_LABELS,
  OrderTimeline,
  type OrderStatusValue,
  type OrderTimelineEvent,
  type OrderTimelineProps,
} from './OrderTimeline';
export {
  orderStatusHeadline,
  orderSteps,
  type OrderStep,
  type OrderStepsOptions,
} from './orderSteps';
