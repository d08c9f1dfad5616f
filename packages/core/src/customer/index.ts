export { customerCalls } from './customer-calls.js';
export * from './schemas.js';
