export * from './content.js';
export * from './vouchers.js';
