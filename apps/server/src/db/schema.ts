// Every table the server owns, in one place for Drizzle's query builder and drizzle-kit.
export * from '../features/addresses/addresses.table.js';
export * from '../features/auth/sessions.table.js';
export * from '../features/auth/user-secrets.table.js';
export * from '../features/mail/mail.table.js';
export * from '../features/system/system.table.js';
export * from '../features/users/users.table.js';
