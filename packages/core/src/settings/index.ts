export * from './limits.js';
export * from './schemas.js';
