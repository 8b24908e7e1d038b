export * from './brcode';
export * from './mercadopago';
export * from './provider';
