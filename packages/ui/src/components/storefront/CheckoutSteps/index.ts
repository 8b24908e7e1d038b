export { CheckoutSteps, type CheckoutStepItem, type CheckoutStepsProps } from './CheckoutSteps';
