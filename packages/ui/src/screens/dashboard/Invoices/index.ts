export { InvoicesScreen } from './InvoicesScreen';
export { InvoicesView, type InvoicesViewProps } from './InvoicesView';
