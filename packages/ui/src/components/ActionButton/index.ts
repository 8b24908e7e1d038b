export { ActionButton, type ActionButtonProps, type ActionButtonVariant } from './ActionButton';
