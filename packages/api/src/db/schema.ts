// Every module's tables, so Drizzle's relational queries see the whole database.
export * from '../modules/staff/staff.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/settings/settings.tables';
export * from '../modules/mail/mail.tables';
export * from '../modules/commerce/commerce.tables';
