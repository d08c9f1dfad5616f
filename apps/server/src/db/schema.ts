// Every table the server owns, in one place for Drizzle's query builder and drizzle-kit.
export * from '../features/system/system.table.js';
export * from '../features/users/users.table.js';
