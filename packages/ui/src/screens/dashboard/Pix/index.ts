export {
  ConfirmPaymentsDialog,
  type ConfirmPaymentsDialogProps,
  type PaymentResult,
} from './ConfirmPaymentsDialog';
export { PixScreen } from './PixScreen';
export { PixView, type PixTab, type PixViewProps } from './PixView';
export { StatementScreen } from './StatementScreen';
export { MATCH_LABELS, StatementView, type StatementViewProps } from './StatementView';
