// Pure commerce rules shared by the server and the ui's mocks: money (Pix discount, installments,
// order numbers), coupons, shipping quotes (CEP, billable weight, rate tables), packing an order
// into the store's boxes, the pickup point, CPF, e-mail, phone and UF, shipment tracking codes,
// the staff roles' names, the page title's store suffix, the order's statuses and state machine,
// a variant's, a shipping method's and the store settings' input rules (zod schemas with their
// Portuguese messages), the Pix key and the CNPJ, which orders may have a shipping label bought,
// the shopper's 7-day return (its window and refund) and the NF-e's fiscal codes. No I/O, no Node
// or browser APIs.
export * from './address';
export * from './audit.input';
export * from './cart';
export * from './catalog';
export * from './catalog.input';
export * from './coupon';
export * from './coupon.input';
export * from './cpf';
export * from './customers.input';
export * from './email';
export * from './fieldLabels';
export * from './fiscal';
export * from './money';
export * from './phone';
export * from './packing';
export * from './pickup';
export * from './pricing';
export * from './installments';
export * from './labels';
export * from './roles';
export * from './shipping';
export * from './settings.input';
export * from './settings.pix';
export * from './shipping.input';
export * from './team.input';
export * from './title';
export * from './tracking';
export * from './uf';
export * from './orders';
export * from './orders.input';
export * from './variant';
export * from './views.input';
export * from './payer';
export * from './product.input';
export * from './returns';
export * from './payments.input';
export * from './invoices.input';
export * from './catalogGrid.input';
export * from './paging.input';
export * from './stats.input';
export * from './mail.input';
export * from './password';
export * from './shippingSimulation.input';
export * from './rule';
