export * from './content.js';
export { voucherCalls } from './voucher-calls.js';
export * from './vouchers.js';
