export * from './costs.js';
export * from './machine.js';
export * from './payments.js';
export * from './refunds.js';
export * from './rules.js';
export * from './schemas.js';
export * from './shopper-limits.js';
export * from './vouchers.js';
