// Every module's tables, so Drizzle's relational queries see the whole database.
export * from '../modules/staff/staff.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/settings/settings.tables';
export * from '../modules/mail/mail.tables';
export * from '../modules/orders/orders.tables';
export * from '../modules/coupons/coupons.tables';
export * from '../modules/shipping/shipping.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/payments/pix-psp/pix-charges.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/labels/labels.tables';
