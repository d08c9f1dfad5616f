export * from './breakdown.js';
export * from './desk.js';
export * from './limits.js';
export { quotationCalls } from './quotation-calls.js';
export { quotationDeskCalls } from './quotation-desk-calls.js';
export * from './rules.js';
export * from './schemas.js';
