export * from './evaluateCoupon';
