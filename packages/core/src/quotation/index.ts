export * from './limits.js';
export * from './rules.js';
export * from './schemas.js';
export * from './desk.js';
