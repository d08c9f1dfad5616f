export * from './limits.js';
export * from './schemas.js';
export * from './system-calls.js';
