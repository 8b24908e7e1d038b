// Pure commerce rules shared by the server and the ui's mocks: money (Pix discount, installments,
// order numbers), coupons, shipping quotes (CEP, billable weight, rate tables), CPF, phone and UF,
// and the page title's store suffix. No I/O, no Node
// or browser APIs.
export * from './catalog';
export * from './coupon';
export * from './cpf';
export * from './phone';
export * from './pricing';
export * from './shipping';
export * from './title';
export * from './uf';
