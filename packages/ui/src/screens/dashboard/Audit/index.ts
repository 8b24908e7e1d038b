export { AuditScreen, AUDIT_EXPORT_PATH, type AuditScreenProps } from './AuditScreen';
export { AuditView, type AuditViewProps } from './AuditView';
