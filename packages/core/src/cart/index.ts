export { cartCalls } from './cart-calls.js';
export * from './limits.js';
export * from './rules.js';
export * from './schemas.js';
