export { MailScreen } from './MailScreen';
export { MailView, type MailViewProps } from './MailView';
