export { PixPayment, type PixPaymentProps } from './PixPayment';
